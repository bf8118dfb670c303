/**
 * End early on the server (`docs/product.md`, Strict focus): `users.escape_asked_at` is when the
 * user last asked to end a strict focus session early (ISO 8601 UTC), the start of its wait;
 * null until they do.
 * Frozen in time: never edit a migration that has shipped; add a new one.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's Database type (Kysely docs) */
import type { Kysely } from "kysely";

/** Adds the nullable column (SQLite and PostgreSQL alike). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("escape_asked_at", "text").execute();
}

/** Drops it. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("escape_asked_at").execute();
}
