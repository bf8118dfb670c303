import { roomMembershipSchema, roomSlugSchema, type Room, type SessionOutcome } from "@focus/core/schemas";
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { z } from "zod";
import { toast } from "@/components/ui/use-toast";
import { api } from "@/lib/api";
import { queryKeys } from "@/lib/queryKeys";
import { storageSubscription } from "@/lib/storageChanges";
import { useLatest } from "@/lib/useLatest";
import { useLiveChannel } from "@/runtime/liveChannel";
import { useLiveReload } from "@/runtime/useLiveReload";
import { TimerActor } from "@/runtime/timerActor";
import { useTimerCommand } from "@/runtime/timerCommands";
import { readUserValue, writeUserValue } from "@/runtime/userStorage";
import type { RoomUpdate } from "./useRoomMembership";

// The join and the rounds load once the user is in a room: not part of what /app loads.
const RoomPresence = lazy(() => import("./RoomPresence"));

/**
 * The room a signed-in user is in (`docs/rooms.md`, Staying in a room): membership belongs to
 * the account, not to the room's page. Joining on the room page keeps the user in the room on
 * every page of the app (the Focus Arena, Statistics, Settings), after a reload and on every
 * device of the account, with their timer following the room's rounds, until they leave it
 * (Leave room, or the chip's ✕) on any device, the room ends, or a join is refused. The server
 * holds it (`GET /api/me/room`, told again by `room_membership_changed`); this browser keeps a
 * copy per user (forgotten at sign-out) so a reload is in the room before the server answers,
 * and every tab of it follows the same copy. While a round of the room runs,
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

/** The room this browser keeps for the user (every tab follows it). */
function useStoredRoom(userId: number): JoinedRoom | null {
  const raw = useSyncExternalStore(
    subscribe,
    () => readUserValue(userId, STORAGE_NAME),
    () => null,
  );
  return useMemo(() => parseJoinedRoom(raw), [raw]);
}

/**
 * The account's room as the server says (`GET /api/me/room`, loaded again on
 * `room_membership_changed` and on reconnection), followed by this device: joined or left on
 * another device, `follow` gets the account's room. Only an answer that changed runs it (the
 * query keeps the same object for the same answer), not this device's own change, which the
 * server's next answer confirms; nor while this device's own join (`entering`) waits for its answer.
 */
function useFollowAccountRoom(room: JoinedRoom | null, entering: string | null, follow: (accountRoom: JoinedRoom | null) => void) {
  const account = useQuery({
    queryKey: queryKeys.roomMembership,
    queryFn: async ({ signal }) => roomMembershipSchema.parse(await api.get("/api/me/room", { signal })),
  });
  useLiveReload(["room_membership_changed"], [queryKeys.roomMembership]);
  const followAccount = useLatest(() => {
    const accountRoom = account.data?.room;
    if (accountRoom === undefined || entering !== null) return;
    if ((accountRoom?.slug ?? null) !== (room?.slug ?? null)) follow(accountRoom);
  });
  useEffect(() => followAccount()(), [account.data, followAccount]);
}

/** Takes the account out of `room` on every device (`DELETE /api/me/room`); a failure is said. */
function leaveOnEveryDevice(client: QueryClient, room: JoinedRoom | null): void {
  api.delete("/api/me/room").then(
    () => client.setQueryData(queryKeys.roomMembership, { room: null }),
    (error: unknown) =>
      toast({
        title: `Could not leave ${room?.name ?? "the room"} on your other devices`,
        description: error instanceof Error ? error.message : String(error),
        variant: "destructive",
      }),
  );
}

/**
 * Holds the signed-in user's room membership for the whole app: mounted inside the live
 * connection and the timer's commands, so the join is sent on every (re)connection and the
 * rounds reach the timer whatever page is open. A room that ends, or a join the server refuses,
 * ends the membership here; the user is told unless that room's page already says so.
 */
export function RoomMembershipProvider({ userId, children }: { userId: number; children: ReactNode }) {
  const room = useStoredRoom(userId);
  const [status, setStatus] = useState("");
  const [exit, setExit] = useState<RoomExit | null>(null);
  const [update, setUpdate] = useState<RoomUpdate | null>(null);
  const { pathname } = useLocation();
  const actor = TimerActor.useActorRef();
  const command = useTimerCommand();
  const channel = useLiveChannel();
  // The room joined from a room's page on this device whose join the server has not answered yet:
  // its first join makes it the account's room, and the account's older answer does not undo it.
  const [entering, setEntering] = useState<string | null>(null);
  const client = useQueryClient();
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

  useFollowAccountRoom(room, entering, (accountRoom) => {
    setExit(null);
    keep(accountRoom);
  });
  const enteringNow = useLatest(entering);
  const onUpdate = useCallback(
    (next: RoomUpdate | null) => {
      setUpdate(next);
      // The server let this device in from the room's page: the account's room is this one now.
      if (next === null || enteringNow() !== next.room.slug) return;
      setEntering(null);
      void client.invalidateQueries({ queryKey: queryKeys.roomMembership });
    },
    [enteringNow, client],
  );

  // A refused join or a closed room ends the membership (a reload does not try it again).
  const onEnd = (message: string, closed: boolean) => {
    if (room === null) return;
    setEntering(null);
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
        setEntering(next.slug);
        keep({ slug: next.slug, name: next.name });
      },
      leave: () => {
        setEntering(null);
        keep(null);
        leaveOnEveryDevice(client, room);
      },
      checkIn: (outcome) => {
        if (room !== null) channel?.send({ type: "room_check_in", outcome });
      },
    }),
    [room, update, exit, status, keep, channel, client],
  );
  return (
    <RoomMembershipContext.Provider value={value}>
      {room !== null && (
        <Suspense fallback={null}>
          <RoomPresence key={room.slug} slug={room.slug} rejoin={entering !== room.slug} status={status} onUpdate={onUpdate} onEnd={onEnd} />
        </Suspense>
      )}
      {children}
    </RoomMembershipContext.Provider>
  );
}
