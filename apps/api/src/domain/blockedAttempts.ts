/**
 * Blocked attempts (`docs/product.md`, Website Shield): what the extension (or the web app)
 * reports of a site the Shield stopped, placed in the focus session it happened in, and the
 * Statistics tab's summary of them.
 */
import { DAY_MS } from "@focus/core/constants";
import {
  BLOCKED_ATTEMPTS_PER_DAY,
  type BlockedAttempt,
  type BlockedAttemptInput,
  type BlockedAttemptNotStored,
  type BlockedAttemptSummary,
  delayPassesLeft,
  passesOnDayOf,
} from "@focus/core/schemas";
import { STRICT_SHIELD_MESSAGES } from "@focus/core/timer";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import type { UserRow } from "../db/tables/users";
import { HttpError } from "../httpError";
import { insertBlockedAttempt, passTimesSince, summarizeBlockedAttempts } from "../repositories/blockedAttempts";
import { hitCounter, readCounter } from "../repositories/rateCounters";
import { getSettings } from "../repositories/settings";
import { assertNoStrictSession, currentFocusStart } from "./accountTimer";

/** The rate counter of an account's reports (24 hours from the first). */
const reportsKey = (userId: number) => `blocked-attempts:${userId}`;

/** What a pass is refused with once the account's passes of the day are used up (409). */
export const NO_PASSES_LEFT_MESSAGE = "No delay passes left today: every one was used, in this browser or another. They come back tomorrow.";

/**
 * Refuses a delay page's pass that the account may not take at `now` (epoch ms), whichever
 * browser asks: during a strict focus session, or once the day's `delayPassesPerDay` passes are
 * taken (the account's local day in its time zone, counted by when the server stored them).
 * @throws HttpError 409 with STRICT_SHIELD_MESSAGES.pass or NO_PASSES_LEFT_MESSAGE.
 */
async function assertPassLeft(db: Kysely<Database>, user: UserRow, now: number): Promise<void> {
  await assertNoStrictSession(db, user.id, now, STRICT_SHIELD_MESSAGES.pass);
  const [{ delayPassesPerDay }, times] = await Promise.all([getSettings(db, user.id), passTimesSince(db, user.id, new Date(now - 2 * DAY_MS))]);
  if (delayPassesLeft(passesOnDayOf(times, now, user.time_zone ?? "UTC"), delayPassesPerDay) <= 0) throw new HttpError(409, NO_PASSES_LEFT_MESSAGE);
}

/**
 * Records one attempt of `user`. Without `sessionStart` it is placed in the focus session the
 * account's timer is in (running or paused), when that started at or before the attempt (`at`).
 * A pass is taken only while the account has one left (`assertPassLeft`). Past
 * BLOCKED_ATTEMPTS_PER_DAY reports in the account's current 24 hours a report is only counted.
 * @returns the stored attempt, or `{ stored: false, notStored }` past the limit.
 * @throws HttpError 409 for a pass the account may not take now.
 */
export async function recordBlockedAttempt(db: Kysely<Database>, user: UserRow, input: BlockedAttemptInput, now = Date.now()): Promise<BlockedAttempt | BlockedAttemptNotStored> {
  const userId = user.id;
  const { count } = await hitCounter(db, reportsKey(userId), DAY_MS, now);
  if (count > BLOCKED_ATTEMPTS_PER_DAY) return { stored: false, notStored: count - BLOCKED_ATTEMPTS_PER_DAY };
  if (input.kind === "pass") await assertPassLeft(db, user, now);
  const occurredAt = new Date(input.at);
  let sessionStart = input.sessionStart ? new Date(input.sessionStart) : null;
  if (!sessionStart) {
    const focusStartedAt = await currentFocusStart(db, userId);
    if (focusStartedAt !== null && focusStartedAt <= occurredAt.getTime()) sessionStart = new Date(focusStartedAt);
  }
  return insertBlockedAttempt(db, userId, { domain: input.domain, occurredAt, sessionStart, kind: input.kind });
}

/**
 * The user's stopped visits per site (most first) and per known focus session (newest first),
 * with the totals of each kind and the reports of the current 24 hours that were only counted.
 */
export async function blockedAttemptSummaryOf(db: Kysely<Database>, userId: number): Promise<BlockedAttemptSummary> {
  const [summary, reports] = await Promise.all([summarizeBlockedAttempts(db, userId), readCounter(db, reportsKey(userId))]);
  return { ...summary, notStored: Math.max(0, reports.count - BLOCKED_ATTEMPTS_PER_DAY) };
}
