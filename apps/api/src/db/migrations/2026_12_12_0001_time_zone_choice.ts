/**
 * The time zone a user chose in Settings (`docs/product.md`, People and plans):
 * `users.time_zone_chosen_at` is when they last chose `users.time_zone` themselves (ISO 8601
 * UTC); null while the zone is the one a device named. A chosen zone is never moved by a device.
 * Frozen in time: never edit a migration that has shipped; add a new one.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's Database type (Kysely docs) */
import type { Kysely } from "kysely";

/** Adds the nullable column (SQLite and PostgreSQL alike). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("time_zone_chosen_at", "text").execute();
}

/** Drops it. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("time_zone_chosen_at").execute();
}
