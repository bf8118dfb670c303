/**
 * Subscription routes (`docs/api.md`; the plans: `docs/product.md`), all for logged-in users:
 * - `POST /api/subscription/upgrade` (no body) → 200 `{ paypalUrl }` (PAYMENT_URL); the plan is
 *   not changed (an admin activates after payment), the request is noted for the admin
 *   list. 503 when PAYMENT_URL is not set.
 * - `POST /api/subscription/cancel` {reason, feedback, email?} → 200 `{ user }` now free and
 *   cancelled; 409 unless premium is active.
 * - Admin only (403 for others): `POST /api/subscription/activate/:userId` and
 *   `POST /api/subscription/cancel/:userId` (no body) → 200 `{ message }`; 404 unknown user.
 * The self-service cancel and the admin cancel share the `/subscription/cancel` prefix; the
 * router tells them apart by the extra path segment.
 */
import {
  cancelSubscriptionBodySchema,
  messageResponseSchema,
  upgradeResponseSchema,
  userIdParamsSchema,
  userResponseSchema,
} from "@focus/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../../domain/httpError";
import { toPublicUser } from "../../domain/publicUser";
import { activatePremium, cancelByAdmin, cancelOwnSubscription, recordUpgradeRequest } from "../../domain/subscription";
import type { Config } from "../../env";
import { userOf } from "../../plugins/auth";

export interface SubscriptionRoutesOptions {
  config: Pick<Config, "adminUsername" | "paymentUrl">;
}

const subscriptionRoutes: FastifyPluginAsyncZod<SubscriptionRoutesOptions> = async (fastify, { config }) => {
  fastify.addHook("onRequest", fastify.authenticate);
  /** Route-level hooks run after the plugin's, so `authenticate` has loaded the user. */
  const adminOnly = { onRequest: fastify.requireAdmin };

  /** → 200 `{ paypalUrl }` (PAYMENT_URL) and the request noted; 503 when payments are not set up. */
  fastify.post("/subscription/upgrade", { schema: { response: { 200: upgradeResponseSchema } } }, async (request) => {
    if (!config.paymentUrl) throw new HttpError(503, "Payments are not configured yet. Please contact support.");
    const user = userOf(request);
    await recordUpgradeRequest(fastify.db, user.id);
    request.log.info({ userId: user.id }, "upgrade requested");
    return { paypalUrl: config.paymentUrl };
  });

  /** The user's own cancellation → 200 `{ user }` (free, cancelled); 409 without active premium. */
  fastify.post(
    "/subscription/cancel",
    { schema: { body: cancelSubscriptionBodySchema, response: { 200: userResponseSchema } } },
    async (request) => {
      const row = await cancelOwnSubscription(fastify.db, userOf(request).id, request.body);
      request.log.info({ userId: row.id }, "subscription cancelled by its user");
      return { user: toPublicUser(row, config.adminUsername) };
    },
  );

  /** Admin: premium active for the user → 200 `{ message }`; 404 unknown user. */
  fastify.post(
    "/subscription/activate/:userId",
    { ...adminOnly, schema: { params: userIdParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const { userId } = request.params;
      await activatePremium(fastify.db, userId);
      request.log.info({ userId, adminId: userOf(request).id }, "premium activated by admin");
      return { message: `Subscription activated for user ID ${userId}` };
    },
  );

  /** Admin: free and cancelled for the user → 200 `{ message }`; 404 unknown user. */
  fastify.post(
    "/subscription/cancel/:userId",
    { ...adminOnly, schema: { params: userIdParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const { userId } = request.params;
      await cancelByAdmin(fastify.db, userId);
      request.log.info({ userId, adminId: userOf(request).id }, "subscription cancelled by admin");
      return { message: `Subscription cancelled for user ID ${userId}` };
    },
  );
};

export default subscriptionRoutes;
