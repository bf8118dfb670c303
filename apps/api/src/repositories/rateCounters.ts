/**
 * Rate counters repository (table `rate_counters`): a count per key within a fixed window, kept
 * in the database so every API instance reads and bumps the same one (`docs/api.md`, Limits).
 * Times are epoch ms. A row whose window has ended counts as absent; `purgeExpiredCounters`
 * deletes such rows.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/database";

/** A counter as one hit or read left it. */
export interface CounterState {
  /** Hits within the current window (0 when there is none). */
  count: number;
  /** When the window ends, epoch ms (`now` when there is none). */
  windowEndsAt: number;
  /** The last hit, epoch ms (0 when there is none). */
  lastHitAt: number;
}

/**
 * Counts one hit on `key`: the window's count plus one, or 1 in a new window of `windowMs` when
 * there is none or it has ended. One statement (insert … on conflict do update), so concurrent
 * hits from any instance are all counted.
 */
export async function hitCounter(db: Kysely<Database>, key: string, windowMs: number, now = Date.now()): Promise<CounterState> {
  const ended = sql<boolean>`rate_counters.window_ends_at <= ${now}`;
  const row = await db
    .insertInto("rate_counters")
    .values({ key, count: 1, window_ends_at: now + windowMs, updated_at: now })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql<number>`case when ${ended} then 1 else rate_counters.count + 1 end`,
        window_ends_at: sql<number>`case when ${ended} then ${now + windowMs} else rate_counters.window_ends_at end`,
        updated_at: now,
      }),
    )
    .returning(["count", "window_ends_at", "updated_at"])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowEndsAt: Number(row.window_ends_at), lastHitAt: Number(row.updated_at) };
}

/** The counter under `key` as it stands at `now` (count 0 when it has none or its window ended). */
export async function readCounter(db: Kysely<Database>, key: string, now = Date.now()): Promise<CounterState> {
  const row = await db
    .selectFrom("rate_counters")
    .select(["count", "window_ends_at", "updated_at"])
    .where("key", "=", key)
    .where("window_ends_at", ">", now)
    .executeTakeFirst();
  return row
    ? { count: Number(row.count), windowEndsAt: Number(row.window_ends_at), lastHitAt: Number(row.updated_at) }
    : { count: 0, windowEndsAt: now, lastHitAt: 0 };
}

/**
 * Takes the lease `key` for `ttlMs` unless someone holds it (a row whose window has not ended):
 * one statement, so of two instances asking at once exactly one gets it. A holder that dies
 * leaves it to expire. Release it with `clearCounter`.
 * @returns whether the lease was taken.
 */
export async function tryTakeLease(db: Kysely<Database>, key: string, ttlMs: number, now = Date.now()): Promise<boolean> {
  const row = await db
    .insertInto("rate_counters")
    .values({ key, count: 1, window_ends_at: now + ttlMs, updated_at: now })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet({ count: 1, window_ends_at: now + ttlMs, updated_at: now })
        .where("rate_counters.window_ends_at", "<=", now),
    )
    .returning("key")
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes the row under `key` away if its window has not ended at `now`: one statement, so of two
 * requests asking at once exactly one gets it.
 * @returns whether it was there to take.
 */
export async function takeCounter(db: Kysely<Database>, key: string, now = Date.now()): Promise<boolean> {
  const row = await db.deleteFrom("rate_counters").where("key", "=", key).where("window_ends_at", ">", now).returning("key").executeTakeFirst();
  return row !== undefined;
}

/** Forgets the counter under `key`. */
export async function clearCounter(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom("rate_counters").where("key", "=", key).execute();
}

/** Deletes every counter whose window ended by `now`; returns how many. */
export async function purgeExpiredCounters(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom("rate_counters").where("window_ends_at", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
