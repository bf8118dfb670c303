/** Account timers repository (`docs/product.md`, One timer per account): one row per user. */
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

/** Stores the user's timer (insert or replace), with when it next settles by itself. */
export async function saveAccountTimer(db: Kysely<Database>, userId: number, timer: AccountTimer, timeZone: string | null): Promise<void> {
  const values = { timer: JSON.stringify(timer), settle_at: nextSettleAt(timer), time_zone: timeZone };
  await db
    .insertInto("account_timers")
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
}
