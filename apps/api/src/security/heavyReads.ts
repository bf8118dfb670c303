/**
 * A per-account limit on heavy reads (`docs/api.md`, Limits): at most HEAVY_READS_PER_ACCOUNT of
 * an account's large reads (session lists and ranges, the export, the blocked-attempt summary)
 * run at once, counted in the database (leases in `rate_counters`), so the limit holds across
 * every instance. A further one is refused with 429 and Retry-After instead of queueing behind
 * the others, so one account's parallel reads never take the server's time from everyone else.
 * A lease ends when its request is answered, or after HEAVY_READ_LEASE_MS if its instance died.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { HttpError } from "../httpError";
import { clearCounter, tryTakeLease } from "../repositories/rateCounters";

/** Heavy reads one account may have under way at once. */
export const HEAVY_READS_PER_ACCOUNT = 4;
/** How long a lease lasts when its request never releases it (its instance died), ms. */
export const HEAVY_READ_LEASE_MS = 60_000;
/** Retry-After of the refusal, s: a heavy read takes well under a second. */
const RETRY_AFTER_S = 1;

/** The refusal of a read past the limit. */
export const tooManyHeavyReads = () =>
  new HttpError(429, "Your other large requests are still loading. Please try again in a moment.", RETRY_AFTER_S);

/**
 * Takes one of the account's heavy-read leases.
 * @returns a function that gives the lease back (safe to call more than once).
 * @throws HttpError 429 (tooManyHeavyReads) when all HEAVY_READS_PER_ACCOUNT are taken.
 */
export async function takeHeavyReadSlot(db: Kysely<Database>, userId: number, now = Date.now()): Promise<() => Promise<void>> {
  for (let slot = 0; slot < HEAVY_READS_PER_ACCOUNT; slot++) {
    const key = `heavy-read:${userId}:${slot}`;
    if (await tryTakeLease(db, key, HEAVY_READ_LEASE_MS, now)) {
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await clearCounter(db, key);
      };
    }
  }
  throw tooManyHeavyReads();
}
