/**
 * Profile routes of the logged-in user (`docs/api.md`; the Settings profile card):
 * `PUT /api/user/email` → 200 `{ user }` (409 "Email already registered");
 * `PUT /api/user/password` → 200 `{ message: "Password updated" }`
 * (400 "Current password is incorrect"; rate limited per IP). The session is kept.
 * `DELETE /api/user` `{ password }` → 200 `{ message: "Account deleted" }`: the user deletes
 * their own account and all its data, and is logged out everywhere (400 on a wrong password,
 * rate limited like the password change; 409 for the admin account, which stays).
 */
import {
  deleteAccountBodySchema,
  messageResponseSchema,
  updateEmailBodySchema,
  updatePasswordBodySchema,
  userResponseSchema,
} from "@focus/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { changeEmail, changePassword, deleteAccount } from "../../domain/accounts";
import { HttpError } from "../../domain/httpError";
import { isAdminUsername, toPublicUser } from "../../domain/publicUser";
import type { Config } from "../../env";
import { userOf } from "../../plugins/auth";
import { SESSION_COOKIE } from "../../plugins/session";
import { verifyPassword } from "../../security/password";

export interface UserRoutesOptions {
  config: Pick<Config, "adminUsername">;
}

/** Password-change attempts per IP per minute (each one is a guess at the current password). */
export const PASSWORD_RATE_LIMIT = { max: 10, timeWindow: "1 minute" };

const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (fastify, { config }) => {
  fastify.addHook("onRequest", fastify.authenticate);

  /** New email → 200 `{ user }`; 409 when another account has it (any letter case). */
  fastify.put(
    "/user/email",
    { schema: { body: updateEmailBodySchema, response: { 200: userResponseSchema } } },
    async (request) => {
      const row = await changeEmail(fastify.db, userOf(request).id, request.body.email);
      return { user: toPublicUser(row, config.adminUsername) };
    },
  );

  /** Current + new password → 200 `{ message }`; 400 on a wrong current password. No logout. */
  fastify.put(
    "/user/password",
    {
      config: { rateLimit: PASSWORD_RATE_LIMIT },
      schema: { body: updatePasswordBodySchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      const user = userOf(request);
      await changePassword(fastify.db, user, request.body.currentPassword, request.body.newPassword);
      request.log.info({ userId: user.id }, "password changed");
      return { message: "Password updated" };
    },
  );

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
      if (!(await verifyPassword(request.body.password, user.password_hash))) {
        throw new HttpError(400, "Password is incorrect");
      }
      await deleteAccount(fastify.db, user.id);
      fastify.liveHub.closeUser(user.id);
      await request.session.destroy();
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      request.log.info({ userId: user.id }, "account deleted by its owner");
      return { message: "Account deleted" };
    },
  );
};

export default userRoutes;
