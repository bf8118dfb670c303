/**
 * The room each account is in (`docs/rooms.md`, Staying in a room): membership belongs to the
 * account, so every device of it is in the same room until the user leaves it. One row per
 * account at most; the row of a room that ended no longer counts (read with the room).
 * Frozen in time: never edit a migration that has shipped; add a new one.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's Database type (Kysely docs) */
import type { Kysely } from "kysely";

/** Creates `room_members` (SQLite and PostgreSQL alike). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("room_members")
    .addColumn("user_id", "integer", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("room_id", "integer", (col) => col.notNull().references("rooms.id").onDelete("cascade"))
    .addColumn("joined_at", "text", (col) => col.notNull())
    .execute();
}

/** Drops it. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("room_members").execute();
}
