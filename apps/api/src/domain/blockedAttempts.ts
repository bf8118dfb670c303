/**
 * Blocked attempts (`docs/product.md`, Website Shield): what the extension (or the web app)
 * reports of a site the Shield stopped, placed in the focus session it happened in, and the
 * Statistics tab's summary of them.
 */
import { DAY_MS } from "@focus/core/constants";
import { BLOCKED_ATTEMPTS_PER_DAY, type BlockedAttempt, type BlockedAttemptInput, type BlockedAttemptNotStored, type BlockedAttemptSummary } from "@focus/core/schemas";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { insertBlockedAttempt, summarizeBlockedAttempts } from "../repositories/blockedAttempts";
import { hitCounter, readCounter } from "../repositories/rateCounters";
import { currentFocusStart } from "./accountTimer";

/** The rate counter of an account's reports (24 hours from the first). */
const reportsKey = (userId: number) => `blocked-attempts:${userId}`;

/**
 * Records one attempt of the user. Without `sessionStart` it is placed in the focus session the
 * account's timer is in (running or paused), when that started at or before the attempt (`at`).
 * Past BLOCKED_ATTEMPTS_PER_DAY reports in the account's current 24 hours it is only counted.
 * @returns the stored attempt, or `{ stored: false, notStored }` past the limit.
 */
export async function recordBlockedAttempt(db: Kysely<Database>, userId: number, input: BlockedAttemptInput): Promise<BlockedAttempt | BlockedAttemptNotStored> {
  const { count } = await hitCounter(db, reportsKey(userId), DAY_MS);
  if (count > BLOCKED_ATTEMPTS_PER_DAY) return { stored: false, notStored: count - BLOCKED_ATTEMPTS_PER_DAY };
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
