import { roomSlugSchema, type Room, type SessionOutcome } from "@focus/core/schemas";
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { z } from "zod";
import { toast } from "@/components/ui/use-toast";
import { storageSubscription } from "@/lib/storageChanges";
import { useLiveChannel } from "@/runtime/liveChannel";
import { TimerActor } from "@/runtime/timerActor";
import { useTimerCommand } from "@/runtime/timerCommands";
import { readUserValue, writeUserValue } from "@/runtime/userStorage";
import type { RoomUpdate } from "./useRoomMembership";

// The join and the rounds load once the user is in a room: not part of what /app loads.
const RoomPresence = lazy(() => import("./RoomPresence"));

/**
 * The room a signed-in user is in (`docs/rooms.md`, Staying in a room): membership belongs to
 * the app, not to the room's page. Joining on the room page keeps the user in the room on every
 * page of the app (the Focus Arena, Statistics, Settings) and after a reload, with their timer
 * following the room's rounds, until they leave it (Leave room, or the chip's ✕), the room
 * ends, or a join is refused. Kept per user in this browser (forgotten at sign-out), so every tab
 * of it is in the same room and leaving in one leaves in all. While a round of the room runs,
 * the timer runs it on the room's clock (no pause or reset); leaving, or the room's end, makes
 * the rest of the round the user's own session (`leaveRound`).
 */

/** The room as this browser keeps it: enough to join it again and name it (its rounds come with the server's answer). */
const joinedRoomSchema = z.object({ slug: roomSlugSchema, name: z.string() });
export type JoinedRoom = z.infer<typeof joinedRoomSchema>;

const STORAGE_NAME = "joined-room";
const CHANGE_EVENT = "joined-room-change";
const subscribe = storageSubscription(CHANGE_EVENT);

function parseJoinedRoom(raw: string | null): JoinedRoom | null {
  try {
    const parsed = joinedRoomSchema.safeParse(JSON.parse(raw ?? "null"));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Why the user is no longer in a room they had joined: the join was refused, or the room closed. */
export interface RoomExit {
  slug: string;
  message: string;
  closed: boolean;
}

export interface RoomMembershipState {
  /** The room the user is in, or null. */
  room: JoinedRoom | null;
  /** The room and its members as the server last told this member; null until it let them in. */
  update: RoomUpdate | null;
  /** Why the last room the user was in ended for them (shown on that room's page), or null. */
  exit: RoomExit | null;
  /** What the member works on (others see it). */
  status: string;
  setStatus: (update: string | ((current: string) => string)) => void;
  /** Joins `room` (leaving any other first). */
  enter: (room: Room) => void;
  /** Leaves the room the user is in. */
  leave: () => void;
  /**
   * Tells the room how its focus round that just ended went (`docs/rooms.md`, Check-in); the
   * server takes it during the break after the round. Nothing is sent outside a room.
   */
  checkIn: (outcome: SessionOutcome) => void;
}

const RoomMembershipContext = createContext<RoomMembershipState | null>(null);

/** The signed-in user's room membership; null outside the signed-in app (visitors and guests join no room). */
export function useRoomMembershipState(): RoomMembershipState | null {
  return useContext(RoomMembershipContext);
}

/**
 * Holds the signed-in user's room membership for the whole app: mounted inside the live
 * connection and the timer's commands, so the join is sent on every (re)connection and the
 * rounds reach the timer whatever page is open. A room that ends, or a join the server refuses,
 * ends the membership here; the user is told unless that room's page already says so.
 */
export function RoomMembershipProvider({ userId, children }: { userId: number; children: ReactNode }) {
  const raw = useSyncExternalStore(
    subscribe,
    () => readUserValue(userId, STORAGE_NAME),
    () => null,
  );
  const room = useMemo(() => parseJoinedRoom(raw), [raw]);
  const [status, setStatus] = useState("");
  const [exit, setExit] = useState<RoomExit | null>(null);
  const [update, setUpdate] = useState<RoomUpdate | null>(null);
  const onUpdate = useCallback((next: RoomUpdate | null) => setUpdate(next), []);
  const { pathname } = useLocation();
  const actor = TimerActor.useActorRef();
  const command = useTimerCommand();
  const channel = useLiveChannel();
  const keep = useCallback(
    (next: JoinedRoom | null) => {
      writeUserValue(userId, STORAGE_NAME, next === null ? null : JSON.stringify(next));
      window.dispatchEvent(new Event(CHANGE_EVENT));
      setStatus("");
      setUpdate(null);
      // Out of the room, its round is no longer the room's to run: the rest is the user's.
      if (next === null && actor.getSnapshot().context.inRound) command({ type: "leaveRound" });
    },
    [userId, actor, command],
  );

  // A refused join or a closed room ends the membership (a reload does not try it again).
  const onEnd = (message: string, closed: boolean) => {
    if (room === null) return;
    setExit({ slug: room.slug, message, closed });
    keep(null);
    if (pathname !== `/rooms/${room.slug}`) toast({ title: closed ? `${room.name} has ended` : `Could not stay in ${room.name}`, description: message });
  };
  const value = useMemo<RoomMembershipState>(
    () => ({
      room,
      update: room !== null && update?.room.slug === room.slug ? update : null,
      exit,
      status,
      setStatus,
      enter: (next) => {
        setExit(null);
        keep({ slug: next.slug, name: next.name });
      },
      leave: () => keep(null),
      checkIn: (outcome) => {
        if (room !== null) channel?.send({ type: "room_check_in", outcome });
      },
    }),
    [room, update, exit, status, keep, channel],
  );
  return (
    <RoomMembershipContext.Provider value={value}>
      {room !== null && (
        <Suspense fallback={null}>
          <RoomPresence key={room.slug} slug={room.slug} status={status} onUpdate={onUpdate} onEnd={onEnd} />
        </Suspense>
      )}
      {children}
    </RoomMembershipContext.Provider>
  );
}
