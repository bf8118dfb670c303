/**
 * Failed sign-ins (`docs/product.md`, Accounts; `docs/api.md`, Limits): the counters live in
 * the database (`repositories/rateCounters.ts`), so every API instance sees the same ones, and
 * they are kept per account (its username and email are one account), never per typed text.
 *
 * - From a browser the account has not signed in from: after SIGN_IN_LIMITS.accountFailures
 *   failures in SIGN_IN_LIMITS.accountWindowMs, every sign-in to the account from such browsers
 *   answers 429 until the window ends. A name no account has is counted the same way, so the
 *   answers never tell whether an account exists.
 * - From a browser the account signed in from before (it holds the signed known-device cookie
 *   naming the account): its own counter. After SIGN_IN_LIMITS.knownDeviceFreeFailures
 *   failures each next try waits, 1 s doubling to SIGN_IN_LIMITS.knownDeviceMaxDelayMs. A
 *   stranger's guesses elsewhere never lock the owner out of their own browser.
 * - A successful sign-in clears the counter it was checked against; a password reset clears the
 *   account's and makes the browser known.
 * - A signed-in user's wrong current password (changing the email or the password, deleting
 *   the account) counts as a failed sign-in of the account, and once the account is locked
 *   those checks answer 429 too: a stolen session cannot guess the password.
 */
import { randomBytes } from "node:crypto";
import { DAY_MS } from "@focus/core/constants";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { HttpError } from "../httpError";
import { clearCounter, hitCounter, readCounter } from "../repositories/rateCounters";
import type { MemoizedSigner } from "./sessionSigner";

/** The sign-in limits (`docs/product.md`, Accounts). Times in ms. */
export const SIGN_IN_LIMITS = {
  /** Failed sign-ins per account from browsers it does not know, per window, before it locks. */
  accountFailures: 10,
  accountWindowMs: 15 * 60 * 1000,
  /** Failures a known browser may make (per window) before each next try waits. */
  knownDeviceFreeFailures: 5,
  knownDeviceWindowMs: 60 * 60 * 1000,
  /** The longest wait between two tries from a known browser. */
  knownDeviceMaxDelayMs: 5 * 60 * 1000,
} as const;

/** The cookie that tells a browser the account signed in from before (sent to the login route only). */
export const KNOWN_DEVICE_COOKIE = "focus.device";
const KNOWN_DEVICE_COOKIE_PATH = "/api/login";
const KNOWN_DEVICE_MAX_AGE_MS = 365 * DAY_MS;

/** The counter one sign-in attempt is checked against. */
export interface SignInAttempt {
  key: string;
  /** From a browser the account signed in from before (progressive delay, never locked). */
  knownDevice: boolean;
}

export interface SignInGuardOptions {
  signer: MemoizedSigner;
  /** Secure cookies (the public origin is https). */
  secure: boolean;
}

const accountKey = (userId: number) => `sign-in:${userId}`;

/** How long a known browser waits after `failures` failures, ms (0 while under the free ones). */
export function knownDeviceDelayMs(failures: number): number {
  const over = failures - SIGN_IN_LIMITS.knownDeviceFreeFailures;
  if (over < 0) return 0;
  return Math.min(SIGN_IN_LIMITS.knownDeviceMaxDelayMs, 1000 * 2 ** Math.min(over, 30));
}

function retryIn(reply: FastifyReply, ms: number): number {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  reply.header("retry-after", String(seconds));
  return seconds;
}

const minutes = (seconds: number) => {
  const count = Math.max(1, Math.ceil(seconds / 60));
  return `${count} minute${count === 1 ? "" : "s"}`;
};

/** The failed sign-in counters of one database, and the known-device cookie (see the module comment). */
export class SignInGuard {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: SignInGuardOptions,
  ) {}

  /**
   * The counter a sign-in to `userId` (null: no account has the typed name) from this request
   * is checked against.
   */
  attemptOf(request: FastifyRequest, userId: number | null, typed: string): SignInAttempt {
    if (userId === null) return { key: `sign-in-name:${typed.trim().toLowerCase()}`, knownDevice: false };
    const device = this.knownDeviceOf(request);
    if (device && device.userId === userId) return { key: `sign-in-device:${userId}:${device.nonce}`, knownDevice: true };
    return { key: accountKey(userId), knownDevice: false };
  }

  /**
   * Refuses the attempt while its counter says so.
   * @throws HttpError 429 (with Retry-After): the account is locked for browsers it does not
   *   know, or a known browser must still wait.
   */
  async assertMayTry(attempt: SignInAttempt, reply: FastifyReply, now = Date.now()): Promise<void> {
    const counter = await readCounter(this.db, attempt.key, now);
    if (attempt.knownDevice) {
      const waitUntil = counter.lastHitAt + knownDeviceDelayMs(counter.count);
      if (counter.count > 0 && waitUntil > now) {
        const seconds = retryIn(reply, waitUntil - now);
        throw new HttpError(429, `Too many failed sign-ins, please wait ${seconds} second${seconds === 1 ? "" : "s"} before trying again`);
      }
      return;
    }
    if (counter.count >= SIGN_IN_LIMITS.accountFailures) {
      const seconds = retryIn(reply, counter.windowEndsAt - now);
      throw new HttpError(429, `Too many failed sign-ins for this account, please try again in ${minutes(seconds)}`);
    }
  }

  /** Counts a failed sign-in. */
  async recordFailure(attempt: SignInAttempt): Promise<void> {
    const windowMs = attempt.knownDevice ? SIGN_IN_LIMITS.knownDeviceWindowMs : SIGN_IN_LIMITS.accountWindowMs;
    await hitCounter(this.db, attempt.key, windowMs);
  }

  /** After a successful sign-in (or registration): clears the counter and marks this browser as known to `userId`. */
  async recordSuccess(attempt: SignInAttempt | null, reply: FastifyReply, userId: number): Promise<void> {
    if (attempt) await clearCounter(this.db, attempt.key);
    reply.setCookie(KNOWN_DEVICE_COOKIE, this.options.signer.sign(`${userId}.${randomBytes(12).toString("base64url")}`), {
      httpOnly: true,
      sameSite: "strict",
      secure: this.options.secure,
      path: KNOWN_DEVICE_COOKIE_PATH,
      expires: new Date(Date.now() + KNOWN_DEVICE_MAX_AGE_MS),
    });
  }

  /**
   * After a password reset: the owner proved the account theirs, so its lock for unknown
   * browsers is lifted, and this browser is known from now on.
   */
  async recordRecovery(reply: FastifyReply, userId: number): Promise<void> {
    await this.recordSuccess({ key: accountKey(userId), knownDevice: false }, reply, userId);
  }

  /**
   * Before a signed-in user's current password is checked (email or password change, account
   * deletion).
   * @throws HttpError 429 (with Retry-After) while the account is locked.
   */
  async assertPasswordCheckOpen(userId: number, reply: FastifyReply, now = Date.now()): Promise<void> {
    const counter = await readCounter(this.db, accountKey(userId), now);
    if (counter.count >= SIGN_IN_LIMITS.accountFailures) {
      const seconds = retryIn(reply, counter.windowEndsAt - now);
      throw new HttpError(429, `Too many wrong passwords for this account, please try again in ${minutes(seconds)}`);
    }
  }

  /** Counts a signed-in user's wrong current password as a failed sign-in of the account. */
  async recordWrongPassword(userId: number): Promise<void> {
    await hitCounter(this.db, accountKey(userId), SIGN_IN_LIMITS.accountWindowMs);
  }

  /** The account and nonce of the request's known-device cookie when its signature holds. */
  private knownDeviceOf(request: FastifyRequest): { userId: number; nonce: string } | null {
    const signed = request.cookies[KNOWN_DEVICE_COOKIE];
    if (!signed) return null;
    const { valid, value } = this.options.signer.unsign(signed);
    const match = valid && value ? /^(\d{1,10})\.([\w-]{16})$/.exec(value) : null;
    return match ? { userId: Number(match[1]), nonce: match[2] as string } : null;
  }
}
