import { useEffect, useMemo, useState, type ReactNode } from "react";
import { useActorRef } from "@xstate/react";
import { LIVE_PATH, createSocketActor, liveConnectionMachine, type WebSocketLike } from "@focus/core/protocol";
import { LiveChannelContext, LiveStatusContext, type LiveChannel, type LiveStatus } from "./liveChannel";
import { addClockSample } from "./serverClock";

/**
 * `ws(s)://<this host>/ws/timer?tz=<time zone>` (the secure scheme on https): the connection
 * names this browser's time zone, so the server counts the user's "today" (the Free plan's
 * limit in rooms and on the account's timer) on the user's own calendar.
 */
function liveUrl(): string {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  const timeZone = encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone);
  return `${scheme}//${window.location.host}${LIVE_PATH}?tz=${timeZone}`;
}

/**
 * Mounts the live connection (`/ws/timer`, `docs/api.md`, Live sync) of a signed-in user around
 * `children`: core's live connection chart over the browser's WebSocket, closed at once when
 * the browser goes offline and retried when it is back. Every pong is a sample of the server's
 * clock (`serverClock.ts`). Features reach it with `useLiveChannel()`, its state with
 * `useLiveStatus()`.
 */
export function LiveConnection({ children }: { children: ReactNode }) {
  const logic = useMemo(
    () => liveConnectionMachine.provide({ actors: { socket: createSocketActor((url) => new WebSocket(url) as unknown as WebSocketLike) } }),
    [],
  );
  const live = useActorRef(logic, { input: { url: liveUrl() } });
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const channel = useMemo<LiveChannel>(
    () => ({
      send: (message) => live.send({ type: "SEND", message }),
      onMessage: (listener) => {
        const sub = live.on("message", ({ message }) => listener(message));
        return () => sub.unsubscribe();
      },
      onConnected: (listener) => {
        const sub = live.on("connected", () => listener());
        return () => sub.unsubscribe();
      },
      isOpen: () => live.getSnapshot().matches({ online: "open" }),
    }),
    [live],
  );

  useEffect(() => {
    const statusSub = live.subscribe((s) => {
      setStatus(s.matches({ online: "open" }) ? "connected" : s.matches("disconnected") ? "disconnected" : s.matches("waiting") ? "reconnecting" : "connecting");
    });
    const pongSub = live.on("message", ({ message }) => {
      if (message.type === "pong" && message.sentAt !== undefined && message.serverNow !== undefined) {
        addClockSample({ sentAt: message.sentAt, receivedAt: Date.now(), serverNow: message.serverNow });
      }
    });
    const onOnline = () => live.send({ type: "RETRY" });
    const onOffline = () => live.send({ type: "NETWORK_LOST" });
    window.addEventListener("online", onOnline);
    window.addEventListener("offline", onOffline);
    if (!navigator.onLine) onOffline();
    return () => {
      statusSub.unsubscribe();
      pongSub.unsubscribe();
      window.removeEventListener("online", onOnline);
      window.removeEventListener("offline", onOffline);
    };
  }, [live]);

  return (
    <LiveStatusContext.Provider value={status}>
      <LiveChannelContext.Provider value={channel}>{children}</LiveChannelContext.Provider>
    </LiveStatusContext.Provider>
  );
}
