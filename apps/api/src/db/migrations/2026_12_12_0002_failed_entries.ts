/**
 * The entries a paired browser could not block (`docs/product.md`, A shield that says when it is
 * down): `linked_devices.failed_entries` holds them as a JSON array of strings, from its last
 * report; null before the first report that names any.
 * Frozen in time: never edit a migration that has shipped; add a new one.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's Database type (Kysely docs) */
import type { Kysely } from "kysely";

/** Adds the nullable column (SQLite and PostgreSQL alike). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("linked_devices").addColumn("failed_entries", "text").execute();
}

/** Drops it. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("linked_devices").dropColumn("failed_entries").execute();
}
