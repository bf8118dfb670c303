/**
 * The admin's reset link (`docs/api.md`, Password reset; `docs/product.md`, Forgotten password):
 * `POST /api/admin/users/:userId/reset-link` (no body) → 201 `{ url, expiresAt }`, a link to
 * hand to the user, with the same rules as a mailed one (30 minutes, single use, signs out
 * everywhere else). 401 anonymous, 403 anyone but the admin (checked on the server before the
 * parameters are read); 404 unknown user; 409 when this server mails links (SMTP_URL set) and
 * the account has an email: then the account's own mailbox is the way, and the admin never
 * holds a working credential for an account that can prove itself by mail.
 */
import { adminResetLinkResponseSchema, userIdParamsSchema } from "@focus/core/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { issueAdminResetLink, resetLinkUrl } from "../../domain/passwordReset";
import type { Config } from "../../env";
import { userOf } from "../../plugins/auth";
import { routePlugin } from "../../plugins/routePlugin";

export interface AdminLinkRoutesOptions {
  config: Pick<Config, "publicOrigin">;
}

const adminLinkRoutes: FastifyPluginAsyncZod<AdminLinkRoutesOptions> = async (fastify, { config }) => {
  fastify.addHook("onRequest", fastify.authenticate);
  fastify.addHook("onRequest", fastify.requireAdmin);

  /** A reset link for the user → 201 `{ url, expiresAt }`; 404 unknown user; 409 with SMTP_URL set and an email. */
  fastify.post(
    "/admin/users/:userId/reset-link",
    { schema: { params: userIdParamsSchema, response: { 201: adminResetLinkResponseSchema }, summary: "Make a reset link for a user" } },
    async (request, reply) => {
      const { userId } = request.params;
      const link = await issueAdminResetLink(fastify.db, userId, fastify.mailer !== null);
      request.log.info({ userId, adminId: userOf(request).id }, "reset link made by admin");
      return reply.code(201).send({ url: resetLinkUrl(link.token, config.publicOrigin), expiresAt: link.expiresAt.toISOString() });
    },
  );
};

export default routePlugin(adminLinkRoutes, "adminLinkRoutes");
