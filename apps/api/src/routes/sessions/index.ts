/**
 * Focus session routes (`docs/api.md`), always scoped to the logged-in user:
 * `GET /api/sessions` (newest first), `POST /api/sessions` → 201, and
 * `GET /api/sessions/range?startDate&endDate` (sessions that end within [startDate, endDate]).
 * A post with a `clientId` (idempotency key, `docs/offline.md`) that was recorded before answers
 * 200 with the original record and records nothing, so a retried post never counts twice.
 * On the Free plan a focus session over the daily limit is refused with 403 and the sessions
 * listed are those of the last 7 local days (`docs/product.md`, People and plans); the caller's
 * day is read in its X-Time-Zone.
 */
import { sessionInputSchema, sessionRangeQuerySchema, sessionSchema, sessionsInHistory } from "@focus/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordSessionWithinPlan } from "../../domain/sessions";
import { subscriptionOf } from "../../domain/subscription";
import { userOf } from "../../plugins/auth";
import { listSessions, listSessionsBetween } from "../../repositories/sessions";

const sessionListSchema = sessionSchema.array();

const sessionRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.addHook("onRequest", fastify.authenticate);

  fastify.get("/sessions", { schema: { response: { 200: sessionListSchema } } }, async (request) => {
    const user = userOf(request);
    return sessionsInHistory(subscriptionOf(user), await listSessions(fastify.db, user.id), Date.now(), request.timeZone);
  });

  fastify.post(
    "/sessions",
    { schema: { body: sessionInputSchema, response: { 200: sessionSchema, 201: sessionSchema } } },
    async (request, reply) => {
      const { session, created } = await recordSessionWithinPlan(fastify.db, userOf(request), request.body, Date.now(), request.timeZone);
      return reply.code(created ? 201 : 200).send(session);
    },
  );

  fastify.get(
    "/sessions/range",
    { schema: { querystring: sessionRangeQuerySchema, response: { 200: sessionListSchema } } },
    async (request) => {
      const { startDate, endDate } = request.query;
      const user = userOf(request);
      const sessions = await listSessionsBetween(fastify.db, user.id, new Date(startDate), new Date(endDate));
      return sessionsInHistory(subscriptionOf(user), sessions, Date.now(), request.timeZone);
    },
  );
};

export default sessionRoutes;
