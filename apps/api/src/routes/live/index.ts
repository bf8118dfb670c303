/**
 * `GET /ws/timer` (`docs/api.md`, Live sync): the websocket
 * that keeps a user's tabs, mini timer and extension in sync through `fastify.liveHub`.
 *
 * The upgrade is authorised before it is accepted (an HTTP answer, no socket):
 * - a request that is no websocket upgrade → 426;
 * - with `?token=<device token>` (the extension; browsers cannot set headers on a websocket)
 *   the `Origin` must be our extension's (`chrome-extension://<EXTENSION_ID>`), else 403; then 401 "This device is not
 *   linked" / 403 "This device is paused" as for REST calls;
 * - otherwise the session cookie (web app, mini timer): the `Origin` must be the app's own
 *   (PUBLIC_ORIGIN, else the request's scheme and host), else 403; then 401 when not logged in.
 * Frames from a linked device also note it as seen (at most once a minute).
 * The connection counts the user's days in the time zone it names: `?tz=<IANA name>` (a browser
 * cannot set headers on a websocket), else `X-Time-Zone`, else UTC (a focus room's daily limit).
 */
import { LIVE_PATH } from "@focus/core/protocol";
import { timeZoneSchema } from "@focus/core/schemas";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { accountTimeZone } from "../../domain/accountTimeZone";
import { authenticateDeviceToken, deviceNotLinked, noteDeviceSeen } from "../../domain/devices";
import { HttpError } from "../../httpError";
import type { Config } from "../../env";
import { frameText, type LiveIdentity, SocketLiveClient } from "../../live/socketClient";
import { userOf } from "../../plugins/auth";
import { crossOriginMessage, isExtensionOrigin, ownOrigin } from "../../plugins/originCheck";
import { routePlugin } from "../../plugins/routePlugin";

declare module "fastify" {
  interface FastifyRequest {
    /** Who a `/ws/timer` upgrade belongs to, once authorised. */
    liveIdentity: LiveIdentity | null;
  }
}

export interface LiveRoutesOptions {
  config: Pick<Config, "publicOrigin">;
}


/** What the OpenAPI document says of the socket (`plugins/apiDocs.ts`); frames in `docs/api.md`. */
const LIVE_DESCRIPTION =
  "A websocket (send `Upgrade: websocket`; any other request gets 426): the user's timer, kept in sync between " +
  "their tabs, mini timer and extension. Opened with the session cookie from the app's own Origin, or by the " +
  "extension with `?token=<device token>` from its own Origin (403 for another Origin, 401 when not signed in or " +
  "the device is not linked). Frames are JSON: `timer_update { timerState }`, `command { action }`, `ping` → `pong` " +
  "(core's live protocol schemas; `docs/api.md`, Live sync).";

/**
 * The zone the connection counts local days in: the account's (`domain/accountTimeZone.ts`), which
 * the `tz` query parameter (else `X-Time-Zone`) may set when it names a zone this server knows.
 */
function connectionTimeZone(fastify: FastifyInstance, request: FastifyRequest, user: ReturnType<typeof userOf>): Promise<string> {
  const parsed = timeZoneSchema.safeParse((request.query as Record<string, unknown> | null)?.tz);
  return accountTimeZone(fastify.db, user, parsed.success ? parsed.data : request.namedTimeZone, Date.now());
}

/** The `token` query parameter: undefined when absent, "" when repeated or not text. */
function queryToken(query: unknown): string | undefined {
  const value = (query as Record<string, unknown> | null)?.token;
  if (value === undefined) return undefined;
  return typeof value === "string" ? value : "";
}

const liveRoutes: FastifyPluginAsyncZod<LiveRoutesOptions> = async (fastify, { config }) => {
  fastify.decorateRequest("liveIdentity", null);

  /** Origin first (403), then credentials (401/403); sets `request.liveIdentity`. */
  async function authorizeUpgrade(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!request.ws) {
      reply.header("upgrade", "websocket");
      throw new HttpError(426, "This address only accepts websocket connections");
    }
    const origin = request.headers.origin;
    const token = queryToken(request.query);
    if (token !== undefined) {
      if (!isExtensionOrigin(origin)) throw new HttpError(403, "Only the Focus Flow extension can connect with a device token.");
      if (token === "") throw deviceNotLinked();
      const { device, user } = await authenticateDeviceToken(fastify.db, token);
      request.currentUser = user;
      request.currentDevice = device;
      request.liveIdentity = { userId: user.id, source: "extension", deviceId: device.id, sessionId: null, timeZone: await connectionTimeZone(fastify, request, user) };
      return;
    }
    const own = ownOrigin(request, config.publicOrigin);
    if (origin === undefined || origin.toLowerCase() !== own.toLowerCase()) throw new HttpError(403, crossOriginMessage(origin, own));
    await fastify.authenticate(request, reply);
    const session = await fastify.loginSessions.load(request);
    request.liveIdentity = {
      userId: userOf(request).id,
      source: "web",
      deviceId: null,
      sessionId: session?.key ?? null,
      timeZone: await connectionTimeZone(fastify, request, userOf(request)),
    };
  }

  const schema = { summary: "Live timer sync (websocket)", description: LIVE_DESCRIPTION };
  fastify.get(LIVE_PATH, { websocket: true, onRequest: authorizeUpgrade, schema }, (socket, request) => {
    const identity = request.liveIdentity;
    if (!identity) {
      socket.close(1008, "Not authorised");
      return;
    }
    const hub = fastify.liveHub;
    const client = new SocketLiveClient(socket, identity);
    const device = request.currentDevice;
    socket.on("message", (data, isBinary) => {
      hub.receive(client, isBinary ? null : frameText(data));
      if (device) {
        noteDeviceSeen(fastify.db, device).catch((error: unknown) =>
          request.log.warn({ err: error, deviceId: device.id }, "could not note the device as seen"),
        );
        // Any frame (its pings every 20 s) keeps the device's shield reported (domain/shieldWatch.ts).
        fastify.shieldWatch.heard(identity.userId, device.id, null).catch((error: unknown) =>
          request.log.warn({ err: error, deviceId: device.id }, "could not note the device's shield as heard"),
        );
      }
    });
    socket.on("close", () => hub.leave(client));
    hub.join(client);
  });
};

export default routePlugin(liveRoutes, "liveRoutes");
