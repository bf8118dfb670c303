/**
 * Idempotent session recording (`docs/offline.md`): `focus_sessions.client_id`, the UUID a client
 * makes when a session completes, unique per user, so a retried post records the session once.
 * Nullable: sessions recorded before this migration, or by clients that send no key, have none
 * (SQLite and PostgreSQL both let a unique index hold many NULLs).
 * Frozen in time: never edit a migration that has shipped; add a new one.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's Database type (Kysely docs) */
import type { Kysely } from "kysely";

/** Adds the column and its unique (user_id, client_id) index. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("focus_sessions").addColumn("client_id", "text").execute();
  await db.schema
    .createIndex("focus_sessions_user_client_unique")
    .on("focus_sessions")
    .columns(["user_id", "client_id"])
    .unique()
    .execute();
}

/** Drops the index and the column. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("focus_sessions_user_client_unique").execute();
  await db.schema.alterTable("focus_sessions").dropColumn("client_id").execute();
}
