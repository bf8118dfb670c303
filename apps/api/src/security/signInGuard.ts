/**
 * Failed sign-ins (`docs/product.md`, Accounts; `docs/api.md`, Limits): the counters live in
 * the database (`repositories/rateCounters.ts`), so every API instance sees the same ones, and
 * they are kept per account (its username and email are one account), never per typed text.
 *
 * - From a browser the account has not signed in from: after SIGN_IN_LIMITS.accountFailures
 *   failures in SIGN_IN_LIMITS.accountWindowMs the account is locked for such browsers, but never
 *   shut: a browser's first try answers 429 with a wait (a turn for its address, kept in the
 *   database), and once the wait is over that address may try once. The wait doubles with each
 *   failure past the limit, from SIGN_IN_LIMITS.lockedFirstWaitMs to lockedMaxWaitMs, and is never
 *   longer than the window's end, when the lock lifts. So a stranger who keeps guessing slows the
 *   owner's sign-in from a new browser but never stops it, and gets one guess per address per
 *   wait. A name no account has is counted the same way, so the answers never tell whether an
 *   account exists.
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
import { clearCounter, type CounterState, hitCounter, readCounter, takeCounter, tryTakeLease } from "../repositories/rateCounters";
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
  /** While the account is locked: a browser's wait for its one try, at the limit, doubling with each failure past it, up to the longest. */
  lockedFirstWaitMs: 60 * 1000,
  lockedMaxWaitMs: 15 * 60 * 1000,
  /** How long a turn stays open once its wait is over. */
  lockedTurnOpenMs: 10 * 60 * 1000,
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
  /** The address it comes from: while the account is locked, each address waits for its own turn. */
  address: string;
}

export interface SignInGuardOptions {
  signer: MemoizedSigner;
  /** Secure cookies (the public origin is https). */
  secure: boolean;
}

const accountKey = (userId: number) => `sign-in:${userId}`;

/** How long a browser waits for its turn while the account is locked with `failures` failures, ms. */
export function lockedWaitMs(failures: number): number {
  const over = Math.max(0, failures - SIGN_IN_LIMITS.accountFailures);
  return Math.min(SIGN_IN_LIMITS.lockedMaxWaitMs, SIGN_IN_LIMITS.lockedFirstWaitMs * 2 ** Math.min(over, 30));
}

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
    const address = request.ip;
    if (userId === null) return { key: `sign-in-name:${typed.trim().toLowerCase()}`, knownDevice: false, address };
    const device = this.knownDeviceOf(request);
    if (device && device.userId === userId) return { key: `sign-in-device:${userId}:${device.nonce}`, knownDevice: true, address };
    return { key: accountKey(userId), knownDevice: false, address };
  }

  /**
   * Refuses the attempt while its counter says so; while the account is locked, lets an address
   * through once its turn has come (and uses the turn up).
   * @throws HttpError 429 (with Retry-After): the account is locked and this address's turn has
   *   not come (its first try starts the wait), or a known browser must still wait.
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
    if (counter.count >= SIGN_IN_LIMITS.accountFailures) await this.takeTurn(attempt, counter, reply, now);
  }

  /**
   * While the account is locked: lets `attempt`'s address try once its turn has come, else says
   * how long it waits (a first try starts its wait).
   * @throws HttpError 429 (with Retry-After) until the turn has come.
   */
  private async takeTurn(attempt: SignInAttempt, counter: CounterState, reply: FastifyReply, now: number): Promise<void> {
    const turnKey = `sign-in-turn:${attempt.key}:${attempt.address}`;
    const turn = await readCounter(this.db, turnKey, now);
    const waitEnds = turn.count > 0 ? turn.windowEndsAt - SIGN_IN_LIMITS.lockedTurnOpenMs : null;
    if (waitEnds !== null && waitEnds <= now && (await takeCounter(this.db, turnKey, now))) return;
    let waitMs = waitEnds === null ? Math.min(lockedWaitMs(counter.count), counter.windowEndsAt - now) : waitEnds - now;
    if (waitEnds === null) await tryTakeLease(this.db, turnKey, waitMs + SIGN_IN_LIMITS.lockedTurnOpenMs, now);
    waitMs = Math.max(waitMs, 1000);
    const seconds = retryIn(reply, waitMs);
    throw new HttpError(429, `Too many failed sign-ins for this account, please try again in ${minutes(seconds)}`);
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
    await this.recordSuccess({ key: accountKey(userId), knownDevice: false, address: "" }, reply, userId);
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
