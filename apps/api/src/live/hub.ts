/**
 * The live-sync hub of `/ws/timer` (`docs/api.md`, Live sync): connections grouped per user,
 * and the message rules:
 * - `timer_commands`, and the extension popup's `command` (start, pause, reset) → the account's
 *   timer (`live/accountTimers.ts`), which runs them and sends the timer to every connection of
 *   the user; `command sync_request` → the timer again, to the asking connection;
 * - `ping` → `pong` to the sender, with the ping's `sentAt` and the server's clock (`serverNow`);
 *   `pong` → nothing;
 * - a client's `timer_update` → dropped: the server holds the timer, devices do not relay theirs;
 * - anything else (not JSON, not a known message, a binary frame) → dropped and counted, the
 *   socket stays open.
 * A new connection gets the account's timer at once.
 *
 * Limits (LIVE_LIMITS), so one account cannot flood the server or itself: at most
 * `connectionsPerUser` connections per user in a process (a new one closes the user's oldest
 * with 4429), and each connection's frames pass a token bucket (`burst` at once, `framesPerSecond`
 * after): frames over it are dropped and counted, and a connection that keeps sending over it
 * (`closeAfterDropped` dropped in a row) is closed with 4429. A relay therefore reaches only the
 * user's own few connections.
 *
 * `LiveHub` is the interface the routes use; `InMemoryLiveHub` serves one process. A hub
 * that relays across processes (PostgreSQL LISTEN/NOTIFY) can extend it and override
 * `deliver`, the one place a message fans out to a user's connections.
 */
import { type LiveMessage, parseLiveMessage } from "@focus/core/protocol";
import { type AccountTimer } from "@focus/core/timer";
import type { LoginConnections, UserNotifier } from "../domain/ports";
import type { RoomRelayMessage } from "./roomRelay";

/** Who is on the other end: the web app (cookie; tabs and mini timer) or a linked extension. */
export type LiveSource = "web" | "extension";

/** Close codes of `/ws/timer` (4000-4999 are the application's own). */
export const LIVE_CLOSE_CODES = {
  /** The server is shutting down. */
  shuttingDown: 1001,
  /** A frame over LIVE_MAX_FRAME_BYTES (sent by `ws` itself). */
  tooLarge: 1009,
  /** The connection's credentials ended: logged out, user deleted, device revoked. */
  unauthorized: 4401,
  /** The connection's device was paused. */
  devicePaused: 4403,
  /** Over LIVE_LIMITS: the user's oldest connection beyond the cap, or a connection that floods. */
  tooMany: 4429,
} as const;

/** Per-user and per-connection limits of the live hub (see the module comment). */
export const LIVE_LIMITS = {
  connectionsPerUser: 10,
  framesPerSecond: 10,
  burst: 20,
  closeAfterDropped: 60,
} as const;

/** The shape of LIVE_LIMITS, with any numbers. */
export type LiveLimits = { [K in keyof typeof LIVE_LIMITS]: number };

/** One connection as the hub sees it. */
export interface LiveClient {
  /** Unique within the process. */
  readonly id: number;
  readonly userId: number;
  readonly source: LiveSource;
  /** The linked device of a token connection, else null. */
  readonly deviceId: number | null;
  /** The login session of a cookie connection (its stored key, `hashSessionId` of its id), else null. */
  readonly sessionId: string | null;
  /** The IANA time zone the connection named (`?tz=`), else the request's (`X-Time-Zone`), else UTC. */
  readonly timeZone?: string;
  send(message: LiveMessage): void;
  close(code: number, reason: string): void;
}

export interface LiveHubStats {
  connections: number;
  users: number;
  /** Frames dropped as malformed since start. */
  droppedFrames: number;
  /** Messages delivered to other connections since start. */
  relayedMessages: number;
}

/** Minimal logger (pino's shape). */
export interface LiveLogger {
  debug(object: object, message: string): void;
}

/** A timer command as the hub hands it on: a device's `timer_commands`, or the extension popup's `command`. */
export type TimerMessage = Extract<LiveMessage, { type: "timer_commands" } | { type: "command" }>;

/** The account timers, as the hub sees them (`live/accountTimers.ts`). */
export interface TimerHub {
  /** A connection joined (or asked to sync): send it the account's timer. */
  clientJoined(client: LiveClient): void;
  /** A connection's timer command. */
  receive(client: LiveClient, message: TimerMessage): void;
  /** The user's timer reached this instance's connections from another instance. */
  observed(userId: number, timer: AccountTimer): void;
}

/** The focus rooms, as the hub sees them (`live/rooms.ts`'s RoomHub). */
export interface RoomTraffic {
  /** A connection's `room_join`, `room_leave`, `room_status` or `room_check_in`. */
  receive(client: LiveClient, message: LiveMessage): void;
  /** A connection closed: it leaves its rooms. */
  clientGone(client: LiveClient): void;
  /** Another instance's rooms message (`from`: its instance id). */
  onRelay(message: RoomRelayMessage, from: string): void;
}

/** Hears a linked device's `shield_status` report (domain/shieldWatch.ts). */
export type ShieldListener = (client: LiveClient, message: Extract<LiveMessage, { type: "shield_status" }>) => void;

/** The hub; as the domain's `UserNotifier` and `LoginConnections` ports (`domain/ports.ts`) it tells and closes a user's connections. */
export interface LiveHub extends UserNotifier, LoginConnections {
  /** Adds a connection; the account timers send it the timer. */
  join(client: LiveClient): void;
  /** Removes a connection (on close); no error when absent. */
  leave(client: LiveClient): void;
  /** Handles one frame of a joined connection: its text, or null for a binary frame. */
  receive(client: LiveClient, frame: string | null): void;
  /** Whether the user has a connection on this instance. */
  isConnected(userId: number): boolean;
  /** Closes every connection of the user; returns how many. */
  closeUser(userId: number, code?: number, reason?: string): number;
  /** Closes every connection of the linked device; returns how many. */
  closeDevice(deviceId: number, code?: number, reason?: string): number;
  /** Closes every connection opened with the login session; returns how many. */
  closeSession(sessionId: string, code?: number, reason?: string): number;
  /** Closes every connection (shutdown); returns how many. */
  closeAll(code?: number, reason?: string): number;
  /** Malformed frames dropped since start. */
  readonly droppedFrames: number;
  stats(): LiveHubStats;
  /** Hands `room_*` messages and closed connections to the focus rooms (`docs/rooms.md`). */
  attachRooms(rooms: RoomTraffic): void;
  /** Hands timer commands and new connections to the account timers. */
  attachTimers(timers: TimerHub): void;
  /** Hands each linked device's `shield_status` to the Website Shield's watch. */
  attachShield(listener: ShieldListener): void;
  /** Sends a focus rooms' message to the other API instances (nothing without a relay). */
  publishRooms(message: RoomRelayMessage): void;
  /**
   * Sends a message from the server (e.g. `tasks_changed`) to every connection of the user, on
   * every instance, but `exceptClientId` (a connection of this instance).
   */
  notifyUser(userId: number, message: LiveMessage, exceptClientId?: number): void;
}

export interface InMemoryLiveHubOptions {
  log?: LiveLogger;
  /** Clock, epoch ms (tests). */
  now?: () => number;
  /** Limits (LIVE_FRAMES_PER_SECOND, tests); LIVE_LIMITS by default. */
  limits?: Partial<LiveLimits>;
}

/** A connection's token bucket: frames it may still send now, and when that was counted (epoch ms). */
interface FrameBudget {
  tokens: number;
  at: number;
  /** Frames dropped in a row. */
  dropped: number;
}

const noLog: LiveLogger = { debug: () => undefined };

/** The hub of a single process. */
export class InMemoryLiveHub implements LiveHub {
  private readonly groups = new Map<number, Set<LiveClient>>();
  private readonly log: LiveLogger;
  private readonly now: () => number;
  protected readonly limits: LiveLimits;
  private readonly budgets = new Map<number, FrameBudget>();
  private dropped = 0;
  private relayed = 0;
  /** The focus rooms, once attached. */
  protected rooms: RoomTraffic | null = null;
  /** The account timers, once attached. */
  protected timers: TimerHub | null = null;
  /** The Website Shield's watch, once attached: hears each device's reports. */
  protected shield: ShieldListener | null = null;

  constructor(options: InMemoryLiveHubOptions = {}) {
    this.log = options.log ?? noLog;
    this.now = options.now ?? (() => Date.now());
    this.limits = { ...LIVE_LIMITS, ...options.limits };
  }

  get droppedFrames(): number {
    return this.dropped;
  }

  join(client: LiveClient): void {
    let group = this.groups.get(client.userId);
    if (!group) {
      group = new Set();
      this.groups.set(client.userId, group);
    }
    // Over the cap the user's oldest connection goes (a Set keeps insertion order).
    while (group.size >= this.limits.connectionsPerUser) {
      const oldest = group.values().next().value as LiveClient;
      this.leave(oldest);
      oldest.close(LIVE_CLOSE_CODES.tooMany, "Too many connections");
      group = this.groups.get(client.userId) ?? new Set();
      this.groups.set(client.userId, group);
    }
    group.add(client);
    this.budgets.set(client.id, { tokens: this.limits.burst, at: this.now(), dropped: 0 });
    this.timers?.clientJoined(client);
  }

  attachRooms(rooms: RoomTraffic): void {
    this.rooms = rooms;
  }

  attachTimers(timers: TimerHub): void {
    this.timers = timers;
  }

  attachShield(listener: ShieldListener): void {
    this.shield = listener;
  }

  isConnected(userId: number): boolean {
    return this.groups.has(userId);
  }

  /** One process: there is nobody to tell. */
  publishRooms(_message: RoomRelayMessage): void {}

  notifyUser(userId: number, message: LiveMessage, exceptClientId?: number): void {
    this.deliver(userId, message, exceptClientId ?? null);
  }

  leave(client: LiveClient): void {
    this.rooms?.clientGone(client);
    const group = this.groups.get(client.userId);
    if (!group?.delete(client)) return;
    this.budgets.delete(client.id);
    if (group.size === 0) this.groups.delete(client.userId);
  }

  receive(client: LiveClient, frame: string | null): void {
    // A connection being closed (revoked, logged out) is no longer heard.
    if (!this.groups.get(client.userId)?.has(client)) return;
    if (!this.spend(client)) return;
    const message = frame === null ? null : parseLiveMessage(frame);
    if (!message) {
      this.dropped += 1;
      this.log.debug(
        { userId: client.userId, connection: client.id, bytes: frame?.length ?? null, droppedFrames: this.dropped },
        "live frame dropped",
      );
      return;
    }
    switch (message.type) {
      case "ping":
        // The server's clock with the ping's own stamp: the client's clock offset (core's clock.ts).
        client.send({ type: "pong", ...(message.sentAt === undefined ? {} : { sentAt: message.sentAt }), serverNow: this.now() });
        return;
      case "pong":
        return;
      case "command":
        if (message.action === "sync_request") this.timers?.clientJoined(client);
        else this.timers?.receive(client, message);
        return;
      case "timer_commands":
        this.timers?.receive(client, message);
        return;
      case "room_join":
      case "room_leave":
      case "room_status":
      case "room_check_in":
        this.rooms?.receive(client, message);
        return;
      case "shield_status":
        // Only a linked device reports on a shield.
        if (client.deviceId !== null) this.shield?.(client, message);
        return;
      default:
        // A device's own timer_update (the server holds the timer) and what only the server sends
        // (account_timer, room_state, room_error, room_closed, *_changed) are not taken from a client.
        return;
    }
  }

  closeUser(userId: number, code: number = LIVE_CLOSE_CODES.unauthorized, reason = "Not authenticated"): number {
    return this.closeWhere((client) => client.userId === userId, code, reason);
  }

  closeDevice(deviceId: number, code: number = LIVE_CLOSE_CODES.unauthorized, reason = "This device is not linked"): number {
    return this.closeWhere((client) => client.deviceId === deviceId, code, reason);
  }

  closeSession(sessionId: string, code: number = LIVE_CLOSE_CODES.unauthorized, reason = "Logged out"): number {
    return this.closeWhere((client) => client.sessionId === sessionId, code, reason);
  }

  /** Closes the login session's connections with 4401 (`LoginConnections`). */
  endLoginSession(sessionKey: string, reason: string): void {
    this.closeSession(sessionKey, LIVE_CLOSE_CODES.unauthorized, reason);
  }

  /** Closes the linked device's connections with 4401 (`LoginConnections`). */
  endDevice(deviceId: number, reason: string): void {
    this.closeDevice(deviceId, LIVE_CLOSE_CODES.unauthorized, reason);
  }

  closeAll(code: number = LIVE_CLOSE_CODES.shuttingDown, reason = "Server shutting down"): number {
    return this.closeWhere(() => true, code, reason);
  }

  stats(): LiveHubStats {
    let connections = 0;
    for (const group of this.groups.values()) connections += group.size;
    return { connections, users: this.groups.size, droppedFrames: this.dropped, relayedMessages: this.relayed };
  }

  /**
   * Sends `message` to every connection of the user except `exceptId`. The one fan-out point:
   * a cross-process hub publishes here and fans out locally when the message comes back.
   */
  protected deliver(userId: number, message: LiveMessage, exceptId: number | null): void {
    const group = this.groups.get(userId);
    if (!group) return;
    for (const client of group) {
      if (client.id === exceptId) continue;
      client.send(message);
      this.relayed += 1;
    }
  }

  /**
   * Takes one frame from the connection's budget; false when it has none (the frame is dropped,
   * and a connection that keeps flooding is closed).
   */
  private spend(client: LiveClient): boolean {
    const budget = this.budgets.get(client.id);
    if (!budget) return true;
    const now = this.now();
    budget.tokens = Math.min(this.limits.burst, budget.tokens + ((now - budget.at) / 1000) * this.limits.framesPerSecond);
    budget.at = now;
    if (budget.tokens >= 1) {
      budget.tokens -= 1;
      budget.dropped = 0;
      return true;
    }
    this.dropped += 1;
    budget.dropped += 1;
    if (budget.dropped >= this.limits.closeAfterDropped) {
      this.leave(client);
      client.close(LIVE_CLOSE_CODES.tooMany, "Too many messages");
    }
    return false;
  }

  /** Removes, then closes, every connection matching `test`. */
  private closeWhere(test: (client: LiveClient) => boolean, code: number, reason: string): number {
    const matching: LiveClient[] = [];
    for (const group of this.groups.values()) {
      for (const client of group) if (test(client)) matching.push(client);
    }
    for (const client of matching) {
      this.leave(client);
      client.close(code, reason);
    }
    return matching.length;
  }
}
