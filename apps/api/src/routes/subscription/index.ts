/**
 * Subscription routes (`docs/api.md`; the plans: `docs/product.md`), all for logged-in users:
 * - `GET /api/subscription` → 200 `{ upgradeRequestedAt, offer }`: what the user asked for that
 *   waits on the team (subscriptionRequestsSchema).
 * - `POST /api/subscription/upgrade` (no body) → 200 `{ paypalUrl, requested: true }`: the request
 *   is noted for the admin list and the plan is not changed (an admin activates after payment);
 *   `paypalUrl` is PAYMENT_URL, or null without one (the team writes to the user instead).
 * - `POST /api/subscription/offer` {offer} → 200 `{ upgradeRequestedAt, offer }` with the accepted
 *   retention offer recorded; the same offer again changes nothing; 409 without an active plan or
 *   trial, or for a second, different offer.
 * - `POST /api/subscription/cancel` {reason, feedback, email?} → 200 `{ user }` now free and
 *   cancelled; 409 unless premium is active.
 * - Admin only (403 for others): `POST /api/subscription/activate/:userId` and
 *   `POST /api/subscription/cancel/:userId` (no body) → 200 `{ message }` ("Subscription cancelled
 *   for user ID n", or "Trial ended for user ID n"); 404 unknown user; the
 *   admin cancel ends an active Premium or a running trial, 409 for a user on Free and for the
 *   admin's own plan.
 * Every change of a user's plan or requests tells that user's open pages, on every instance
 * (`user_changed`, `docs/api.md`).
 * The self-service cancel and the admin cancel share the `/subscription/cancel` prefix; the
 * router tells them apart by the extra path segment.
 */
import { acceptOfferBodySchema, cancelSubscriptionBodySchema, messageResponseSchema, subscriptionRequestsSchema, upgradeResponseSchema, userIdParamsSchema, userResponseSchema } from "@focus/core/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../../httpError";
import { toPublicUser } from "../../domain/publicUser";
import {
  acceptRetentionOffer,
  activatePremium,
  cancelByAdmin,
  cancelOwnSubscription,
  currentSubscriptionRequests,
  recordUpgradeRequest,
  subscriptionRequestsOf,
} from "../../domain/subscription";
import type { Config } from "../../env";
import { userOf } from "../../plugins/auth";
import { routePlugin } from "../../plugins/routePlugin";

export interface SubscriptionRoutesOptions {
  config: Pick<Config, "adminUsername" | "paymentUrl">;
}

const subscriptionRoutes: FastifyPluginAsyncZod<SubscriptionRoutesOptions> = async (fastify, { config }) => {
  fastify.addHook("onRequest", fastify.authenticate);
  /** Route-level hooks run after the plugin's, so `authenticate` has loaded the user. */
  const adminOnly = { onRequest: fastify.requireAdmin };

  /** The user's pending requests → 200 `{ upgradeRequestedAt, offer }`. */
  fastify.get("/subscription", { schema: { response: { 200: subscriptionRequestsSchema } } }, async (request) =>
    currentSubscriptionRequests(fastify.db, userOf(request).id),
  );

  /** The request noted → 200 `{ paypalUrl, requested: true }`; `paypalUrl` null without PAYMENT_URL. */
  fastify.post("/subscription/upgrade", { schema: { response: { 200: upgradeResponseSchema } } }, async (request) => {
    const user = userOf(request);
    await recordUpgradeRequest(fastify.db, user.id);
    fastify.liveHub.notifyUser(user.id, { type: "user_changed" });
    request.log.info({ userId: user.id, paymentLink: config.paymentUrl !== null }, "upgrade requested");
    return { paypalUrl: config.paymentUrl, requested: true as const };
  });

  /** The accepted retention offer recorded → 200 `{ upgradeRequestedAt, offer }`; 409 (see above). */
  fastify.post(
    "/subscription/offer",
    { schema: { body: acceptOfferBodySchema, response: { 200: subscriptionRequestsSchema } } },
    async (request) => {
      const row = await acceptRetentionOffer(fastify.db, userOf(request).id, request.body.offer);
      fastify.liveHub.notifyUser(row.id, { type: "user_changed" });
      request.log.info({ userId: row.id, offer: row.retention_offer }, "retention offer accepted");
      return subscriptionRequestsOf(row);
    },
  );

  /** The user's own cancellation → 200 `{ user }` (free, cancelled); 409 without active premium. */
  fastify.post(
    "/subscription/cancel",
    { schema: { body: cancelSubscriptionBodySchema, response: { 200: userResponseSchema } } },
    async (request) => {
      const row = await cancelOwnSubscription(fastify.db, userOf(request).id, request.body);
      fastify.liveHub.notifyUser(row.id, { type: "user_changed" });
      request.log.info({ userId: row.id }, "subscription cancelled by its user");
      return { user: toPublicUser(row, config.adminUsername) };
    },
  );

  /** Admin: premium active for the user → 200 `{ message }`; 404 unknown user; 409 for the admin's own plan. */
  fastify.post(
    "/subscription/activate/:userId",
    { ...adminOnly, schema: { params: userIdParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const { userId } = request.params;
      const admin = userOf(request);
      if (userId === admin.id) throw new HttpError(409, "You cannot change your own admin plan");
      await activatePremium(fastify.db, userId);
      fastify.liveHub.notifyUser(userId, { type: "user_changed" });
      request.log.info({ userId, adminId: admin.id }, "premium activated by admin");
      return { message: `Subscription activated for user ID ${userId}` };
    },
  );

  /** Admin: Premium or the trial ended for the user → 200 `{ message }`; 404 unknown user; 409 on Free or for the admin's own plan. */
  fastify.post(
    "/subscription/cancel/:userId",
    { ...adminOnly, schema: { params: userIdParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const { userId } = request.params;
      const admin = userOf(request);
      if (userId === admin.id) throw new HttpError(409, "You cannot cancel your own admin plan");
      const ended = await cancelByAdmin(fastify.db, userId);
      fastify.liveHub.notifyUser(userId, { type: "user_changed" });
      request.log.info({ userId, adminId: admin.id, ended }, "plan cancelled by admin");
      return { message: ended === "endTrial" ? `Trial ended for user ID ${userId}` : `Subscription cancelled for user ID ${userId}` };
    },
  );
};

export default routePlugin(subscriptionRoutes, "subscriptionRoutes");
