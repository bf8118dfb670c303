/**
 * Intentions and reflection (`docs/product.md`, Intentions, reflection and a break that calls you
 * back): `focus_sessions.intention` (what the user set out to do first, at most 140 characters),
 * `outcome` ("done", "partly" or "stuck") and `rating` (1 to 5), each null when not given.
 * Frozen in time: never edit a migration that has shipped; add a new one.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's Database type (Kysely docs) */
import type { Kysely } from "kysely";

/** Adds the three nullable columns (SQLite and PostgreSQL alike; one column per statement, as SQLite requires). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("focus_sessions").addColumn("intention", "text").execute();
  await db.schema.alterTable("focus_sessions").addColumn("outcome", "text").execute();
  await db.schema.alterTable("focus_sessions").addColumn("rating", "integer").execute();
}

/** Drops them. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("focus_sessions").dropColumn("rating").execute();
  await db.schema.alterTable("focus_sessions").dropColumn("outcome").execute();
  await db.schema.alterTable("focus_sessions").dropColumn("intention").execute();
}
