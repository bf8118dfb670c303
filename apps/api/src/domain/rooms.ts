/**
 * Focus rooms as the HTTP routes open, find, end and moderate them (`docs/rooms.md`; routes in
 * `docs/api.md`): an owner keeps at most MAX_OPEN_ROOMS_PER_OWNER open rooms, counted under their
 * row lock; only the owner (or the admin) ends a room; an unknown room and an ended one are told
 * apart where it matters (404, 410). Taking part happens on the live connection (`live/rooms.ts`).
 */
import { randomBytes } from "node:crypto";
import { MAX_OPEN_ROOMS_PER_OWNER } from "@focus/core/rooms";
import type { AdminRoom, RoomCreate, RoomMembership } from "@focus/core/schemas";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { writeTransaction } from "../db/groupCommit";
import { HttpError } from "../httpError";
import { countOpenRoomsOfOwner, endRoom, findRoomBySlug, insertRoom, listOpenPublicRooms, listOpenRooms, type RoomWithCount, type RoomWithOwner, setRoomHidden } from "../repositories/rooms";
import { findRoomOfMember, removeRoomOfMember } from "../repositories/roomMembers";
import { lockUserRow } from "../repositories/users";

/** A stored room with its owner's name: what these functions give the routes. */
export type { RoomWithOwner };

/** 404 "Room not found". */
export const roomNotFound = () => new HttpError(404, "Room not found");

/** A new room's slug: 10 URL-safe random characters (60 bits). */
function newSlug(): string {
  return randomBytes(8).toString("base64url").slice(0, 10);
}

/**
 * The open public rooms no admin hid, at most `limit`: those with people in them first (most
 * first), then by recent activity, then the empty ones; a room counts as occupied while someone
 * was seen after `freshAfter`.
 */
export function publicRooms(db: Kysely<Database>, limit: number, freshAfter: Date): Promise<RoomWithOwner[]> {
  return listOpenPublicRooms(db, limit, freshAfter);
}

/**
 * Opens a room owned by `ownerId`, its first focus round starting at `now`.
 * @throws HttpError 409 when the owner already has MAX_OPEN_ROOMS_PER_OWNER open rooms (counted
 *   under their row lock, so concurrent opens cannot pass it together).
 */
export function openRoom(db: Kysely<Database>, ownerId: number, input: RoomCreate, now: Date): Promise<RoomWithOwner> {
  const at = now.toISOString();
  return writeTransaction(db, async (trx) => {
    await lockUserRow(trx, ownerId);
    if ((await countOpenRoomsOfOwner(trx, ownerId)) >= MAX_OPEN_ROOMS_PER_OWNER) {
      throw new HttpError(409, `You already have ${MAX_OPEN_ROOMS_PER_OWNER} open rooms. End one to open another.`);
    }
    return insertRoom(trx, {
      slug: newSlug(),
      name: input.name,
      visibility: input.visibility,
      owner_id: ownerId,
      focus_minutes: input.focusMinutes,
      break_minutes: input.breakMinutes,
      started_at: at,
      ended_at: null,
      created_at: at,
      occupied_at: null,
      hidden_at: null,
    });
  });
}

/**
 * The room `slug`, open or ended (anyone with the link sees it).
 * @throws HttpError 404 "Room not found".
 */
export async function roomBySlug(db: Kysely<Database>, slug: string): Promise<RoomWithOwner> {
  const row = await findRoomBySlug(db, slug);
  if (!row) throw roomNotFound();
  return row;
}

/**
 * The open room `slug`, for a watcher's socket: the page of an ended room has nothing to watch.
 * @throws HttpError 404 for an unknown room; 410 for an ended one.
 */
export async function watchableRoom(db: Kysely<Database>, slug: string): Promise<RoomWithOwner> {
  const row = await roomBySlug(db, slug);
  if (row.ended_at !== null) throw new HttpError(410, "This room has ended.");
  return row;
}

/**
 * Ends the room `slug` for its owner `userId` at `now`.
 * @returns the room as stored after (ended), and whether this call ended it (false: it had ended before).
 * @throws HttpError 404 for an unknown room; 403 for anyone but its owner.
 */
export async function endOwnRoom(db: Kysely<Database>, userId: number, slug: string, now: Date): Promise<{ room: RoomWithOwner; ended: boolean }> {
  const row = await roomBySlug(db, slug);
  if (row.owner_id !== userId) throw new HttpError(403, "Only the room's owner can end it.");
  const ended = await endRoom(db, row.id, now);
  const after = await findRoomBySlug(db, slug);
  return { room: after ?? { ...row, ended_at: now.toISOString() }, ended };
}

/** The room as the admin's list shows it. */
function toAdminRoom(row: RoomWithCount): AdminRoom {
  return {
    slug: row.slug,
    name: row.name,
    visibility: row.visibility,
    ownerName: row.owner_name,
    memberCount: row.member_count,
    startedAt: Date.parse(row.started_at),
    occupiedAt: row.occupied_at === null ? null : Date.parse(row.occupied_at),
    hidden: row.hidden_at !== null,
  };
}

/**
 * The open room `slug`, for the admin's tools.
 * @throws HttpError 404 when unknown or ended.
 */
async function openRoomForAdmin(db: Kysely<Database>, slug: string): Promise<RoomWithOwner> {
  const row = await findRoomBySlug(db, slug);
  if (!row || row.ended_at !== null) throw roomNotFound();
  return row;
}

/**
 * Every open room (public, by link, hidden), newest first, each with its owner and how many
 * people are in it now (seen after `freshAfter`): the admin's list.
 */
export async function roomsForAdmin(db: Kysely<Database>, freshAfter: Date): Promise<AdminRoom[]> {
  return (await listOpenRooms(db, freshAfter)).map(toAdminRoom);
}

/**
 * Hides the open room `slug` from the public list from `now` (still reached by its link), or shows it again.
 * @returns the room's id and how the admin's list shows it now.
 * @throws HttpError 404 "Room not found" for an unknown or ended room.
 */
export async function setRoomHiddenByAdmin(db: Kysely<Database>, slug: string, hidden: boolean, now: Date, freshAfter: Date): Promise<{ id: number; room: AdminRoom }> {
  const row = await openRoomForAdmin(db, slug);
  await setRoomHidden(db, row.id, hidden ? now : null);
  const updated = (await listOpenRooms(db, freshAfter)).find((room) => room.id === row.id);
  if (!updated) throw roomNotFound();
  return { id: row.id, room: toAdminRoom(updated) };
}

/**
 * Ends the open room `slug` at `now` (the admin's tool).
 * @returns the room as it was before.
 * @throws HttpError 404 "Room not found" for an unknown or already ended room.
 */
export async function endRoomByAdmin(db: Kysely<Database>, slug: string, now: Date): Promise<RoomWithOwner> {
  const row = await openRoomForAdmin(db, slug);
  if (!(await endRoom(db, row.id, now))) throw roomNotFound();
  return row;
}

/** The open room the account is in, as `GET /api/me/room` shows it (`docs/rooms.md`, Staying in a room). */
export async function roomMembershipOf(db: Kysely<Database>, userId: number): Promise<RoomMembership> {
  const room = await findRoomOfMember(db, userId);
  return { room: room ? { slug: room.slug, name: room.name } : null };
}

/** Takes the account out of its room on every device (`DELETE /api/me/room`); true when it was in one. */
export function leaveRoomOnEveryDevice(db: Kysely<Database>, userId: number): Promise<boolean> {
  return removeRoomOfMember(db, userId);
}
