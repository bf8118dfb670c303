/**
 * The live connection's transport (`docs/api.md`, Live sync): @fastify/websocket with frames capped
 * at LIVE_MAX_FRAME_BYTES (a larger frame closes the socket with 1009), the hub decorated as
 * `fastify.liveHub`, protocol-level pings that end dead connections, and on close every
 * socket closed with 1001 before the server stops.
 *
 * The focus rooms (`live/rooms.ts`) ride on the same hub and are decorated as `fastify.rooms`, the
 * account timers (`live/accountTimers.ts`) as `fastify.accountTimers`.
 * The hub follows the database: on PostgreSQL a `PgLiveHub`, which relays
 * across instances through LISTEN/NOTIFY and whose LISTEN connection is opened at start and
 * closed on close; on SQLite (one process) an `InMemoryLiveHub`.
 */
import { SHIELD_OFF_AFTER_MS } from "@focus/core/schemas";
import { ShieldWatch } from "../domain/shieldWatch";
import websocket from "@fastify/websocket";
import { ROOM_PRESENCE_TIMEOUT_MS } from "@focus/core/rooms";
import fp from "fastify-plugin";
import type { WebSocket } from "ws";
import { AccountTimers } from "../live/accountTimers";
import { InMemoryLiveHub, LIVE_CLOSE_CODES, LIVE_LIMITS, type LiveHub } from "../live/hub";
import { PgLiveHub } from "../live/pgHub";
import { RoomHub } from "../live/rooms";
import { liveConnectionStore } from "../repositories/liveConnections";

declare module "fastify" {
  interface FastifyInstance {
    liveHub: LiveHub;
    /** The Website Shield's watch: paired browsers' reports and shield-off intervals (domain/shieldWatch.ts). */
    shieldWatch: ShieldWatch;
    /** The focus rooms of this instance's live connections (`docs/rooms.md`). */
    rooms: RoomHub;
    /** The account timers of this instance's live connections (`docs/api.md`, The account's timer). */
    accountTimers: AccountTimers;
  }
}

/** Largest accepted frame of `/ws/timer`, bytes (a timer update is about 200). */
export const LIVE_MAX_FRAME_BYTES = 4 * 1024;
/**
 * How often the server pings each socket; one without a pong since the last ping is ended, ms.
 * Half the rooms' presence timeout, so a connection that died silently leaves its room within it.
 */
export const LIVE_PING_INTERVAL_MS = ROOM_PRESENCE_TIMEOUT_MS / 2;
/** How long shutdown waits for clients to answer the close before cutting them off, ms. */
const CLOSE_GRACE_MS = 2000;

/** The `code` of an error, when it has a string one. */
function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/**
 * Whether a socket error comes from what the client sent or how it left: `ws`'s protocol
 * errors (`WS_ERR_*`: a frame over the cap, an invalid frame) and a connection the client
 * reset or broke.
 */
export function isClientSocketError(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && (code.startsWith("WS_ERR_") || code === "ECONNRESET" || code === "EPIPE");
}

export interface LivePluginOptions {
  /** A hub to use instead of a new in-memory one (tests, a cross-process hub). */
  hub?: LiveHub;
}

/** Resolves once every socket is closed, or after `ms`. */
function allClosed(sockets: Set<WebSocket>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const deadline = Date.now() + ms;
    const check = () => {
      if ([...sockets].every((socket) => socket.readyState === socket.CLOSED) || Date.now() >= deadline) resolve();
      else setTimeout(check, 20);
    };
    check();
  });
}

export default fp<LivePluginOptions>(
  async (fastify, options) => {
    const log = fastify.log.child({ module: "live" });
    const database = fastify.hasDecorator("config") ? fastify.config.database : null;
    const framesPerSecond = fastify.hasDecorator("config") ? fastify.config.liveFramesPerSecond : LIVE_LIMITS.framesPerSecond;
    const limits = { framesPerSecond, burst: 2 * framesPerSecond };
    const pgHub =
      !options.hub && database?.dialect === "postgres"
        ? new PgLiveHub({ connectionString: database.url, log, limits, connections: liveConnectionStore(fastify.db) })
        : null;
    if (pgHub) {
      await pgHub.start();
      // onClose runs after the preClose hook below has closed every socket.
      fastify.addHook("onClose", async () => pgHub.close());
    }
    const hub = options.hub ?? pgHub ?? new InMemoryLiveHub({ log, limits });
    fastify.decorate("liveHub", hub);
    const stateIntervalMs = fastify.hasDecorator("config") ? fastify.config.roomStateIntervalMs : null;
    const rooms = new RoomHub({
      db: fastify.db,
      ...(stateIntervalMs === null ? {} : { limits: { stateIntervalMs } }),
      publish: (message) => hub.publishRooms(message),
      notifyUser: (userId, message, exceptClientId) => hub.notifyUser(userId, message, exceptClientId),
      log,
    });
    hub.attachRooms(rooms);
    rooms.start();
    fastify.decorate("rooms", rooms);
    fastify.addHook("onClose", async () => rooms.stop());
    const timers = new AccountTimers({ db: fastify.db, hub, log });
    hub.attachTimers(timers);
    fastify.decorate("accountTimers", timers);
    fastify.addHook("onClose", async () => timers.stop());
    const shieldConfig = fastify.hasDecorator("config") ? fastify.config.shield : { offAfterMs: SHIELD_OFF_AFTER_MS, checkMs: 15_000 };
    const shieldWatch = new ShieldWatch({ db: fastify.db, hub, log, ...shieldConfig });
    hub.attachShield((client, message) => {
      if (client.deviceId === null) return;
      const report = { incognitoAllowed: message.incognitoAllowed, rulesInPlace: message.rulesInPlace, failedEntries: message.failedEntries ?? [] };
      shieldWatch.heard(client.userId, client.deviceId, report).catch((error: unknown) => log.warn({ err: error }, "shield watch: a report was not saved"));
    });
    shieldWatch.start();
    fastify.decorate("shieldWatch", shieldWatch);
    fastify.addHook("onClose", async () => shieldWatch.stop());

    // Added before @fastify/websocket's own preClose hook, so this runs first.
    fastify.addHook("preClose", async () => {
      hub.closeAll(LIVE_CLOSE_CODES.shuttingDown, "Server shutting down");
      const sockets = fastify.websocketServer.clients;
      await allClosed(sockets, CLOSE_GRACE_MS);
      for (const socket of sockets) socket.terminate();
    });

    await fastify.register(websocket, {
      options: { maxPayload: LIVE_MAX_FRAME_BYTES, perMessageDeflate: false },
      errorHandler: (error, socket, request) => {
        // What a client sent (a frame over the cap, a broken frame, a reset) is the client's
        // doing: noted at info, never an error an operator is paged for. `ws` already answered
        // it with its close code (1009 for a frame over LIVE_MAX_FRAME_BYTES).
        if (isClientSocketError(error)) request.log.info({ code: errorCode(error) }, "live: a client's socket error, connection closed");
        else request.log.error({ err: error }, "live: socket error");
        socket.terminate();
      },
    });

    const alive = new WeakSet<WebSocket>();
    fastify.websocketServer.on("connection", (socket: WebSocket) => {
      alive.add(socket);
      socket.on("pong", () => alive.add(socket));
    });
    const heartbeat = setInterval(() => {
      for (const socket of fastify.websocketServer.clients) {
        if (!alive.has(socket)) {
          socket.terminate();
          continue;
        }
        alive.delete(socket);
        socket.ping();
      }
    }, LIVE_PING_INTERVAL_MS);
    heartbeat.unref();
    fastify.addHook("onClose", async () => clearInterval(heartbeat));
  },
  { name: "live", dependencies: ["database"] },
);
