/**
 * A focus room as it is shown (`docs/rooms.md`, Who sees names): its schedule, current round and
 * members, with usernames for signed-in viewers only. Pure functions of the room's row, who is
 * present and the clock, shared by the HTTP routes and the live room hub.
 */
import { type LiveRoom } from "@focus/core/protocol";
import { roomRound } from "@focus/core/rooms";
import type { PresentMember } from "../repositories/roomPresence";
import type { RoomWithOwner } from "../repositories/rooms";

/**
 * The room at `now` (epoch ms) with `members` (in order), as a signed-in viewer sees it
 * (`named`: usernames, statuses and check-ins) or as a visitor does (how many people, no names,
 * no statuses, no owner's name).
 */
export function roomView(room: RoomWithOwner, members: readonly PresentMember[], now: number, named: boolean): LiveRoom {
  const startedAt = Date.parse(room.started_at);
  const open = room.ended_at === null;
  const shown = open ? members : [];
  const round = roomRound({ startedAt, focusMinutes: room.focus_minutes, breakMinutes: room.break_minutes }, now);
  // A check-in shows during the break after the focus round it is for (`docs/rooms.md`, Check-in).
  const checkInOf = (member: PresentMember) => (round.phase === "break" && member.checkIn?.round === round.index - 1 ? member.checkIn.outcome : null);
  return {
    slug: room.slug,
    name: room.name,
    visibility: room.visibility,
    ownerName: named ? room.owner_name : null,
    focusMinutes: room.focus_minutes,
    breakMinutes: room.break_minutes,
    startedAt,
    endedAt: open ? null : Date.parse(room.ended_at ?? ""),
    round,
    memberCount: shown.length,
    members: named ? shown.map((member) => ({ name: member.name, status: member.status, limitReached: member.limitReached, checkIn: checkInOf(member) })) : [],
  };
}

/** A signed-in viewer's view of a room, as a visitor sees it. */
export function anonymousView(room: LiveRoom): LiveRoom {
  return { ...room, ownerName: null, members: [] };
}
