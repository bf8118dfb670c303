import type { LiveMessage } from "@focus/core/protocol";
import { createContext, useContext } from "react";

/** The live connection's state, for display. */
export type LiveStatus = "connecting" | "connected" | "reconnecting" | "disconnected";

/**
 * The live connection (`/ws/timer`, `docs/api.md`) as features use it: send a message (dropped
 * while not connected), hear every message, and hear each (re)connection, which is when a
 * feature says again what the server should know (e.g. which room it is in).
 */
export interface LiveChannel {
  send(message: LiveMessage): void;
  onMessage(listener: (message: LiveMessage) => void): () => void;
  onConnected(listener: () => void): () => void;
  /** Whether the socket is open now. */
  isOpen(): boolean;
}

/** The live connection for features; null for guests and visitors (no connection). */
export const LiveChannelContext = createContext<LiveChannel | null>(null);
export const useLiveChannel = () => useContext(LiveChannelContext);

/** The live status for display; null where there is no live connection (guests). */
export const LiveStatusContext = createContext<LiveStatus | null>(null);
export const useLiveStatus = () => useContext(LiveStatusContext);
