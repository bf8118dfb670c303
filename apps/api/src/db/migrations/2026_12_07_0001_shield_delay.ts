/**
 * Delay instead of a wall (`docs/product.md`, Website Shield): `blocked_sites.delay` (0 or 1)
 * marks an entry whose blocked page counts down and then lets the user in for a while;
 * `blocked_attempts.kind` tells a stopped visit (`blocked`) from a pass through a delay page
 * (`pass`) and a turn-back there (`turned_back`). Existing rows are sites with a wall and
 * stopped visits.
 * Frozen in time: never edit a migration that has shipped; add a new one.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's Database type (Kysely docs) */
import type { Kysely } from "kysely";

/** Adds the two columns, with defaults that keep what every existing row meant. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("blocked_sites").addColumn("delay", "integer", (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("blocked_attempts").addColumn("kind", "text", (col) => col.notNull().defaultTo("blocked")).execute();
}

/** Drops them. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("blocked_attempts").dropColumn("kind").execute();
  await db.schema.alterTable("blocked_sites").dropColumn("delay").execute();
}
