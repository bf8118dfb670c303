import { createContext, useContext, useEffect, useMemo, type ReactNode } from "react";
import { useActorRef } from "@xstate/react";
import {
  LIVE_PATH,
  createSocketActor,
  liveConnectionMachine,
  timerStateOf,
  type LiveMessage,
  type SharedTimerState,
  type WebSocketLike,
} from "@focus/core";
import { addClockSample } from "@/runtime/serverClock";
import { TimerActor } from "./timerActor";

export type LiveStatus = "connecting" | "connected" | "reconnecting" | "disconnected";

/**
 * The live connection as other features use it (focus rooms, `docs/rooms.md`): send a message
 * (dropped while not connected), hear every message, and hear each (re)connection, which is
 * when a feature says again what the server should know (e.g. which room it is in).
 */
export interface LiveChannel {
  send(message: LiveMessage): void;
  onMessage(listener: (message: LiveMessage) => void): () => void;
  onConnected(listener: () => void): () => void;
  /** Whether the socket is open now. */
  isOpen(): boolean;
}

/** `ws(s)://<this host>/ws/timer` (the secure scheme on https). */
function liveUrl(): string {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${window.location.host}${LIVE_PATH}`;
}

/** True when two shared states differ in what a receiver needs (not the ticking seconds). */
function changed(a: SharedTimerState | null, b: SharedTimerState): boolean {
  if (!a) return true;
  if (a.isActive !== b.isActive || a.mode !== b.mode || a.endsAt !== b.endsAt || a.durationMs !== b.durationMs) return true;
  return !b.isActive && a.currentTime !== b.currentTime;
}

/**
 * Keeps the timer in sync over `/ws/timer` (`docs/api.md`, Live sync): sends `timer_update` on open
 * and on every change, answers `sync_request`, and runs `start`/`pause`/`reset` commands relayed
 * from the extension's popup on the one timer chart. `timer_update`s from others are only logged.
 * Reports the connection status through `onStatus`.
 */
export function useLiveSync(onStatus: (status: LiveStatus) => void): LiveChannel {
  const timer = TimerActor.useActorRef();
  const logic = useMemo(
    () => liveConnectionMachine.provide({ actors: { socket: createSocketActor((url) => new WebSocket(url) as unknown as WebSocketLike) } }),
    [],
  );
  const live = useActorRef(logic, { input: { url: liveUrl() } });
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
    let lastSent: SharedTimerState | null = null;
    const sendState = (force: boolean) => {
      const state = timerStateOf(timer.getSnapshot());
      if (!force && !changed(lastSent, state)) return;
      lastSent = state;
      live.send({ type: "SEND", message: { type: "timer_update", timerState: state } });
    };
    const statusSub = live.subscribe((s) => {
      onStatus(
        s.matches({ online: "open" }) ? "connected" : s.matches("disconnected") ? "disconnected" : s.matches("waiting") ? "reconnecting" : "connecting",
      );
    });
    const connectedSub = live.on("connected", () => sendState(true));
    const messageSub = live.on("message", ({ message }) => {
      if (message.type === "pong") {
        if (message.sentAt !== undefined && message.serverNow !== undefined) {
          addClockSample({ sentAt: message.sentAt, receivedAt: Date.now(), serverNow: message.serverNow });
        }
      } else if (message.type === "command") {
        const now = Date.now();
        if (message.action === "sync_request") sendState(true);
        else if (message.action === "start") timer.send({ type: "START", now });
        else if (message.action === "pause") timer.send({ type: "PAUSE", now });
        else timer.send({ type: "RESET", now });
      } else if (message.type === "timer_update") {
        console.debug("timer_update from", message.source ?? "another client", message.timerState);
      }
    });
    const timerSub = timer.subscribe(() => sendState(false));
    const onOnline = () => live.send({ type: "RETRY" });
    const onOffline = () => live.send({ type: "NETWORK_LOST" });
    window.addEventListener("online", onOnline);
    window.addEventListener("offline", onOffline);
    if (!navigator.onLine) onOffline();
    return () => {
      statusSub.unsubscribe();
      connectedSub.unsubscribe();
      messageSub.unsubscribe();
      timerSub.unsubscribe();
      window.removeEventListener("online", onOnline);
      window.removeEventListener("offline", onOffline);
    };
  }, [live, timer, onStatus]);
  return channel;
}

/** The live status for display; null where there is no live connection (guests). */
export const LiveStatusContext = createContext<LiveStatus | null>(null);
export const useLiveStatus = () => useContext(LiveStatusContext);

/** The live connection for features; null for guests and visitors (no connection). */
const LiveChannelContext = createContext<LiveChannel | null>(null);
export const useLiveChannel = () => useContext(LiveChannelContext);

/** Mounts the live connection around `children` (only for signed-in users: guests have none on the server). */
export function LiveSync({ onStatus, children }: { onStatus: (status: LiveStatus) => void; children: ReactNode }) {
  const channel = useLiveSync(onStatus);
  return <LiveChannelContext.Provider value={channel}>{children}</LiveChannelContext.Provider>;
}
