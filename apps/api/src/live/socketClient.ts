/** A `ws` WebSocket as a LiveClient of the hub. */
import type { LiveMessage } from "@focus/core/protocol";
import type { RawData, WebSocket } from "ws";
import type { LiveClient, LiveSource } from "./hub";
import type { RoomWatcher } from "./rooms";

/** A client this far behind on reading is dropped rather than buffered without end, bytes. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

/** Who a connection belongs to, decided when the upgrade is authorised. */
export interface LiveIdentity {
  userId: number;
  source: LiveSource;
  deviceId: number | null;
  sessionId: string | null;
  /** The IANA time zone the connection named (its days, e.g. a room's daily limit); UTC when it named none. */
  timeZone?: string;
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

/** Writes `message` as a JSON text frame; terminates a socket whose reader fell MAX_BUFFERED_BYTES behind. */
function sendOn(socket: WebSocket, message: LiveMessage): void {
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.terminate();
    return;
  }
  socket.send(textOf(message));
}

/** Closes a socket that is open or opening; nothing otherwise. */
function closeSocket(socket: WebSocket, code: number, reason: string): void {
  if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code, reason);
}

/** Wraps a socket; `send` writes JSON text frames and drops a client that stopped reading. */
export class SocketLiveClient implements LiveClient {
  readonly id = ++nextId;
  readonly userId: number;
  readonly source: LiveSource;
  readonly deviceId: number | null;
  readonly sessionId: string | null;
  /** The user's days are counted in this time zone (focus rooms' daily limit, `docs/rooms.md`). */
  readonly timeZone: string;

  constructor(
    private readonly socket: WebSocket,
    identity: LiveIdentity,
  ) {
    this.userId = identity.userId;
    this.source = identity.source;
    this.deviceId = identity.deviceId;
    this.sessionId = identity.sessionId;
    this.timeZone = identity.timeZone ?? "UTC";
  }

  send(message: LiveMessage): void {
    sendOn(this.socket, message);
  }

  close(code: number, reason: string): void {
    closeSocket(this.socket, code, reason);
  }
}

let nextWatcherId = 0;

/** A `/ws/rooms/<slug>` socket as a watcher of the focus rooms (`live/rooms.ts`). */
export class SocketRoomWatcher implements RoomWatcher {
  readonly id = ++nextWatcherId;

  constructor(private readonly socket: WebSocket) {}

  send(message: LiveMessage): void {
    sendOn(this.socket, message);
  }

  close(code: number, reason: string): void {
    closeSocket(this.socket, code, reason);
  }
}

/** A frame's text (UTF-8), whatever shape `ws` handed it over in. */
export function frameText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.from(data as ArrayBuffer).toString("utf8");
}
