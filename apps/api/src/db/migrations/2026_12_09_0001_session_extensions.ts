/**
 * Five more minutes (`docs/product.md`, The timer): `focus_sessions.extensions` holds how many
 * times "+5 min" made a focus session longer (1 to 3), null when none.
 * Frozen in time: never edit a migration that has shipped; add a new one.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's Database type (Kysely docs) */
import type { Kysely } from "kysely";

/** Adds the nullable `extensions` column (SQLite and PostgreSQL alike). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("focus_sessions").addColumn("extensions", "integer").execute();
}

/** Drops it. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("focus_sessions").dropColumn("extensions").execute();
}
