/** A `ws` WebSocket as a LiveClient of the hub. */
import type { LiveMessage } from "@focus/core";
import type { RawData, WebSocket } from "ws";
import type { LiveClient, LiveSource } from "./hub";

/** A client this far behind on reading is dropped rather than buffered without end, bytes. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

/** Who a connection belongs to, decided when the upgrade is authorised. */
export interface LiveIdentity {
  userId: number;
  source: LiveSource;
  deviceId: number | null;
  sessionId: string | null;
}

let nextId = 0;

/**
 * The JSON text of each message object sent, kept while the object lives: a message fanned out
 * to many connections (a room's `room_state`, a relayed update) is serialized once.
 */
const serialized = new WeakMap<LiveMessage, string>();

function textOf(message: LiveMessage): string {
  let text = serialized.get(message);
  if (text === undefined) {
    text = JSON.stringify(message);
    serialized.set(message, text);
  }
  return text;
}

/** Wraps a socket; `send` writes JSON text frames and drops a client that stopped reading. */
export class SocketLiveClient implements LiveClient {
  readonly id = ++nextId;
  readonly userId: number;
  readonly source: LiveSource;
  readonly deviceId: number | null;
  readonly sessionId: string | null;

  constructor(
    private readonly socket: WebSocket,
    identity: LiveIdentity,
  ) {
    this.userId = identity.userId;
    this.source = identity.source;
    this.deviceId = identity.deviceId;
    this.sessionId = identity.sessionId;
  }

  send(message: LiveMessage): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.socket.terminate();
      return;
    }
    this.socket.send(textOf(message));
  }

  close(code: number, reason: string): void {
    if (this.socket.readyState === this.socket.OPEN || this.socket.readyState === this.socket.CONNECTING) {
      this.socket.close(code, reason);
    }
  }
}

/** A frame's text (UTF-8), whatever shape `ws` handed it over in. */
export function frameText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.from(data as ArrayBuffer).toString("utf8");
}
