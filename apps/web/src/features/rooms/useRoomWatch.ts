import { createSocketActor, liveConnectionMachine, type WebSocketLike } from "@focus/core/protocol";
import { useEffect, useState } from "react";
import { createActor } from "xstate";
import { addClockSample } from "@/runtime/serverClock";

import type { RoomUpdate } from "@/runtime/rooms/useRoomMembership";

export type { RoomUpdate };

/** What watching a room gives its page. */
export interface RoomWatch {
  /** The room as last pushed, null until the first push. */
  update: RoomUpdate | null;
  /** The room ended while shown: why. */
  closedReason: string | null;
}

/** `ws(s)://<this host>/ws/rooms/<slug>` (the secure scheme on https). */
function watchUrl(slug: string): string {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${window.location.host}/ws/rooms/${encodeURIComponent(slug)}`;
}

/**
 * Shows the room `slug` as the server pushes it, while `enabled` (the room is open), to anyone
 * on its page, signed in or not (`docs/rooms.md`): `room_state` on every join, leave and status,
 * `room_closed` when it ends. No polling. The socket reconnects like the live connection
 * (core's `liveConnectionMachine`), and its pings' pongs feed the server clock
 * (`runtime/serverClock`), so a visitor's round clock reads the server's time too.
 */
export function useRoomWatch(slug: string, enabled: boolean): RoomWatch {
  const [update, setUpdate] = useState<RoomUpdate | null>(null);
  const [closedReason, setClosedReason] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const logic = liveConnectionMachine.provide({
      actors: { socket: createSocketActor((url) => new WebSocket(url) as unknown as WebSocketLike) },
    });
    const actor = createActor(logic, { input: { url: watchUrl(slug) } });
    const heard = actor.on("message", ({ message }) => {
      if (message.type === "pong" && message.sentAt !== undefined && message.serverNow !== undefined) {
        addClockSample({ sentAt: message.sentAt, receivedAt: Date.now(), serverNow: message.serverNow });
      } else if (message.type === "room_state" && message.room.slug === slug) {
        setUpdate(message);
      } else if (message.type === "room_closed" && message.slug === slug) {
        setClosedReason(message.reason);
        actor.stop();
      }
    });
    actor.start();
    return () => {
      heard.unsubscribe();
      actor.stop();
      setUpdate(null);
    };
  }, [slug, enabled]);
  return { update, closedReason };
}

/** The newer of two pushes of a room (by the server's clock), or whichever there is. */
export function newerUpdate(a: RoomUpdate | null, b: RoomUpdate | null): RoomUpdate | null {
  if (!a || !b) return a ?? b;
  return b.serverNow > a.serverNow ? b : a;
}
