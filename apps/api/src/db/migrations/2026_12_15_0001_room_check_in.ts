/**
 * A room member's check-in on the room's last focus round (`docs/rooms.md`, Check-in): how it
 * went (`check_in`: done, partly, stuck) and which round it was for (`check_in_round`), kept on
 * the member's presence row so every instance shows it.
 * Frozen in time: never edit a migration that has shipped; add a new one.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's Database type (Kysely docs) */
import type { Kysely } from "kysely";

/** Adds the two nullable columns to `room_presence` (SQLite and PostgreSQL alike). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("room_presence").addColumn("check_in", "text").execute();
  await db.schema.alterTable("room_presence").addColumn("check_in_round", "integer").execute();
}

/** Drops them. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("room_presence").dropColumn("check_in_round").execute();
  await db.schema.alterTable("room_presence").dropColumn("check_in").execute();
}
