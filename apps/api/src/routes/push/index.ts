/**
 * Push routes (`docs/api.md`, Push; `docs/product.md`, Notifications on a locked phone), signed
 * in only (a session cookie; a device token is not enough), state changes Origin-checked:
 * - `GET /api/push/key` → 200 `{ publicKey }`: the VAPID public key to subscribe with.
 * - `GET /api/push/subscriptions` → 200 `{ subscriptions: { id, endpoint, createdAt }[] }`,
 *   the account's, oldest first (a browser finds its own by its endpoint).
 * - `POST /api/push/subscriptions` (`PushSubscription.toJSON()`) → 201 the saved subscription
 *   (200 when this account had it already), kept with this login session; 400 with a message
 *   for a bad body or an endpoint that is not a push service's; past MAX_PUSH_SUBSCRIPTIONS the
 *   account's oldest is dropped. 30 a minute per account (429).
 * - `DELETE /api/push/subscriptions/:id` → 204; 404 for an id that is not the account's.
 */
import { pushKeyResponseSchema, pushSubscriptionListSchema, pushSubscriptionRecordSchema, pushSubscriptionSchema } from "@focus/core/push";
import { recordIdParamsSchema } from "@focus/core/schemas";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { pushSubscriptionsOf, removePushSubscription, savePushSubscriptionOf } from "../../domain/pushSubscriptions";
import { notAuthenticated } from "../../httpError";
import { userOf } from "../../plugins/auth";
import { ENDPOINT_REFUSED_MESSAGE } from "../../push/endpoints";
import { routePlugin } from "../../plugins/routePlugin";

/** Saves per account: a page re-saves its subscription when it is switched on, never in a loop. */
export const PUSH_SAVE_RATE_LIMIT = {
  max: 30,
  timeWindow: "1 minute",
  keyGenerator: (request: FastifyRequest) => `push:${request.currentUser?.id ?? request.ip}`,
};

const pushRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.addHook("onRequest", fastify.authenticate);

  fastify.get("/push/key", { schema: { response: { 200: pushKeyResponseSchema } } }, async () => ({ publicKey: fastify.push.publicKey }));

  fastify.get("/push/subscriptions", { schema: { response: { 200: pushSubscriptionListSchema } } }, async (request) => ({
    subscriptions: await pushSubscriptionsOf(fastify.db, userOf(request).id),
  }));

  fastify.post(
    "/push/subscriptions",
    {
      config: { rateLimit: PUSH_SAVE_RATE_LIMIT },
      schema: { body: pushSubscriptionSchema, response: { 200: pushSubscriptionRecordSchema, 201: pushSubscriptionRecordSchema } },
    },
    async (request, reply) => {
      const endpoints = { accepts: fastify.push.acceptsEndpoint, refusedMessage: ENDPOINT_REFUSED_MESSAGE };
      const sessionKey = async () => {
        const session = await fastify.loginSessions.load(request);
        if (!session) throw notAuthenticated();
        return session.key;
      };
      const { record, created } = await savePushSubscriptionOf(fastify.db, userOf(request).id, request.body, endpoints, sessionKey, new Date());
      return reply.code(created ? 201 : 200).send(record);
    },
  );

  fastify.delete("/push/subscriptions/:id", { schema: { params: recordIdParamsSchema } }, async (request, reply) => {
    await removePushSubscription(fastify.db, userOf(request).id, request.params.id);
    return reply.code(204).send();
  });
};

export default routePlugin(pushRoutes, "pushRoutes");
