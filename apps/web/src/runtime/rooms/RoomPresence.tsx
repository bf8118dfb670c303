import { type RoomSchedule } from "@focus/core/rooms";
import { useEffect } from "react";
import { useFollowRoomRounds, useRoomMembership, type RoomUpdate } from "./useRoomMembership";

/**
 * Being in the room `slug` on the live connection (`RoomMembershipProvider` mounts it, loaded
 * only once the user is in a room): the join on every (re)connection, the status, and the room's
 * rounds on the timer once the server let the user in. `onUpdate` hears each `room_state`,
 * `onEnd` a refused join or the room's end. `rejoin`: the account is in the room already (a
 * reload, another device); otherwise the first join, from the room's page, makes it the account's.
 */
export default function RoomPresence({
  slug,
  rejoin,
  status,
  onUpdate,
  onEnd,
}: {
  slug: string;
  rejoin: boolean;
  status: string;
  onUpdate: (update: RoomUpdate | null) => void;
  onEnd: (message: string, closed: boolean) => void;
}) {
  const membership = useRoomMembership(slug, true, status, onEnd, rejoin);
  const ended = membership.closedReason !== null || membership.error !== null;
  // The server takes a round only from a member: the rounds, as its answer gives them, once it let the user in.
  const live = ended ? undefined : membership.update?.room;
  const schedule: RoomSchedule | null = live ? { startedAt: live.startedAt, focusMinutes: live.focusMinutes, breakMinutes: live.breakMinutes } : null;
  useFollowRoomRounds(schedule);
  const update = ended ? null : membership.update;
  useEffect(() => onUpdate(update), [update, onUpdate]);
  return null;
}
