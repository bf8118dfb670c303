/**
 * One timer per account (`docs/product.md`, One timer per account): `account_timers` keeps each
 * signed-in account's timer as the server orders it, one row per user (deleted with the user).
 * `timer` is core's `AccountTimer` as JSON (the chart's state and its version); `settle_at` is
 * when it next changes by itself (a session's end, an automatic start), epoch ms, or null;
 * `time_zone` the IANA zone the account's devices last sent (the Free plan's "today").
 * Frozen in time: never edit a migration that has shipped; add a new one.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's Database type (Kysely docs) */
import type { Kysely } from "kysely";

/** Creates `account_timers`. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("account_timers")
    .addColumn("user_id", "integer", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("timer", "text", (col) => col.notNull())
    .addColumn("settle_at", "bigint")
    .addColumn("time_zone", "text")
    .execute();
}

/** Drops it. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("account_timers").execute();
}
