import { followRoomRoundEvent, type RoomSchedule } from "@focus/core/rooms";
import { roomStatusSchema } from "@focus/core/schemas";
import { useEffect, useState } from "react";
import { serverNow } from "@/runtime/serverClock";
import { useTimerCommand } from "@/runtime/timerCommands";
import { useLiveChannel } from "@/runtime/liveChannel";
import { useLatest } from "@/lib/useLatest";
import type { LiveMessage } from "@focus/core/protocol";

/** What the server last said of a room: `room_state` (its `serverNow` says when, on the server's clock). */
export type RoomUpdate = Extract<LiveMessage, { type: "room_state" }>;

/** What being in a room gives the page: the room as the server last told it, or why it cannot be joined. */
export interface RoomMembership {
  /** The room with its members, from the live connection; null until the server answered. */
  update: RoomUpdate | null;
  /** A refused join (ended, unknown, full), in the server's words. */
  error: string | null;
  /** The room ended while the user was in it: the reason. */
  closedReason: string | null;
}

/** How long typing in the status box waits before sending it, ms. */
const STATUS_DEBOUNCE_MS = 600;

/** Whether the server takes `status` (core's roomStatusSchema: 80 characters, 240 bytes as sent, nothing hidden). */
function sendable(status: string): boolean {
  return roomStatusSchema.safeParse(status).success;
}

/**
 * Takes part in the room `slug` while `joined` (`docs/rooms.md`): sends `room_join` now and on
 * every reconnection, `room_status` as the status changes, `room_leave` when it stops (the
 * page closes or the user leaves), and hands back what the server says of the room. `onEnd` hears
 * a refused join (`closed` false) or the room's end (`closed` true) as it arrives, in the
 * server's words. Every join but a first one from the room's page (`rejoin` false) is a
 * `rejoin`: the server refuses it once the account has left the room on another device.
 */
export function useRoomMembership(
  slug: string,
  joined: boolean,
  status: string,
  onEnd?: (message: string, closed: boolean) => void,
  rejoin = true,
): RoomMembership {
  const channel = useLiveChannel();
  const [update, setUpdate] = useState<RoomUpdate | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [closedReason, setClosedReason] = useState<string | null>(null);
  const statusRef = useLatest(status);
  const onEndRef = useLatest(onEnd);
  const rejoinRef = useLatest(rejoin);

  useEffect(() => {
    if (!joined || !channel) return;
    // A status the server would refuse would make it drop the whole join: join without it then.
    let first = !rejoinRef();
    const join = () => {
      channel.send({ type: "room_join", slug, status: sendable(statusRef()) ? statusRef() : "", ...(first ? {} : { rejoin: true }) });
      first = false;
    };
    const offMessage = channel.onMessage((message) => {
      if (message.type === "room_state" && message.room.slug === slug) setUpdate(message);
      else if (message.type === "room_error" && message.slug === slug) {
        setError(message.message);
        onEndRef()?.(message.message, false);
      } else if (message.type === "room_closed" && message.slug === slug) {
        setClosedReason(message.reason);
        onEndRef()?.(message.reason, true);
      }
    });
    const offConnected = channel.onConnected(join);
    if (channel.isOpen()) join();
    return () => {
      offMessage();
      offConnected();
      channel.send({ type: "room_leave" });
      setUpdate(null);
      setError(null);
      setClosedReason(null);
    };
  }, [channel, joined, slug, statusRef, onEndRef, rejoinRef]);

  useEffect(() => {
    if (!joined || !channel || !sendable(status)) return;
    const timer = setTimeout(() => channel.send({ type: "room_status", status }), STATUS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [channel, joined, status]);

  return { update, error, closedReason };
}

/**
 * While `schedule` is given (the user is in an open room), the one timer runs the room's
 * rounds: each round, as core's `followRoomRoundEvent` gives it at this instant of the server's
 * clock (`serverNow`: the room's times are the server's), goes to the chart, when the user joins
 * and whenever a new round begins. The chart records each session as a personal one.
 */
export function useFollowRoomRounds(schedule: RoomSchedule | null): void {
  const command = useTimerCommand();
  const { startedAt, focusMinutes, breakMinutes } = schedule ?? { startedAt: 0, focusMinutes: 0, breakMinutes: 0 };
  const active = schedule !== null;
  useEffect(() => {
    if (!active) return;
    const schedule = { startedAt, focusMinutes, breakMinutes };
    let handle: ReturnType<typeof setTimeout>;
    const follow = () => {
      const event = followRoomRoundEvent(schedule, serverNow());
      // The account's timer runs the round too: every device (the extension's blocking too) follows it.
      command({ type: "round", mode: event.mode, startedAt: event.startedAt, endsAt: event.endsAt });
      // Just after this round ends, the next one.
      handle = setTimeout(follow, Math.max(0, event.endsAt - event.now) + 50);
    };
    follow();
    // A hidden tab's timeouts run late: catch up as soon as it is shown again.
    const onVisible = () => {
      if (document.visibilityState !== "visible") return;
      clearTimeout(handle);
      follow();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearTimeout(handle);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [active, startedAt, focusMinutes, breakMinutes, command]);
}
