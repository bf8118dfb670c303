/** The room each account is in (table `room_members`, `docs/rooms.md`, Staying in a room). */
import type { Kysely } from "kysely";
import type { Database } from "../db/database";

/** The open room the account is in: its id, slug and name; undefined when none (or it ended). */
export async function findRoomOfMember(db: Kysely<Database>, userId: number): Promise<{ id: number; slug: string; name: string } | undefined> {
  return db
    .selectFrom("room_members")
    .innerJoin("rooms", "rooms.id", "room_members.room_id")
    .select(["rooms.id", "rooms.slug", "rooms.name"])
    .where("room_members.user_id", "=", userId)
    .where("rooms.ended_at", "is", null)
    .executeTakeFirst();
}

/** Makes `roomId` the account's room (joined at `at`); true when that changed it. */
export async function setRoomOfMember(db: Kysely<Database>, userId: number, roomId: number, at: Date): Promise<boolean> {
  const result = await db
    .insertInto("room_members")
    .values({ user_id: userId, room_id: roomId, joined_at: at.toISOString() })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ room_id: roomId, joined_at: at.toISOString() }).where("room_members.room_id", "<>", roomId))
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Takes the account out of its room; true when it was in one. */
export async function removeRoomOfMember(db: Kysely<Database>, userId: number): Promise<boolean> {
  const result = await db.deleteFrom("room_members").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
