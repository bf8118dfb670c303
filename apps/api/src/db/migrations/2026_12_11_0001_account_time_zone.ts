/**
 * The account's time zone (`docs/product.md`, People and plans): `users.time_zone` is the IANA
 * zone the Free plan's day is counted in, `users.time_zone_set_at` when it was last taken from a
 * device (ISO 8601 UTC); both null until a device names one.
 * Frozen in time: never edit a migration that has shipped; add a new one.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's Database type (Kysely docs) */
import type { Kysely } from "kysely";

/** Adds the two nullable columns (SQLite and PostgreSQL alike). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("time_zone", "text").execute();
  await db.schema.alterTable("users").addColumn("time_zone_set_at", "text").execute();
}

/** Drops them. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("time_zone_set_at").execute();
  await db.schema.alterTable("users").dropColumn("time_zone").execute();
}
