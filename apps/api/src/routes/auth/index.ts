/**
 * Account routes (`docs/api.md`): register, login, logout, me. Login and register are rate
 * limited per IP, login also per account (so guesses spread over many addresses still stop);
 * both regenerate the session id (no session fixation).
 */
import { type LoginBody, loginBodySchema, messageResponseSchema, registerBodySchema, userResponseSchema } from "@focus/core";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerUser } from "../../domain/accounts";
import { HttpError } from "../../domain/httpError";
import { toPublicUser } from "../../domain/publicUser";
import type { Config } from "../../env";
import { userOf } from "../../plugins/auth";
import { findUserByLogin } from "../../repositories/users";
import { verifyAgainstDummy, verifyPassword } from "../../security/password";

export interface AuthRoutesOptions {
  config: Pick<Config, "adminUsername" | "trialDays">;
}

/** Attempts per IP per minute on login and on register. */
export const AUTH_RATE_LIMIT = { max: 10, timeWindow: "1 minute" };

/**
 * Failed sign-ins per account (its name or email as typed, case-insensitive) per 15 minutes,
 * from any address; past them the account's sign-in answers 429 until the window ends.
 */
export const ACCOUNT_LOGIN_RATE_LIMIT = { max: 10, timeWindow: "15 minutes" };

/** The per-account key of a sign-in. */
const accountKey = (body: LoginBody) => `login-account:${body.username.trim().toLowerCase()}`;

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
  // Failed sign-ins per account, counted by the rate limiter's store (a separate counter from
  // the per-IP limit). Once an account is over it, every attempt on it is refused until the
  // window ends; a successful sign-in is never counted.
  const accountFailures = fastify.createRateLimit({
    ...ACCOUNT_LOGIN_RATE_LIMIT,
    keyGenerator: (request) => accountKey(request.body as LoginBody),
  });
  const lockedUntil = new Map<string, number>();
  const accountLocked = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const key = accountKey(request.body as LoginBody);
    const until = lockedUntil.get(key) ?? 0;
    const now = Date.now();
    if (until <= now) {
      lockedUntil.delete(key);
      return;
    }
    const seconds = Math.ceil((until - now) / 1000);
    reply.header("retry-after", String(seconds));
    throw new HttpError(429, `Too many failed sign-ins for this account, please try again in ${Math.ceil(seconds / 60)} minutes`);
  };
  const countFailure = async (request: FastifyRequest): Promise<void> => {
    const limit = await accountFailures(request);
    // The failure that uses the last of the window's allowance locks the account.
    if (limit.isAllowed || limit.remaining > 0) return;
    const now = Date.now();
    for (const [key, until] of lockedUntil) if (until <= now) lockedUntil.delete(key);
    lockedUntil.set(accountKey(request.body as LoginBody), now + limit.ttl);
  };

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
      request.log.info({ userId: row.id }, "user registered");
      return reply.code(201).send({ user: toPublicUser(row, config.adminUsername) });
    },
  );

  /** Login by username or email → 200 `{ user }`; 401 with one message for every failure. */
  fastify.post(
    "/login",
    {
      config: { rateLimit: AUTH_RATE_LIMIT },
      preHandler: accountLocked,
      schema: { body: loginBodySchema, response: { 200: userResponseSchema } },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const row = await findUserByLogin(fastify.db, username);
      const valid = row ? await verifyPassword(password, row.password_hash) : await verifyAgainstDummy(password);
      if (!row || !valid) {
        await countFailure(request);
        throw invalidCredentials();
      }
      await startSession(request, reply, row.id);
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

export default authRoutes;
