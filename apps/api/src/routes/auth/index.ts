/**
 * Account routes (`docs/api.md`): register, login, logout, me. Login and register are rate
 * limited per IP; failed sign-ins are also counted per account (`security/signInGuard.ts`), so
 * guesses spread over many addresses still stop, without locking the owner out of a browser
 * they signed in from before. Both regenerate the session id (no session fixation).
 */
import { loginBodySchema, messageResponseSchema, registerBodySchema, userResponseSchema } from "@focus/core/schemas";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { findSignInAccount, registerUser, signInPasswordMatches } from "../../domain/accounts";
import { HttpError } from "../../httpError";
import { toPublicUser } from "../../domain/publicUser";
import type { Config } from "../../env";
import { userOf } from "../../plugins/auth";
import { routePlugin } from "../../plugins/routePlugin";

export interface AuthRoutesOptions {
  config: Pick<Config, "adminUsername" | "trialDays">;
}

/** Attempts per IP per minute on login and on register (the per-account counters: `security/signInGuard.ts`). */
export const AUTH_RATE_LIMIT = { max: 10, timeWindow: "1 minute" };

const invalidCredentials = () => new HttpError(401, "Invalid username or password");

/**
 * Logs the user in on a fresh session id (the old one is destroyed, and so are live
 * connections opened with it: they may belong to another account).
 */
async function startSession(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  const sessions = request.server.loginSessions;
  const previous = await sessions.destroy(request);
  if (previous !== null) request.server.liveHub.closeSession(previous);
  await sessions.start(request, reply, userId);
}

const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (fastify, { config }) => {
  /** Register → 201 `{ user }`, logged in, on a trial. 409 on a taken username or email. */
  fastify.post(
    "/register",
    {
      config: { rateLimit: AUTH_RATE_LIMIT },
      schema: { body: registerBodySchema, response: { 201: userResponseSchema } },
    },
    async (request, reply) => {
      const row = await registerUser(fastify.db, request.body, config);
      await startSession(request, reply, row.id);
      await fastify.signInGuard.recordSuccess(null, reply, row.id);
      request.log.info({ userId: row.id }, "user registered");
      return reply.code(201).send({ user: toPublicUser(row, config.adminUsername) });
    },
  );

  /** Login by username or email → 200 `{ user }`; 401 with one message for every failure. */
  fastify.post(
    "/login",
    {
      config: { rateLimit: AUTH_RATE_LIMIT },
      schema: { body: loginBodySchema, response: { 200: userResponseSchema } },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const row = await findSignInAccount(fastify.db, username);
      const attempt = fastify.signInGuard.attemptOf(request, row?.id ?? null, username);
      await fastify.signInGuard.assertMayTry(attempt, reply);
      const valid = await signInPasswordMatches(row, password);
      if (!row || !valid) {
        await fastify.signInGuard.recordFailure(attempt);
        throw invalidCredentials();
      }
      await startSession(request, reply, row.id);
      await fastify.signInGuard.recordSuccess(attempt, reply, row.id);
      return { user: toPublicUser(row, config.adminUsername) };
    },
  );

  /**
   * Logout → 200 `{ message: "Logged out" }`, also when not logged in. Live connections opened
   * with this login session are closed; the user's other sessions and devices stay connected.
   */
  fastify.post("/logout", { schema: { response: { 200: messageResponseSchema } } }, async (request, reply) => {
    const ended = await fastify.loginSessions.destroy(request);
    if (ended !== null) fastify.liveHub.closeSession(ended);
    fastify.loginSessions.clearCookie(reply);
    return { message: "Logged out" };
  });

  /** The logged-in user → 200 `{ user }`, else 401; a linked device's token works too. */
  fastify.get(
    "/me",
    { onRequest: fastify.authenticateUserOrDevice, schema: { response: { 200: userResponseSchema } } },
    async (request) => ({ user: toPublicUser(userOf(request), config.adminUsername) }),
  );
};

export default routePlugin(authRoutes, "authRoutes");
