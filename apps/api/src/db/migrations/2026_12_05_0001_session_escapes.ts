/**
 * Strict focus's escape hatch (`docs/product.md`, Strict focus): `focus_sessions.escaped_at`
 * holds when the user ended a strict focus session early (ISO 8601 UTC), null for every other
 * session, so Statistics count the week's escapes and mark the session ended early.
 * Frozen in time: never edit a migration that has shipped; add a new one.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's Database type (Kysely docs) */
import type { Kysely } from "kysely";

/** Adds the nullable `escaped_at` column (SQLite and PostgreSQL alike). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("focus_sessions").addColumn("escaped_at", "text").execute();
}

/** Drops it. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("focus_sessions").dropColumn("escaped_at").execute();
}
