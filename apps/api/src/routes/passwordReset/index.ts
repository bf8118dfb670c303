/**
 * Password reset routes (`docs/api.md`, Password reset; rules in `docs/product.md`, Forgotten
 * password):
 * `GET /api/password-reset` → 200 `{ byEmail }`: whether this server mails reset links (SMTP_URL);
 * `POST /api/password-reset/request` `{ login }` → 200 `{ message }`, the same answer whether or
 * not an account matches and whether or not its mails for the hour are spent; the lookup, the
 * link and the mail all happen after the answer has gone, so neither its text nor its timing
 * tells anything (per IP: RESET_REQUEST_RATE_LIMIT, 429 with Retry-After);
 * `POST /api/password-reset/check` `{ token }` → 200 `{ expiresAt }`, or 410 for a dead link;
 * `POST /api/password-reset/complete` `{ token, password }` → 200 `{ user }`: the new password is
 * set, every login of the user ends (sessions, linked devices, their live connections) and this
 * browser is signed in on a fresh session id; 410 for a dead link, 400 for a refused password
 * (both rate limited per IP: RESET_USE_RATE_LIMIT).
 * The admin's reset link for a user is `adminLink.ts`.
 */
import { PASSWORD_RESET_NO_MAIL_MESSAGE, PASSWORD_RESET_SENT_MESSAGE, messageResponseSchema, passwordResetCheckBodySchema, passwordResetCheckResponseSchema, passwordResetCompleteBodySchema, passwordResetCompleteResponseSchema, passwordResetOptionsSchema, passwordResetRequestBodySchema } from "@focus/core/schemas";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { checkResetLink, completeReset, issueMailedResetLink, resetLinkUrl } from "../../domain/passwordReset";
import { toPublicUser } from "../../domain/publicUser";
import { closeEndedLogins } from "../../domain/signOut";
import type { Config } from "../../env";
import { mailFailure } from "../../mail/mailer";
import { passwordResetMail } from "../../mail/passwordResetMail";
import adminLinkRoutes from "./adminLink";
import { routePlugin } from "../../plugins/routePlugin";

export interface PasswordResetRoutesOptions {
  config: Pick<Config, "adminUsername" | "publicOrigin" | "mail">;
}

/** Reset requests per IP per 15 minutes (each may send a mail). */
export const RESET_REQUEST_RATE_LIMIT = { max: 5, timeWindow: "15 minutes" };
/** Checks and uses of a link per IP per minute (a use costs a password hash). */
export const RESET_USE_RATE_LIMIT = { max: 10, timeWindow: "1 minute" };

const passwordResetRoutes: FastifyPluginAsyncZod<PasswordResetRoutesOptions> = async (fastify, { config }) => {
  const mailer = fastify.mailer;
  /** Requests answered whose mail is still on its way; the app's close waits for them. */
  const pending = new Set<Promise<void>>();
  /** The login typed into each request, handed from the handler to its onResponse hook. */
  const asked = new WeakMap<FastifyRequest, string>();

  /**
   * Looks the account up, makes a mailed link within the hour's limit and sends it. Never
   * throws: the asker has their answer already, and every outcome is logged with the user's id
   * only (never the login typed, the address, the token or the link).
   */
  async function mailResetLink(login: string, log: FastifyBaseLogger): Promise<void> {
    try {
      const issued = await issueMailedResetLink(fastify.db, login);
      if (issued.outcome === "noAccount") return log.info("password reset asked for no account with an email");
      if (issued.outcome === "limitReached") return log.info({ userId: issued.userId }, "password reset mail not sent: the account's mails for the hour are spent");
      // config.mail exists whenever the mailer does, and requires PUBLIC_ORIGIN (env.ts).
      await mailer?.send(passwordResetMail(issued.email, issued.username, resetLinkUrl(issued.link.token, config.publicOrigin)));
      log.info({ userId: issued.userId }, "password reset mail sent");
    } catch (error) {
      log.warn(mailFailure(error), "password reset mail failed");
    }
  }

  fastify.addHook("onClose", async () => {
    await Promise.allSettled([...pending]);
  });

  /** Whether reset links go out by email → 200 `{ byEmail }`. */
  fastify.get(
    "/password-reset",
    { schema: { response: { 200: passwordResetOptionsSchema }, summary: "Whether this server mails reset links" } },
    async () => ({ byEmail: mailer !== null }),
  );

  /** Username or email → 200 `{ message }`, always the same; the mail (if any) leaves after the answer. */
  fastify.post(
    "/password-reset/request",
    {
      config: { rateLimit: RESET_REQUEST_RATE_LIMIT },
      schema: { body: passwordResetRequestBodySchema, response: { 200: messageResponseSchema }, summary: "Ask for a reset link by email" },
      onResponse: (request, _reply, done) => {
        const login = asked.get(request);
        if (login !== undefined) {
          const job = mailResetLink(login, request.log).finally(() => pending.delete(job));
          pending.add(job);
        }
        done();
      },
    },
    async (request) => {
      if (!mailer) return { message: PASSWORD_RESET_NO_MAIL_MESSAGE };
      asked.set(request, request.body.login);
      return { message: PASSWORD_RESET_SENT_MESSAGE };
    },
  );

  /** A link's token → 200 `{ expiresAt }` while it works; 410 otherwise. */
  fastify.post(
    "/password-reset/check",
    {
      config: { rateLimit: RESET_USE_RATE_LIMIT },
      schema: { body: passwordResetCheckBodySchema, response: { 200: passwordResetCheckResponseSchema }, summary: "Whether a reset link still works" },
    },
    async (request) => ({ expiresAt: (await checkResetLink(fastify.db, request.body.token)).toISOString() }),
  );

  /** Token + new password → 200 `{ user }`, signed in here and signed out everywhere else; 410 dead link. */
  fastify.post(
    "/password-reset/complete",
    {
      config: { rateLimit: RESET_USE_RATE_LIMIT },
      schema: { body: passwordResetCompleteBodySchema, response: { 200: passwordResetCompleteResponseSchema }, summary: "Set a new password with a reset link" },
    },
    async (request, reply) => {
      const { user, ended } = await completeReset(fastify.db, request.body.token, request.body.password);
      closeEndedLogins(fastify.liveHub, ended);
      // This browser: whatever session it came with ends, and the user starts on a fresh id.
      const sessions = fastify.loginSessions;
      const previous = await sessions.destroy(request);
      if (previous !== null) fastify.liveHub.closeSession(previous);
      await sessions.start(request, reply, user.id);
      await fastify.signInGuard.recordRecovery(reply, user.id);
      request.log.info(
        { userId: user.id, sessions: ended.sessionKeys.length, devices: ended.deviceIds.length },
        "password reset; signed out everywhere else",
      );
      return { user: toPublicUser(user, config.adminUsername) };
    },
  );

  await fastify.register(adminLinkRoutes, { config });
};

export default routePlugin(passwordResetRoutes, "passwordResetRoutes");
