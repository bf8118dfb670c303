/**
 * Profile routes of the logged-in user (`docs/api.md`; the Settings profile card):
 * `PUT /api/user/email` `{ email, currentPassword }` → 200 `{ user }` (400 "Current password is
 * incorrect"; 409 "Email already registered"; rate limited per account, EMAIL_RATE_LIMIT), and the
 * user's other open pages hear `user_changed`;
 * `PUT /api/user/password` → 200 `{ message }` (400 "Current password is incorrect"; rate
 * limited per IP). Each wrong current password on these routes counts as a failed sign-in of
 * the account, and while the account is locked they answer 429 (`security/signInGuard.ts`). This session is kept; every other session of the user is logged out and
 * every linked device unlinked (its token stops working), as after `POST /api/user/logout-all`,
 * which does the same without a password change (`docs/api.md`).
 * `DELETE /api/user` `{ password }` → 200 `{ message: "Account deleted" }`: the user deletes
 * their own account and all its data, and is logged out everywhere (400 on a wrong password,
 * rate limited like the password change; 409 for the admin account, which stays).
 * `GET /api/user/time-zone` and `PUT /api/user/time-zone` `{ timeZone }`: the account's time zone
 * as Settings shows and chooses it (at most once a day; `domain/accountTimeZone.ts`).
 */
import {
  accountTimeZoneAnswerSchema,
  deleteAccountBodySchema,
  messageResponseSchema,
  timeZoneChoiceSchema,
  updateEmailBodySchema,
  updatePasswordBodySchema,
  userResponseSchema,
} from "@focus/core/schemas";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { changeEmail, changePassword, checkCurrentPassword, type CurrentPasswordGuard, deleteAccount } from "../../domain/accounts";
import { chooseTimeZone, timeZoneOf } from "../../domain/accountTimeZone";
import { HttpError } from "../../httpError";
import { isAdminUsername, toPublicUser } from "../../domain/publicUser";
import { closeEndedLogins, endLogins } from "../../domain/signOut";
import type { Config } from "../../env";
import { userOf } from "../../plugins/auth";
import { routePlugin } from "../../plugins/routePlugin";

export interface UserRoutesOptions {
  config: Pick<Config, "adminUsername">;
}

/** Password-change attempts per IP per minute (each one is a guess at the current password). */
export const PASSWORD_RATE_LIMIT = { max: 10, timeWindow: "1 minute" };

/**
 * Email changes per account in 15 minutes (each checks the password, so each is a guess at it);
 * keyed by the account, which `authenticate` has loaded before the limit runs.
 */
export const EMAIL_RATE_LIMIT = {
  max: 5,
  timeWindow: "15 minutes",
  keyGenerator: (request: FastifyRequest) => `email:${request.currentUser?.id ?? request.ip}`,
};

/** The account's time zone as Settings shows and chooses it (`domain/accountTimeZone.ts`). */
function timeZoneRoutes(fastify: Parameters<FastifyPluginAsyncZod>[0]): void {
  /** The account's time zone → 200 `{ timeZone, chosen, changeableAt }` (`domain/accountTimeZone.ts`). */
  fastify.get("/user/time-zone", { schema: { response: { 200: accountTimeZoneAnswerSchema }, summary: "The account's time zone" } }, async (request) =>
    timeZoneOf(userOf(request), Date.now()),
  );

  /** Chooses the account's time zone → 200 `{ timeZone, chosen, changeableAt }`; 400 an unknown zone; 409 within a day of the last choice. */
  fastify.put(
    "/user/time-zone",
    { schema: { body: timeZoneChoiceSchema, response: { 200: accountTimeZoneAnswerSchema }, summary: "Choose the account's time zone" } },
    async (request) => {
      const user = userOf(request);
      const answer = await chooseTimeZone(fastify.db, user, request.body.timeZone, Date.now());
      request.log.info({ userId: user.id, timeZone: answer.timeZone }, "time zone chosen");
      fastify.liveHub.notifyUser(user.id, { type: "user_changed" });
      return answer;
    },
  );
}

const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (fastify, { config }) => {
  fastify.addHook("onRequest", fastify.authenticate);

  /** The signed-in user's password checks count toward their account's sign-in lock. */
  const passwordGuard = (request: FastifyRequest, reply: FastifyReply): CurrentPasswordGuard => {
    const userId = userOf(request).id;
    return {
      assertOpen: () => fastify.signInGuard.assertPasswordCheckOpen(userId, reply),
      recordWrong: () => fastify.signInGuard.recordWrongPassword(userId),
    };
  };

  /** New email and the password → 200 `{ user }`; 400 wrong password; 409 when another account has it (any letter case). */
  fastify.put(
    "/user/email",
    { config: { rateLimit: EMAIL_RATE_LIMIT }, schema: { body: updateEmailBodySchema, response: { 200: userResponseSchema } } },
    async (request, reply) => {
      // A reset link mailed to the old address dies with it (`domain/accounts.ts`).
      const row = await changeEmail(fastify.db, userOf(request), request.body.email, request.body.currentPassword, passwordGuard(request, reply));
      fastify.liveHub.notifyUser(row.id, { type: "user_changed" });
      return { user: toPublicUser(row, config.adminUsername) };
    },
  );

  /**
   * Ends every other login session of the user and unlinks their devices, closing their live
   * connections; this session stays. Returns how many sessions and devices ended.
   */
  async function signOutElsewhere(request: FastifyRequest): Promise<{ sessions: number; devices: number }> {
    // The session this request came with (these routes take cookie sessions only) stays.
    const ended = await endLogins(fastify.db, userOf(request).id, fastify.loginSessions.cookieSessionId(request));
    closeEndedLogins(fastify.liveHub, ended);
    return { sessions: ended.sessionKeys.length, devices: ended.deviceIds.length };
  }

  /** Current + new password → 200 `{ message }`; 400 on a wrong current password. Signs out everywhere else. */
  fastify.put(
    "/user/password",
    {
      config: { rateLimit: PASSWORD_RATE_LIMIT },
      schema: { body: updatePasswordBodySchema, response: { 200: messageResponseSchema } },
    },
    async (request, reply) => {
      const user = userOf(request);
      await changePassword(fastify.db, user, request.body.currentPassword, request.body.newPassword, passwordGuard(request, reply));
      const ended = await signOutElsewhere(request);
      request.log.info({ userId: user.id, ...ended }, "password changed; signed out elsewhere");
      return { message: "Password updated. Your other browsers and linked devices were signed out." };
    },
  );

  /** Signs out every other browser and unlinks every device → 200 `{ message }`; this session stays. */
  fastify.post(
    "/user/logout-all",
    { schema: { response: { 200: messageResponseSchema }, summary: "Sign out everywhere else" } },
    async (request) => {
      const ended = await signOutElsewhere(request);
      request.log.info({ userId: userOf(request).id, ...ended }, "signed out everywhere else");
      return { message: "Signed out of your other browsers and linked devices" };
    },
  );

  timeZoneRoutes(fastify);

  /** Own account and all its data → 200 `{ message }`, logged out; 400 wrong password; 409 admin. */
  fastify.delete(
    "/user",
    {
      config: { rateLimit: PASSWORD_RATE_LIMIT },
      schema: { body: deleteAccountBodySchema, response: { 200: messageResponseSchema } },
    },
    async (request, reply) => {
      const user = userOf(request);
      if (isAdminUsername(user.username, config.adminUsername)) {
        throw new HttpError(409, "The admin account cannot be deleted");
      }
      await checkCurrentPassword(user, request.body.password, passwordGuard(request, reply), "Password is incorrect");
      await deleteAccount(fastify.db, user.id);
      fastify.liveHub.closeUser(user.id);
      await fastify.loginSessions.destroy(request);
      fastify.loginSessions.clearCookie(reply);
      request.log.info({ userId: user.id }, "account deleted by its owner");
      return { message: "Account deleted" };
    },
  );
};

export default routePlugin(userRoutes, "userRoutes");
