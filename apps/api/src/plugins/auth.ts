/**
 * `fastify.authenticate`: an onRequest hook for protected routes. Loads the session's user
 * into `request.currentUser` or answers 401 `{ message: "Not authenticated" }`.
 * Pushes the session's 30-day expiry forward at most once a day (sliding expiry). The user row
 * is read together with the session, in one query (`security/loginSessions.ts`).
 *
 * `fastify.requireAdmin`: a hook for admin-only routes (`docs/api.md`). 401 for anonymous
 * callers, 403 `{ message: "You don't have permission to access this page." }` for every
 * logged-in user whose stored username is not ADMIN_USERNAME (any letter case). The admin
 * routes run it as onRequest, right after `authenticate`, so a non-admin is refused before
 * any body or parameter is parsed; it works as a preHandler too.
 *
 * `fastify.authenticateUserOrDevice`: for the few routes a linked extension calls
 * (`GET /api/me`, `GET /api/blocked-sites`, `GET /api/shield`, `POST /api/blocked-attempts`). A request with
 * `Authorization: Bearer <device token>` is authenticated as the device's user (and
 * `request.currentDevice` set): 401 `{ message: "This device is not linked" }` for a revoked or
 * unknown token, 403 `{ message: "This device is paused" }` for a paused device. Without a
 * bearer token it is `authenticate`. Every other protected route ignores device tokens.
 *
 * `fastify.authenticateDevice`: for what only a linked extension may do (`POST
 * /api/blocked-attempts`: a page cannot make up what the Shield stopped): a device token as
 * above; without one, 401 for a visitor and 403 `{ message: ONLY_EXTENSION_MESSAGE }` for a
 * signed-in browser.
 *
 * `fastify.identify`: for public routes whose answer depends on who asks (audio streaming):
 * loads the session's user into `request.currentUser` when there is one, and leaves it null
 * for a visitor or a guest, never refusing. Both clear a session cookie that names no session.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { LinkedDeviceRow } from "../db/tables/linkedDevices";
import type { UserRow } from "../db/tables/users";
import { accountTimeZone } from "../domain/accountTimeZone";
import { authenticateDeviceToken } from "../domain/devices";
import { HttpError, notAdmin, notAuthenticated } from "../httpError";
import { isAdminUsername } from "../domain/publicUser";
import type { Config } from "../env";
import { SESSION_COOKIE } from "../security/loginSessions";

declare module "fastify" {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    authenticateUserOrDevice: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    authenticateDevice: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    identify: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `authenticate` on protected routes. */
    currentUser: UserRow | null;
    /** Set by `authenticateUserOrDevice` when a device token authenticated the request. */
    currentDevice: LinkedDeviceRow | null;
  }
}

/** What a signed-in browser hears when it reports what only a linked extension may (`authenticateDevice`). */
export const ONLY_EXTENSION_MESSAGE = "Only a linked Focus Flow extension reports blocked attempts";

/** The token of an `Authorization: Bearer <token>` header, else undefined. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer(?:\s+(.*))?$/i.exec(authorization?.trim() ?? "");
  return match ? (match[1] ?? "").trim() : undefined;
}

/** The authenticated user of a protected route. @throws HttpError 401 when absent. */
export function userOf(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw notAuthenticated();
  return request.currentUser;
}

export interface AuthPluginOptions {
  config: Pick<Config, "adminUsername">;
}

export default fp<AuthPluginOptions>(
  async (fastify, { config }) => {
    fastify.decorateRequest("currentUser", null);
    fastify.decorateRequest("currentDevice", null);
    /**
     * The signed-in user of the request's session (read with the session, one query), else
     * null. A cookie that names no live session is cleared; a session whose account is gone is
     * ended.
     */
    const sessionUser = async (request: FastifyRequest, reply: FastifyReply): Promise<UserRow | null> => {
      const sessions = fastify.loginSessions;
      const session = await sessions.load(request);
      if (session?.user) {
        await sessions.renew(reply, session);
        return session.user;
      }
      if (session) await sessions.destroy(request);
      if (request.cookies[SESSION_COOKIE] !== undefined) sessions.clearCookie(reply);
      return null;
    };
    /** The signed-in user's local days are counted in the account's zone (`domain/accountTimeZone.ts`). */
    const signedIn = async (request: FastifyRequest, user: UserRow) => {
      request.currentUser = user;
      request.timeZone = await accountTimeZone(fastify.db, user, request.namedTimeZone, Date.now());
    };
    fastify.decorate("authenticate", async (request: FastifyRequest, reply: FastifyReply) => {
      const user = await sessionUser(request, reply);
      if (!user) throw notAuthenticated();
      await signedIn(request, user);
    });
    fastify.decorate("identify", async (request: FastifyRequest, reply: FastifyReply) => {
      const user = await sessionUser(request, reply);
      if (user) await signedIn(request, user);
      else request.currentUser = null;
    });
    const deviceSignedIn = async (request: FastifyRequest, token: string) => {
      const { device, user } = await authenticateDeviceToken(fastify.db, token);
      await signedIn(request, user);
      request.currentDevice = device;
    };
    fastify.decorate("authenticateUserOrDevice", async (request: FastifyRequest, reply: FastifyReply) => {
      const token = bearerToken(request.headers.authorization);
      if (token === undefined) return fastify.authenticate(request, reply);
      await deviceSignedIn(request, token);
    });
    fastify.decorate("authenticateDevice", async (request: FastifyRequest, reply: FastifyReply) => {
      const token = bearerToken(request.headers.authorization);
      if (token !== undefined) return deviceSignedIn(request, token);
      await fastify.authenticate(request, reply);
      throw new HttpError(403, ONLY_EXTENSION_MESSAGE);
    });
    fastify.decorate("requireAdmin", async (request: FastifyRequest, reply: FastifyReply) => {
      // Standalone use: load the user first (401 when anonymous).
      if (!request.currentUser) await fastify.authenticate(request, reply);
      // The user row was just read from the database; nothing the client sent decides this.
      if (!isAdminUsername(userOf(request).username, config.adminUsername)) throw notAdmin();
    });
  },
  { name: "auth", dependencies: ["database", "session"] },
);
