/**
 * `fastify.authenticate`: an onRequest hook for protected routes. Loads the session's user
 * into `request.currentUser` or answers 401 `{ message: "Not authenticated" }`.
 * Pushes the session's 30-day expiry forward at most once a day (sliding expiry).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { UserRow } from "../db/tables/users";
import { notAuthenticated } from "../domain/httpError";
import { findUserById } from "../repositories/users";

declare module "fastify" {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `authenticate` on protected routes. */
    currentUser: UserRow | null;
  }
}

const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

/** The authenticated user of a protected route. @throws HttpError 401 when absent. */
export function userOf(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw notAuthenticated();
  return request.currentUser;
}

export default fp(
  async (fastify) => {
    fastify.decorateRequest("currentUser", null);
    fastify.decorate("authenticate", async (request: FastifyRequest) => {
      const session = request.session;
      const userId = session?.userId;
      if (typeof userId !== "number") throw notAuthenticated();
      const user = await findUserById(fastify.db, userId);
      if (!user) {
        // The account was deleted: end the orphaned session.
        await session.destroy();
        throw notAuthenticated();
      }
      const now = Date.now();
      if (now - (session.renewedAt ?? 0) > RENEW_AFTER_MS) session.renewedAt = now;
      request.currentUser = user;
    });
  },
  { name: "auth", dependencies: ["database", "session"] },
);
