/** Account timers repository (`docs/product.md`, One timer per account): one row per user. */
import { DAY_MS } from "@focus/core/constants";
import { accountTimerSchema, nextSettleAt, type AccountTimer } from "@focus/core/timer";
import type { Kysely } from "kysely";
import { isPostgres } from "../db/connection";
import type { Database } from "../db/database";

/** A stored timer and the time zone its devices last sent. */
export interface StoredAccountTimer {
  timer: AccountTimer;
  timeZone: string | null;
}

/**
 * The user's stored timer, or undefined when there is none yet or the stored JSON no longer
 * parses (the caller starts a new one). Inside a transaction on PostgreSQL the row is locked
 * until it ends (`lock`), so two instances never run commands on one timer at once.
 */
export async function findAccountTimer(db: Kysely<Database>, userId: number, lock = false): Promise<StoredAccountTimer | undefined> {
  let query = db.selectFrom("account_timers").select(["timer", "time_zone"]).where("user_id", "=", userId);
  if (lock && isPostgres(db)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  try {
    const parsed = accountTimerSchema.safeParse(JSON.parse(row.timer));
    return parsed.success ? { timer: parsed.data, timeZone: row.time_zone } : undefined;
  } catch {
    return undefined;
  }
}

/** How long a version of a timer is kept for a device's stale batch, ms: two days offline. */
export const TIMER_VERSION_KEEP_MS = 2 * DAY_MS;

/**
 * Stores the user's timer (insert or replace), with when it next settles by itself, and keeps
 * this version for a stale batch (`findTimerVersion`), pruning the user's versions older than
 * `TIMER_VERSION_KEEP_MS` before `now` (epoch ms) now and then.
 */
export async function saveAccountTimer(db: Kysely<Database>, userId: number, timer: AccountTimer, timeZone: string | null, now = Date.now()): Promise<void> {
  const json = JSON.stringify(timer);
  const values = { timer: json, settle_at: nextSettleAt(timer), time_zone: timeZone };
  await db
    .insertInto("account_timers")
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
  await db
    .insertInto("account_timer_versions")
    .values({ user_id: userId, version: timer.version, timer: json, saved_at: now })
    .onConflict((oc) => oc.columns(["user_id", "version"]).doUpdateSet({ timer: json, saved_at: now }))
    .execute();
  // Pruned every 16th version: a statement less on most changes, and never more than a few extra rows.
  if (timer.version % 16 === 0) await db.deleteFrom("account_timer_versions").where("user_id", "=", userId).where("saved_at", "<", now - TIMER_VERSION_KEEP_MS).execute();
}

/** Version `version` of the user's timer as it was saved, or undefined when it is not kept (pruned, or unreadable). */
export async function findTimerVersion(db: Kysely<Database>, userId: number, version: number): Promise<AccountTimer | undefined> {
  const row = await db.selectFrom("account_timer_versions").select("timer").where("user_id", "=", userId).where("version", "=", version).executeTakeFirst();
  if (!row) return undefined;
  try {
    const parsed = accountTimerSchema.safeParse(JSON.parse(row.timer));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
