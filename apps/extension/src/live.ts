/**
 * The extension's end of `/ws/timer` (`docs/api.md`, Live sync): the core's live connection chart
 * (heartbeat, reconnect with backoff) over a socket opened with the device token. The chart
 * does not see close codes, so the socket is watched here too: 4401 means the device was
 * unlinked, 4403 paused (apps/api live hub), and a socket refused before it opened (the server
 * answers the upgrade with 401/403, which a browser reports as 1006) is reported as such so the
 * worker can ask the REST API why.
 */
import { createSocketActor, LIVE_PATH, liveConnectionMachine, type LiveMessage, type WebSocketLike } from "@focus/core/protocol";
import { createActor } from "xstate";
import type { Connection } from "./storage";

/** Close codes of the API's live hub. */
export const LIVE_CLOSE = { unlinked: 4401, paused: 4403 } as const;

/** A WebSocket as the browser makes it: the core's shape plus close events with their code. */
export interface LiveSocket extends WebSocketLike {
  addEventListener(type: "open" | "close", listener: (event: { code?: number }) => void): void;
}

export interface LiveLinkEvents {
  onMessage(message: LiveMessage): void;
  /** The connection state changed (open, reconnecting, given up). */
  onConnection(connection: Connection): void;
  /** A socket closed: its code, and whether it had opened. */
  onClose(code: number, opened: boolean): void;
}

export interface LiveLink {
  send(message: LiveMessage): boolean;
  /** Reconnects now if the chart gave up. */
  retry(): void;
  stop(): void;
  readonly connection: Connection;
}

/** `ws(s)://<api host>/ws/timer?token=…` for an API origin. */
export function liveUrl(apiOrigin: string, token: string): string {
  return `${apiOrigin.replace(/^http/, "ws")}${LIVE_PATH}?token=${encodeURIComponent(token)}`;
}

/** Opens the live connection and keeps it up until `stop()`. */
export function startLiveLink(url: string, createSocket: (url: string) => LiveSocket, events: LiveLinkEvents): LiveLink {
  let stopped = false;
  const factory = (socketUrl: string): WebSocketLike => {
    const socket = createSocket(socketUrl);
    let opened = false;
    socket.addEventListener("open", () => {
      opened = true;
    });
    socket.addEventListener("close", (event) => {
      if (!stopped) events.onClose(event.code ?? 1006, opened);
    });
    return socket;
  };

  const actor = createActor(liveConnectionMachine.provide({ actors: { socket: createSocketActor(factory) } }), { input: { url } });
  const connectionOf = (): Connection => {
    const snapshot = actor.getSnapshot();
    if (snapshot.matches({ online: "open" })) return "open";
    return snapshot.matches("disconnected") ? "closed" : "connecting";
  };
  let last: Connection = "connecting";
  actor.subscribe(() => {
    const now = connectionOf();
    if (now !== last && !stopped) {
      last = now;
      events.onConnection(now);
    }
  });
  actor.on("message", ({ message }) => {
    if (!stopped) events.onMessage(message);
  });
  actor.start();

  return {
    send(message) {
      if (connectionOf() !== "open") return false;
      actor.send({ type: "SEND", message });
      return true;
    },
    retry: () => actor.send({ type: "RETRY" }),
    stop() {
      stopped = true;
      actor.stop();
    },
    get connection() {
      return connectionOf();
    },
  };
}
