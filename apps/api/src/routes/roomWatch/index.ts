/**
 * `GET /ws/rooms/:slug` (`docs/rooms.md`, How it travels): a websocket that shows one open focus
 * room to whoever has its page open, signed in or not, member or not. It is read-only: the
 * server sends `room_state { room, serverNow }` at once and on every change of who is there
 * (on any instance; at most one a second, the latest), with usernames only when the session
 * cookie names a signed-in user (a visitor gets `memberCount` and no `members`), and
 * `room_closed` when the room ends (then closes the socket); the client
 * may send `ping { sentAt }` and gets `pong { sentAt, serverNow }`, a sample of the server's
 * clock (a visitor has no other live connection). Taking part happens on `/ws/timer`.
 *
 * The upgrade is refused before it is accepted (an HTTP answer, no socket): 426 for a request
 * that is no upgrade, 403 for another Origin than the app's own, 404 for an unknown room, 410
 * for an ended one, 429 past ROOM_WATCHERS_PER_ADDRESS sockets from one address. Per socket, a
 * few frames at once then one a second; more are dropped, and a socket that keeps sending is
 * closed with 4429.
 */
import { parseLiveMessage } from "@focus/core/protocol";
import { roomSlugParamsSchema } from "@focus/core/schemas";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { watchableRoom } from "../../domain/rooms";
import type { Config } from "../../env";
import { HttpError } from "../../httpError";
import { LIVE_CLOSE_CODES } from "../../live/hub";
import { frameText, SocketRoomWatcher } from "../../live/socketClient";
import { crossOriginMessage, ownOrigin } from "../../plugins/originCheck";
import { routePlugin } from "../../plugins/routePlugin";

/** Room sockets one client address may hold open at once (tabs, reconnects). */
export const ROOM_WATCHERS_PER_ADDRESS = 20;
/** Frames a watcher may send: this many at once, then one a second; `closeAfterDropped` over it in a row closes it. */
const WATCHER_FRAMES = { burst: 5, perSecond: 1, closeAfterDropped: 30 } as const;

export interface RoomWatchRoutesOptions {
  config: Pick<Config, "publicOrigin">;
}

/** What the OpenAPI document says of the socket (`plugins/apiDocs.ts`). */
const DESCRIPTION =
  "A read-only websocket (send `Upgrade: websocket`; any other request gets 426) showing one open focus room to anyone with its " +
  "page open: `room_state { room, serverNow }` at once and whenever who is there changes, `room_closed` when it ends. The " +
  "client may send `ping { sentAt }` and gets `pong { sentAt, serverNow }`. 403 for another Origin, 404 for an unknown room, " +
  "410 for an ended one, 429 for too many sockets from one address (`docs/rooms.md`).";

/** A token bucket for one socket's frames: whether the next frame may be handled. */
function frameBudget(): () => boolean | "close" {
  let tokens: number = WATCHER_FRAMES.burst;
  let at = Date.now();
  let dropped = 0;
  return () => {
    const now = Date.now();
    tokens = Math.min(WATCHER_FRAMES.burst, tokens + ((now - at) / 1000) * WATCHER_FRAMES.perSecond);
    at = now;
    if (tokens >= 1) {
      tokens -= 1;
      dropped = 0;
      return true;
    }
    dropped += 1;
    return dropped >= WATCHER_FRAMES.closeAfterDropped ? "close" : false;
  };
}

const roomWatchRoutes: FastifyPluginAsyncZod<RoomWatchRoutesOptions> = async (fastify, { config }) => {
  const openPerAddress = new Map<string, number>();

  /** Refuses the upgrade with an HTTP answer (see the module comment). */
  async function authorizeUpgrade(request: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply): Promise<void> {
    if (!request.ws) {
      reply.header("upgrade", "websocket");
      throw new HttpError(426, "This address only accepts websocket connections");
    }
    const own = ownOrigin(request, config.publicOrigin);
    const origin = request.headers.origin;
    if (origin === undefined || origin.toLowerCase() !== own.toLowerCase()) throw new HttpError(403, crossOriginMessage(origin, own));
    if ((openPerAddress.get(request.ip) ?? 0) >= ROOM_WATCHERS_PER_ADDRESS) {
      throw new HttpError(429, "Too many room pages are open from here. Close a few and try again.");
    }
    await watchableRoom(fastify.db, request.params.slug);
    // Signed in or not decides whether usernames are shown (never refused here).
    await fastify.identify(request, reply);
  }

  const schema = { summary: "Watch a focus room (websocket)", description: DESCRIPTION, params: roomSlugParamsSchema };
  fastify.get("/ws/rooms/:slug", { websocket: true, onRequest: authorizeUpgrade, schema }, (socket, request) => {
    const address = request.ip;
    openPerAddress.set(address, (openPerAddress.get(address) ?? 0) + 1);
    const watcher = new SocketRoomWatcher(socket);
    const spend = frameBudget();
    socket.on("message", (data, isBinary) => {
      const allowed = spend();
      if (allowed === "close") watcher.close(LIVE_CLOSE_CODES.tooMany, "Too many messages");
      if (allowed !== true || isBinary) return;
      const message = parseLiveMessage(frameText(data));
      if (message?.type !== "ping") return;
      watcher.send({ type: "pong", ...(message.sentAt === undefined ? {} : { sentAt: message.sentAt }), serverNow: Date.now() });
    });
    socket.on("close", () => {
      fastify.rooms.unwatch(watcher);
      const left = (openPerAddress.get(address) ?? 1) - 1;
      if (left > 0) openPerAddress.set(address, left);
      else openPerAddress.delete(address);
    });
    fastify.rooms.watch(request.params.slug, watcher, request.currentUser !== null).then(
      (watching) => {
        // Ended (or gone) between the check and now; or the socket closed while the room loaded.
        if (!watching) watcher.close(1000, "This room has ended.");
        else if (socket.readyState !== socket.OPEN) fastify.rooms.unwatch(watcher);
      },
      (error: unknown) => {
        request.log.warn({ err: error }, "could not watch a room");
        watcher.close(1011, "Could not load the room");
      },
    );
  });
};

export default routePlugin(roomWatchRoutes, "roomWatchRoutes");
