/**
 * Focus rooms' presence in the database (`docs/rooms.md`, How it travels): `room_presence` holds
 * who is in which room, one row per room, user and API instance (the user's connections on that
 * instance), refreshed by the instance every ROOM_PRESENCE_HEARTBEAT_MS (`seen_at`); a row not
 * refreshed within ROOM_PRESENCE_TIMEOUT_MS belongs to an instance that stopped and no longer
 * counts. `rooms.occupied_at` is when someone was last known to be in the room (a room closes
 * when it is 10 minutes old and nobody is), `rooms.hidden_at` when an admin took it off the
 * public list.
 * Frozen in time: never edit a migration that has shipped; add a new one.
 * Written with the schema builder and portable SQL only, so PostgreSQL can run it too.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's Database type (Kysely docs) */
import { type Kysely, sql } from "kysely";

/** Creates `room_presence`, adds `rooms.occupied_at` and `rooms.hidden_at`. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("room_presence")
    .addColumn("room_id", "integer", (col) => col.notNull().references("rooms.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("instance_id", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("limit_reached", "integer", (col) => col.notNull().check(sql`limit_reached in (0, 1)`))
    .addColumn("joined_at", "text", (col) => col.notNull())
    .addColumn("status_at", "text", (col) => col.notNull())
    .addColumn("seen_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("room_presence_pk", ["room_id", "user_id", "instance_id"])
    .execute();
  await db.schema.createIndex("room_presence_instance").on("room_presence").column("instance_id").execute();
  await db.schema.createIndex("room_presence_user").on("room_presence").column("user_id").execute();
  await db.schema.alterTable("rooms").addColumn("occupied_at", "text").execute();
  await db.schema.alterTable("rooms").addColumn("hidden_at", "text").execute();
}

/** Drops them. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("rooms").dropColumn("hidden_at").execute();
  await db.schema.alterTable("rooms").dropColumn("occupied_at").execute();
  await db.schema.dropTable("room_presence").execute();
}
