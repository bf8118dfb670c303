/**
 * Secrets the application generates for itself: with PostgreSQL the
 * session-cookie secret, when SESSION_SECRET is not set, is generated once and kept here, so
 * every API instance on the database signs and checks cookies alike (SQLite keeps it in a file
 * next to the database, as before; this table stays empty there).
 * Frozen in time: never edit a migration that has shipped; add a new one.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's Database type (Kysely docs) */
import type { Kysely } from "kysely";

/** Creates `app_secrets (name primary key, value, created_at)`. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("app_secrets")
    .addColumn("name", "text", (col) => col.primaryKey())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
}

/** Drops the table. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("app_secrets").execute();
}
