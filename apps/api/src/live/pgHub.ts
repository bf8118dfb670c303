/**
 * The live-sync hub across API instances (`docs/api.md`, Live sync): every
 * instance on one PostgreSQL database LISTENs on one channel, and whatever fans out to a
 * user's connections here (the account's timer, a `tasks_changed`, …)
 * is also NOTIFYed there, so a user's devices on different instances stay in sync.
 *
 * - Each envelope carries this instance's random id; an instance ignores its own echo (it has
 *   already delivered locally).
 * - An `account_timer` from another instance is handed to this instance's account timers
 *   (`TimerHub.observed`), so an instance with the user's connections settles the timer when a
 *   session's end comes, whichever instance ran the last command.
 * - Closing a user's, a device's or a login session's connections (account deleted, device
 *   revoked or paused, logout) is announced too, so their sockets on every instance close.
 * - One dedicated `pg` client LISTENs and NOTIFYs (`pg_notify`); if it drops, it reconnects
 *   with backoff (notifications sent meanwhile are lost: clients resync on their next
 *   update or `sync_request`). `close()` ends it.
 * - Focus rooms' presence and closings travel as `rooms` envelopes (`live/rooms.ts`).
 * - The per-user socket cap holds across instances: each socket is a row of `live_connections`
 *   (`repositories/liveConnections.ts`); after a user's new socket is stored, their sockets past
 *   the newest `connectionsPerUser` are closed with 4429, here or, by a `closeConnection`
 *   envelope, on the instance holding them. An instance deletes its rows as its sockets close
 *   and all of them on close; the rows of one that crashed are the oldest, so they go first.
 * - Other channels can be LISTENed to on the same client (`subscribe`): the login session
 *   cache's `focus_auth` (`db/authWrites.ts`).
 * Payloads are JSON well under PostgreSQL's 8000-byte NOTIFY limit (frames are capped at
 * 4 KiB); a larger one is dropped with a warning rather than failing the query.
 */
import { randomUUID } from "node:crypto";
import { liveMessageSchema, type LiveMessage } from "@focus/core/protocol";
import pg from "pg";
import { z } from "zod";
import type { LiveConnectionStore } from "../repositories/liveConnections";
import { InMemoryLiveHub, type InMemoryLiveHubOptions, LIVE_CLOSE_CODES, type LiveClient, type LiveLogger } from "./hub";
import { roomRelaySchema, type RoomRelayMessage } from "./roomRelay";

/** The NOTIFY channel of the live relay. */
export const LIVE_NOTIFY_CHANNEL = "focus_live";
/** `application_name` of the LISTEN connection, to find it in `pg_stat_activity`. */
export const LIVE_RELAY_APPLICATION_NAME = "focus-live-relay";
/** Largest payload sent, bytes (PostgreSQL refuses 8000 and more). */
export const LIVE_NOTIFY_MAX_BYTES = 7900;
/** Reconnect delays of the LISTEN client: first, and cap, ms (doubling in between). */
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

const from = z.string().min(1).max(64);
/** What instances tell each other (`v` versions the shape for rolling upgrades). */
const envelopeSchema = z.discriminatedUnion("kind", [
  z.object({ v: z.literal(1), kind: z.literal("deliver"), from, userId: z.number().int(), message: liveMessageSchema }),
  z.object({ v: z.literal(1), kind: z.literal("closeUser"), from, userId: z.number().int(), code: z.number().int(), reason: z.string() }),
  z.object({ v: z.literal(1), kind: z.literal("closeDevice"), from, deviceId: z.number().int(), code: z.number().int(), reason: z.string() }),
  z.object({ v: z.literal(1), kind: z.literal("closeSession"), from, sessionId: z.string(), code: z.number().int(), reason: z.string() }),
  z.object({ v: z.literal(1), kind: z.literal("rooms"), from, message: roomRelaySchema }),
  z.object({ v: z.literal(1), kind: z.literal("closeConnection"), from, instanceId: from, connectionId: z.number().int(), code: z.number().int(), reason: z.string() }),
]);
type Envelope = z.infer<typeof envelopeSchema>;
/** An envelope before the sender's id and the version are stamped on it. */
type Outgoing = Envelope extends infer E ? (E extends Envelope ? Omit<E, "v" | "from"> : never) : never;

/** Pino's shape, as much of it as the hub uses. */
export interface PgLiveHubLogger extends LiveLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface PgLiveHubOptions extends Omit<InMemoryLiveHubOptions, "log"> {
  /** The `postgres://` URL of the database the instances share. */
  connectionString: string;
  /** NOTIFY channel (an SQL identifier); LIVE_NOTIFY_CHANNEL unless a test isolates itself. */
  channel?: string;
  log?: PgLiveHubLogger;
  /** Where every instance's sockets are counted (the per-user cap across instances); none: this instance's own only. */
  connections?: LiveConnectionStore;
}

const noLog: PgLiveHubLogger = { debug: () => undefined, info: () => undefined, warn: () => undefined };

/** The in-memory hub of this instance, joined to the others through LISTEN/NOTIFY. */
export class PgLiveHub extends InMemoryLiveHub {
  /** This instance's id in envelopes (random per process start). */
  readonly instanceId = randomUUID();
  private readonly connectionString: string;
  private readonly channel: string;
  private readonly pgLog: PgLiveHubLogger;
  private client: pg.Client | null = null;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectAttempts = 0;
  private published = 0;
  private lost = 0;
  /** Other channels this client LISTENs to, with what to call on a notification (null: some may have been missed). */
  private readonly subscriptions = new Map<string, (payload: string | null) => void>();
  private readonly connections: LiveConnectionStore | null;
  /** This instance's sockets by id, each with its row's insert (a close waits for it before deleting the row). */
  private readonly tracked = new Map<number, { client: LiveClient; stored: Promise<void> }>();

  constructor(options: PgLiveHubOptions) {
    super(options);
    this.connectionString = options.connectionString;
    this.channel = options.channel ?? LIVE_NOTIFY_CHANNEL;
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(this.channel)) throw new Error(`Invalid NOTIFY channel "${this.channel}"`);
    this.pgLog = options.log ?? noLog;
    this.connections = options.connections ?? null;
  }

  /**
   * Connects the LISTEN client.
   * @throws the connection error on the first attempt (the app should not start half-wired).
   */
  async start(): Promise<void> {
    await this.connect();
  }

  /** Ends the LISTEN client and stops reconnecting, and deletes this instance's socket rows; idempotent. */
  async close(): Promise<void> {
    this.closed = true;
    await this.connections?.removeInstance(this.instanceId).catch((error: unknown) => this.pgLog.warn({ err: error }, "live relay: could not delete this instance's connections"));
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /**
   * LISTENs to another channel on the same client (now, and again after every reconnect): each
   * notification's payload goes to `onMessage`, and `null` after a reconnect, since
   * notifications sent while the client was down are lost.
   * @throws Error for a channel name that is not a plain SQL identifier.
   */
  async subscribe(channel: string, onMessage: (payload: string | null) => void): Promise<void> {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel) || channel === this.channel) throw new Error(`Invalid NOTIFY channel "${channel}"`);
    this.subscriptions.set(channel, onMessage);
    await this.client?.query(`LISTEN ${channel}`);
  }

  /** Whether the LISTEN client is connected now. */
  get listening(): boolean {
    return this.client !== null;
  }

  /** Envelopes sent, and envelopes not sent (client down, too large, query failed), since start. */
  relayStats(): { published: number; lost: number } {
    return { published: this.published, lost: this.lost };
  }

  override closeUser(userId: number, code: number = LIVE_CLOSE_CODES.unauthorized, reason = "Not authenticated"): number {
    this.publish({ kind: "closeUser", userId, code, reason });
    return super.closeUser(userId, code, reason);
  }

  override closeDevice(deviceId: number, code: number = LIVE_CLOSE_CODES.unauthorized, reason = "This device is not linked"): number {
    this.publish({ kind: "closeDevice", deviceId, code, reason });
    return super.closeDevice(deviceId, code, reason);
  }

  override closeSession(sessionId: string, code: number = LIVE_CLOSE_CODES.unauthorized, reason = "Logged out"): number {
    this.publish({ kind: "closeSession", sessionId, code, reason });
    return super.closeSession(sessionId, code, reason);
  }

  /** Joins locally (this instance's cap), then counts the socket with every instance's (see the module comment). */
  override join(client: LiveClient): void {
    super.join(client);
    const store = this.connections;
    if (!store) return;
    const key = { instanceId: this.instanceId, connectionId: client.id };
    const stored = store.add(key, client.userId, Date.now());
    this.tracked.set(client.id, { client, stored });
    stored
      .then(async () => {
        if (!this.tracked.has(client.id)) return;
        const over = await store.overCap(client.userId, this.limits.connectionsPerUser);
        for (const row of over) {
          if (row.instanceId === this.instanceId) this.closeTooMany(row.connectionId);
          else this.publish({ kind: "closeConnection", instanceId: row.instanceId, connectionId: row.connectionId, code: LIVE_CLOSE_CODES.tooMany, reason: "Too many connections" });
        }
        await store.remove(over);
      })
      .catch((error: unknown) => this.pgLog.warn({ err: error, userId: client.userId }, "live relay: could not count the connection"));
  }

  /** Leaves locally and deletes the socket's row (once its insert is done). */
  override leave(client: LiveClient): void {
    super.leave(client);
    const entry = this.tracked.get(client.id);
    if (!entry || entry.client !== client || !this.connections) return;
    this.tracked.delete(client.id);
    const store = this.connections;
    entry.stored
      .then(() => store.remove([{ instanceId: this.instanceId, connectionId: client.id }]))
      .catch((error: unknown) => this.pgLog.warn({ err: error, userId: client.userId }, "live relay: could not delete the connection"));
  }

  /** Closes this instance's socket `connectionId` (if still open) as one too many. */
  private closeTooMany(connectionId: number): void {
    const entry = this.tracked.get(connectionId);
    if (!entry) return;
    this.leave(entry.client);
    entry.client.close(LIVE_CLOSE_CODES.tooMany, "Too many connections");
  }

  /** Focus rooms' presence and closings go to every other instance (`docs/rooms.md`). */
  override publishRooms(message: RoomRelayMessage): void {
    this.publish({ kind: "rooms", message });
  }

  /** Local fan-out, then the same message to the user's connections on other instances. */
  protected override deliver(userId: number, message: LiveMessage, exceptId: number | null): void {
    super.deliver(userId, message, exceptId);
    this.publish({ kind: "deliver", userId, message });
  }

  /** Opens a client, subscribes it, and makes it the current one. */
  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: LIVE_RELAY_APPLICATION_NAME });
    client.on("notification", (notification) => {
      if (notification.channel === this.channel) this.onNotification(notification.payload);
      else this.subscriptions.get(notification.channel)?.(notification.payload ?? "");
    });
    client.on("error", (error) => this.onLost(client, error));
    client.on("end", () => this.onLost(client, null));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      for (const channel of this.subscriptions.keys()) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      client.removeAllListeners("end");
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }

  /** The current client failed or ended: drop it and reconnect (unless closing). */
  private onLost(client: pg.Client, error: Error | null): void {
    if (client !== this.client) return;
    this.client = null;
    client.end().catch(() => undefined);
    if (this.closed) return;
    this.pgLog.warn({ err: error ?? undefined }, "live relay: LISTEN connection lost, reconnecting");
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** this.reconnectAttempts);
    this.reconnectAttempts += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect().then(
        () => {
          if (this.closed) return;
          this.pgLog.info({ attempts: this.reconnectAttempts }, "live relay: LISTEN connection restored");
          this.reconnectAttempts = 0;
          for (const onMessage of this.subscriptions.values()) onMessage(null);
        },
        (error: unknown) => {
          this.pgLog.debug({ err: error, attempts: this.reconnectAttempts }, "live relay: reconnect failed");
          this.scheduleReconnect();
        },
      );
    }, delay);
    this.reconnectTimer.unref();
  }

  /** Sends an envelope to the other instances; never throws (a lost relay is logged and counted). */
  private publish(outgoing: Outgoing): void {
    const client = this.client;
    if (!client) {
      this.lost += 1;
      this.pgLog.debug({ kind: outgoing.kind }, "live relay: not connected, envelope not sent");
      return;
    }
    const payload = JSON.stringify({ v: 1, from: this.instanceId, ...outgoing });
    if (Buffer.byteLength(payload, "utf8") > LIVE_NOTIFY_MAX_BYTES) {
      this.lost += 1;
      this.pgLog.warn({ kind: outgoing.kind, bytes: Buffer.byteLength(payload, "utf8") }, "live relay: envelope too large, not sent");
      return;
    }
    this.published += 1;
    client.query("SELECT pg_notify($1, $2)", [this.channel, payload]).catch((error: unknown) => {
      this.lost += 1;
      this.pgLog.warn({ err: error, kind: outgoing.kind }, "live relay: NOTIFY failed");
    });
  }

  /** Applies an envelope from another instance (its own echo and anything malformed are ignored). */
  private onNotification(payload: string | undefined): void {
    let envelope: Envelope;
    try {
      const parsed = envelopeSchema.safeParse(JSON.parse(payload ?? ""));
      if (!parsed.success) throw parsed.error;
      envelope = parsed.data;
    } catch {
      this.pgLog.debug({ bytes: payload?.length ?? 0 }, "live relay: malformed envelope ignored");
      return;
    }
    if (envelope.from === this.instanceId) return;
    switch (envelope.kind) {
      case "deliver": {
        const { message, userId } = envelope;
        super.deliver(userId, message, null);
        if (message.type === "account_timer") this.timers?.observed(userId, message.timer);
        return;
      }
      case "closeUser":
        super.closeUser(envelope.userId, envelope.code, envelope.reason);
        return;
      case "closeDevice":
        super.closeDevice(envelope.deviceId, envelope.code, envelope.reason);
        return;
      case "closeSession":
        super.closeSession(envelope.sessionId, envelope.code, envelope.reason);
        return;
      case "rooms":
        this.rooms?.onRelay(envelope.message, envelope.from);
        return;
      case "closeConnection":
        if (envelope.instanceId === this.instanceId) this.closeTooMany(envelope.connectionId);
        return;
    }
  }
}
