/** Focus rooms repository (tables `rooms` and `room_presence`, `docs/rooms.md`). */
import { type Kysely, sql } from "kysely";
import { isPostgres } from "../db/connection";
import type { Database } from "../db/database";
import type { NewRoomRow, RoomRow } from "../db/tables/rooms";

/** A room with its owner's username. */
export type RoomWithOwner = RoomRow & { owner_name: string };

/** A room with its owner's username and how many people are in it now. */
export type RoomWithCount = RoomWithOwner & { member_count: number };

function withOwner(db: Kysely<Database>) {
  return db.selectFrom("rooms").innerJoin("users", "users.id", "rooms.owner_id").selectAll("rooms").select("users.username as owner_name");
}

/** `withOwner`, with `member_count`: the users with a presence row seen at or after `fresh` (ISO). */
function withCount(db: Kysely<Database>, fresh: string) {
  return withOwner(db).select((eb) =>
    eb
      .selectFrom("room_presence")
      .select((sub) => sub.fn.count<number | string | bigint>("room_presence.user_id").distinct().as("n"))
      .whereRef("room_presence.room_id", "=", "rooms.id")
      .where("room_presence.seen_at", ">=", fresh)
      .as("member_count"),
  );
}

/** Rows of `withCount` with the count as a number (PostgreSQL answers a bigint as text). */
function counted<T extends { member_count: number | string | bigint | null }>(rows: T[]): (Omit<T, "member_count"> & { member_count: number })[] {
  return rows.map((row) => ({ ...row, member_count: Number(row.member_count ?? 0) }));
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

/**
 * Open public rooms no admin hid, at most `limit`, those with people in them first (most people
 * first), then those someone was in most recently, then those nobody ever joined, newest first
 * (`docs/rooms.md`, The list). People count when their presence was seen at or after `freshAfter`.
 */
export async function listOpenPublicRooms(db: Kysely<Database>, limit: number, freshAfter: Date): Promise<RoomWithCount[]> {
  const rows = await withCount(db, freshAfter.toISOString())
    .where("rooms.ended_at", "is", null)
    .where("rooms.visibility", "=", "public")
    .where("rooms.hidden_at", "is", null)
    .orderBy("member_count", "desc")
    .orderBy(sql`case when rooms.occupied_at is null then 1 else 0 end`)
    .orderBy("rooms.occupied_at", "desc")
    .orderBy("rooms.started_at", "desc")
    .orderBy("rooms.id", "desc")
    .limit(limit)
    .execute();
  return counted(rows);
}

/** Every open room (public, by link, hidden), with its member count, newest first (the admin's list). */
export async function listOpenRooms(db: Kysely<Database>, freshAfter: Date): Promise<RoomWithCount[]> {
  const rows = await withCount(db, freshAfter.toISOString())
    .where("rooms.ended_at", "is", null)
    .orderBy("rooms.started_at", "desc")
    .orderBy("rooms.id", "desc")
    .execute();
  return counted(rows);
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

/** Takes the room off the public list (`at`) or puts it back (null); false when there is no such room. */
export async function setRoomHidden(db: Kysely<Database>, id: number, at: Date | null): Promise<boolean> {
  const result = await db.updateTable("rooms").set({ hidden_at: at?.toISOString() ?? null }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Ends the open rooms, at `now`, that opened before `emptySince` and that nobody has been in
 * since then as far as the database knows: no presence row seen at or after `freshAfter`, and
 * no one known there (`occupied_at`) after `emptySince`. Each room is ended by one conditional
 * update, so a join committed meanwhile keeps it open. Returns the ids this call ended.
 */
export async function endEmptyRooms(db: Kysely<Database>, now: Date, emptySince: Date, freshAfter: Date): Promise<number[]> {
  const cutoff = emptySince.toISOString();
  const fresh = freshAfter.toISOString();
  const candidates = await db
    .selectFrom("rooms")
    .select("id")
    .where("ended_at", "is", null)
    .where("started_at", "<", cutoff)
    .where((eb) => eb.or([eb("occupied_at", "is", null), eb("occupied_at", "<", cutoff)]))
    .execute();
  const ended: number[] = [];
  for (const { id } of candidates) {
    const result = await db
      .updateTable("rooms")
      .set({ ended_at: now.toISOString() })
      .where("id", "=", id)
      .where("ended_at", "is", null)
      .where((eb) => eb.or([eb("occupied_at", "is", null), eb("occupied_at", "<", cutoff)]))
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("room_presence").select("room_presence.room_id").whereRef("room_presence.room_id", "=", "rooms.id").where("room_presence.seen_at", ">=", fresh))),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) ended.push(id);
  }
  return ended;
}

/**
 * Inside a transaction, locks the room's row until it ends (PostgreSQL; SQLite runs one
 * transaction at a time already) and returns whether it is still open.
 */
export async function lockOpenRoom(trx: Kysely<Database>, id: number): Promise<boolean> {
  let query = trx.selectFrom("rooms").select("ended_at").where("id", "=", id);
  if (isPostgres(trx)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row !== undefined && row.ended_at === null;
}
