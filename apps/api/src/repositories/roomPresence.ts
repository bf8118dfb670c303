/**
 * Focus rooms' presence repository (table `room_presence`, `docs/rooms.md`, How it travels):
 * one row per room, user and API instance. A row counts while its `seen_at` is at or after
 * `freshAfter` (now minus ROOM_PRESENCE_TIMEOUT_MS): an instance refreshes its rows with its
 * heartbeat, so the rows of an instance that stopped stop counting by themselves.
 *
 * Lock order: a transaction that writes both tables locks the rooms' rows first (in id order),
 * then presence rows, as `admitMember` does; the other order deadlocked against a join on
 * PostgreSQL (a heartbeat holding a member's row and waiting for the room a join held).
 */
import type { RoomSchedule } from "@focus/core/rooms";
import { SESSION_OUTCOMES, type SessionOutcome } from "@focus/core/schemas";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { writeTransaction } from "../db/groupCommit";
import type { NewRoomPresenceRow } from "../db/tables/roomPresence";
import { isPostgres } from "../db/connection";
import { lockOpenRoom } from "./rooms";

/** One user in one room, as every instance reads it: their rows merged. Times epoch ms. */
export interface PresentMember {
  userId: number;
  name: string;
  status: string;
  limitReached: boolean;
  /** Their earliest join on any instance: the list's order. */
  joinedAt: number;
  /** Their check-in on a focus round (the latest round on any instance), or null. */
  checkIn: RoomCheckIn | null;
}

/** A member's check-in (`docs/rooms.md`, Check-in): how the focus round `round` (core's `roomRound` index) went. */
export interface RoomCheckIn {
  round: number;
  outcome: SessionOutcome;
}

/** The check-in a row holds, or null (none, or a value this version does not know). */
function checkInOf(row: { check_in: string | null; check_in_round: number | null }): RoomCheckIn | null {
  const outcome = SESSION_OUTCOMES.find((known) => known === row.check_in);
  return outcome === undefined || row.check_in_round === null ? null : { round: row.check_in_round, outcome };
}

/** What a join's admission found (`admitMember`). */
export type Admission = "admitted" | "full" | "ended" | "elsewhere";

const upsertColumns = ["status", "limit_reached", "joined_at", "status_at", "seen_at", "check_in", "check_in_round"] as const;

/** Writes the user's row of this instance in the room (insert or replace). */
export async function saveMember(db: Kysely<Database>, row: NewRoomPresenceRow): Promise<void> {
  await db
    .insertInto("room_presence")
    .values(row)
    .onConflict((oc) =>
      oc.columns(["room_id", "user_id", "instance_id"]).doUpdateSet((eb) => Object.fromEntries(upsertColumns.map((column) => [column, eb.ref(`excluded.${column}`)]))),
    )
    .execute();
}

/**
 * Lets the user in when the room is open, holds fewer than `maxMembers` other people, and the
 * user is in no other room through another instance (this instance knows its own connections);
 * then writes their row. One transaction, holding the room's row lock on PostgreSQL, so two
 * joins on two instances cannot both take a full room's last place.
 */
export async function admitMember(db: Kysely<Database>, row: NewRoomPresenceRow, maxMembers: number, freshAfter: Date): Promise<Admission> {
  const fresh = freshAfter.toISOString();
  return writeTransaction(db, async (trx) => {
    if (!(await lockOpenRoom(trx, row.room_id))) return "ended";
    const elsewhere = await trx
      .selectFrom("room_presence")
      .select("room_id")
      .where("user_id", "=", row.user_id)
      .where("room_id", "!=", row.room_id)
      .where("instance_id", "!=", row.instance_id)
      .where("seen_at", ">=", fresh)
      .executeTakeFirst();
    if (elsewhere) return "elsewhere";
    const { count } = await trx
      .selectFrom("room_presence")
      .select((eb) => eb.fn.count<number | string | bigint>("user_id").distinct().as("count"))
      .where("room_id", "=", row.room_id)
      .where("user_id", "!=", row.user_id)
      .where("seen_at", ">=", fresh)
      .executeTakeFirstOrThrow();
    if (Number(count) >= maxMembers) return "full";
    await saveMember(trx, row);
    return "admitted";
  });
}

/** Deletes the user's row of this instance in the room, noting that someone was there until `at`. */
export async function removeMember(db: Kysely<Database>, roomId: number, userId: number, instanceId: string, at: Date): Promise<void> {
  await writeTransaction(db, async (trx) => {
    await trx.updateTable("rooms").set({ occupied_at: at.toISOString() }).where("id", "=", roomId).execute();
    await trx.deleteFrom("room_presence").where("room_id", "=", roomId).where("user_id", "=", userId).where("instance_id", "=", instanceId).execute();
  });
}

/**
 * The people in each of `roomIds`, in order of joining (ties by name): one entry per user, with
 * the status set last on any instance, their earliest join and their latest round's check-in.
 */
export async function listPresentMembers(db: Kysely<Database>, roomIds: readonly number[], freshAfter: Date): Promise<Map<number, PresentMember[]>> {
  const byRoom = new Map<number, PresentMember[]>();
  if (roomIds.length === 0) return byRoom;
  const rows = await db
    .selectFrom("room_presence")
    .innerJoin("users", "users.id", "room_presence.user_id")
    .select([
      "room_presence.room_id",
      "room_presence.user_id",
      "users.username",
      "room_presence.status",
      "room_presence.limit_reached",
      "room_presence.joined_at",
      "room_presence.status_at",
      "room_presence.check_in",
      "room_presence.check_in_round",
    ])
    .where("room_presence.room_id", "in", [...roomIds])
    .where("room_presence.seen_at", ">=", freshAfter.toISOString())
    .orderBy("room_presence.status_at", "desc")
    .execute();
  const seen = new Map<string, PresentMember>();
  for (const row of rows) {
    const key = `${row.room_id}:${row.user_id}`;
    const joinedAt = Date.parse(row.joined_at);
    const known = seen.get(key);
    const checkIn = checkInOf(row);
    // Rows come latest status first: the first row of a user gives the status; the latest round's check-in counts.
    if (known) {
      known.joinedAt = Math.min(known.joinedAt, joinedAt);
      if (checkIn && (!known.checkIn || checkIn.round > known.checkIn.round)) known.checkIn = checkIn;
      continue;
    }
    const member = { userId: row.user_id, name: row.username, status: row.status, limitReached: row.limit_reached === 1, joinedAt, checkIn };
    seen.set(key, member);
    const list = byRoom.get(row.room_id) ?? [];
    list.push(member);
    byRoom.set(row.room_id, list);
  }
  for (const list of byRoom.values()) list.sort((a, b) => a.joinedAt - b.joinedAt || a.name.localeCompare(b.name));
  return byRoom;
}

/**
 * The instance's heartbeat: its rows seen at `at`, and its rooms occupied at `at`. Returns how
 * many rows it refreshed.
 */
export async function touchInstancePresence(db: Kysely<Database>, instanceId: string, at: Date): Promise<number> {
  const stamp = at.toISOString();
  return writeTransaction(db, async (trx) => {
    const rooms = (await trx.selectFrom("room_presence").select("room_id").distinct().where("instance_id", "=", instanceId).execute()).map((row) => row.room_id);
    if (rooms.length === 0) return 0;
    // The rooms first, in id order (see the lock order above), then this instance's rows.
    if (isPostgres<Database>(trx)) await trx.selectFrom("rooms").select("id").where("id", "in", rooms).orderBy("id").forNoKeyUpdate().execute();
    await trx.updateTable("rooms").set({ occupied_at: stamp }).where("id", "in", rooms).execute();
    const result = await trx.updateTable("room_presence").set({ seen_at: stamp }).where("instance_id", "=", instanceId).executeTakeFirst();
    return Number(result.numUpdatedRows);
  });
}

/** Deletes rows no instance refreshed since `before` (an instance that stopped). */
export async function deleteStalePresence(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom("room_presence").where("seen_at", "<", before.toISOString()).execute();
}

/** Deletes every row of the room (it ended). */
export async function deleteRoomPresence(db: Kysely<Database>, roomId: number): Promise<void> {
  await db.deleteFrom("room_presence").where("room_id", "=", roomId).execute();
}

/** Deletes every row of the instance (it is shutting down). */
export async function deleteInstancePresence(db: Kysely<Database>, instanceId: string): Promise<void> {
  await db.deleteFrom("room_presence").where("instance_id", "=", instanceId).execute();
}

/**
 * The schedules of the open rooms the user is in on any instance (a row seen at or after
 * `freshAfter`): what a `round` command of theirs may follow.
 */
export async function listRoomSchedulesOfMember(db: Kysely<Database>, userId: number, freshAfter: Date): Promise<RoomSchedule[]> {
  const rows = await db
    .selectFrom("room_presence")
    .innerJoin("rooms", "rooms.id", "room_presence.room_id")
    .select(["rooms.started_at", "rooms.focus_minutes", "rooms.break_minutes"])
    .distinct()
    .where("room_presence.user_id", "=", userId)
    .where("room_presence.seen_at", ">=", freshAfter.toISOString())
    .where("rooms.ended_at", "is", null)
    .execute();
  return rows.map((row) => ({ startedAt: Date.parse(row.started_at), focusMinutes: row.focus_minutes, breakMinutes: row.break_minutes }));
}
