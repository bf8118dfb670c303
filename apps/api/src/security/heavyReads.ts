/**
 * A per-account limit on heavy reads (`docs/api.md`, Limits): at most HEAVY_READS_PER_ACCOUNT of
 * an account's large reads (session lists and ranges, the blocked-attempt summary, the shield's
 * measures) run at once. A further one is refused with 429 and Retry-After instead of queueing
 * behind the others, so one account's parallel reads never take the server's time from everyone
 * else. On PostgreSQL the count is kept in the database (leases in `rate_counters`), so it holds
 * across every instance; a lease ends when its request is answered, or after
 * HEAVY_READ_LEASE_MS if its instance died. On SQLite (one instance) it is counted in memory,
 * which costs a read no write.
 */
import type { Kysely } from "kysely";
import { isPostgres } from "../db/connection";
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
const tooManyHeavyReads = () => new HttpError(429, "Your other large requests are still loading. Please try again in a moment.", RETRY_AFTER_S);

/** Gives a taken slot back (safe to call more than once). */
export type ReleaseHeavyRead = () => Promise<void>;

/** Takes one of an account's heavy-read slots. */
export interface HeavyReadLimiter {
  /**
   * @param now epoch ms (the leases' clock on PostgreSQL).
   * @throws HttpError 429 when all HEAVY_READS_PER_ACCOUNT are taken.
   */
  take(userId: number, now?: number): Promise<ReleaseHeavyRead>;
}

/** Runs `release` once, however often the returned function is called. */
function once(release: () => Promise<void> | void): ReleaseHeavyRead {
  let done = false;
  return async () => {
    if (done) return;
    done = true;
    await release();
  };
}

/** The limiter for `db`: leases in the database on PostgreSQL, a count in memory on SQLite. */
export function heavyReadLimiter(db: Kysely<Database>): HeavyReadLimiter {
  if (isPostgres(db)) {
    return {
      async take(userId, now = Date.now()) {
        for (let slot = 0; slot < HEAVY_READS_PER_ACCOUNT; slot++) {
          const key = `heavy-read:${userId}:${slot}`;
          if (await tryTakeLease(db, key, HEAVY_READ_LEASE_MS, now)) return once(() => clearCounter(db, key));
        }
        throw tooManyHeavyReads();
      },
    };
  }
  const underWay = new Map<number, number>();
  return {
    async take(userId) {
      const count = underWay.get(userId) ?? 0;
      if (count >= HEAVY_READS_PER_ACCOUNT) throw tooManyHeavyReads();
      underWay.set(userId, count + 1);
      return once(() => {
        const left = (underWay.get(userId) ?? 1) - 1;
        if (left > 0) underWay.set(userId, left);
        else underWay.delete(userId);
      });
    },
  };
}
