/**
 * Blocked attempts (`docs/product.md`, Website Shield): what the extension (or the web app)
 * reports of a site the Shield stopped, placed in the focus session it happened in, and the
 * Statistics tab's summary of them.
 */
import type { BlockedAttempt, BlockedAttemptInput, BlockedAttemptSummary } from "@focus/core/schemas";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { insertBlockedAttempt, summarizeBlockedAttempts } from "../repositories/blockedAttempts";
import { currentFocusStart } from "./accountTimer";

/**
 * Records one attempt of the user. Without `sessionStart` it is placed in the focus session the
 * account's timer is in (running or paused), when that started at or before the attempt (`at`).
 * @returns the stored attempt.
 */
export async function recordBlockedAttempt(db: Kysely<Database>, userId: number, input: BlockedAttemptInput): Promise<BlockedAttempt> {
  const occurredAt = new Date(input.at);
  let sessionStart = input.sessionStart ? new Date(input.sessionStart) : null;
  if (!sessionStart) {
    const focusStartedAt = await currentFocusStart(db, userId);
    if (focusStartedAt !== null && focusStartedAt <= occurredAt.getTime()) sessionStart = new Date(focusStartedAt);
  }
  return insertBlockedAttempt(db, userId, { domain: input.domain, occurredAt, sessionStart, kind: input.kind });
}

/** The user's stopped visits per site (most first) and per known focus session (newest first), with the totals of each kind. */
export function blockedAttemptSummaryOf(db: Kysely<Database>, userId: number): Promise<BlockedAttemptSummary> {
  return summarizeBlockedAttempts(db, userId);
}
