/**
 * A timer used offline (`docs/offline.md`): `account_timer_versions` keeps the recent versions of
 * each account's timer (core's `AccountTimer` as JSON, with when it was saved, epoch ms), so a
 * device's batch of commands that arrives stale after a time offline can be run on the version
 * that device last saw, and the sessions it ended there recorded. Deleted with the user; versions
 * older than two days are pruned as new ones are saved.
 * Frozen in time: never edit a migration that has shipped; add a new one.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's Database type (Kysely docs) */
import type { Kysely } from "kysely";

/** Creates `account_timer_versions`. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("account_timer_versions")
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("version", "integer", (col) => col.notNull())
    .addColumn("timer", "text", (col) => col.notNull())
    .addColumn("saved_at", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("account_timer_versions_pk", ["user_id", "version"])
    .execute();
}

/** Drops it. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("account_timer_versions").execute();
}
