/** Focus rooms repository (table `rooms`, `docs/rooms.md`). */
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import type { NewRoomRow, RoomRow } from "../db/tables/rooms";

/** A room with its owner's username. */
export type RoomWithOwner = RoomRow & { owner_name: string };

function withOwner(db: Kysely<Database>) {
  return db.selectFrom("rooms").innerJoin("users", "users.id", "rooms.owner_id").selectAll("rooms").select("users.username as owner_name");
}

/** Stores a new room; returns it with its owner's name. */
export async function insertRoom(db: Kysely<Database>, room: NewRoomRow): Promise<RoomWithOwner> {
  const { id } = await db.insertInto("rooms").values(room).returning("id").executeTakeFirstOrThrow();
  return withOwner(db).where("rooms.id", "=", id).executeTakeFirstOrThrow();
}

/** The room with this slug (open or ended), if any. */
export async function findRoomBySlug(db: Kysely<Database>, slug: string): Promise<RoomWithOwner | undefined> {
  return withOwner(db).where("rooms.slug", "=", slug).executeTakeFirst();
}

/** The room with this id (open or ended), if any. */
export async function findRoomById(db: Kysely<Database>, id: number): Promise<RoomWithOwner | undefined> {
  return withOwner(db).where("rooms.id", "=", id).executeTakeFirst();
}

/** Open public rooms, newest first, at most `limit`. */
export async function listOpenPublicRooms(db: Kysely<Database>, limit: number): Promise<RoomWithOwner[]> {
  return withOwner(db)
    .where("rooms.ended_at", "is", null)
    .where("rooms.visibility", "=", "public")
    .orderBy("rooms.started_at", "desc")
    .orderBy("rooms.id", "desc")
    .limit(limit)
    .execute();
}

/** Open rooms that began before `before` (candidates for closing when empty). */
export async function listOpenRoomsStartedBefore(db: Kysely<Database>, before: Date): Promise<RoomWithOwner[]> {
  return withOwner(db).where("rooms.ended_at", "is", null).where("rooms.started_at", "<", before.toISOString()).execute();
}

/** How many open rooms the user owns. */
export async function countOpenRoomsOfOwner(db: Kysely<Database>, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom("rooms")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("count"))
    .where("owner_id", "=", ownerId)
    .where("ended_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Ends the room at `at` unless it has ended already; true when this call ended it. */
export async function endRoom(db: Kysely<Database>, id: number, at: Date): Promise<boolean> {
  const result = await db.updateTable("rooms").set({ ended_at: at.toISOString() }).where("id", "=", id).where("ended_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
