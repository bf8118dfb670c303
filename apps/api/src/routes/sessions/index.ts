/**
 * Focus session routes (`docs/api.md`), always scoped to the logged-in user:
 * `GET /api/sessions` (newest first), `POST /api/sessions` → 201, and
 * `GET /api/sessions/range?startDate&endDate` (sessions that end within [startDate, endDate]).
 * A post with a `clientId` (idempotency key, `docs/offline.md`) that was recorded before answers
 * 200 with the original record and records nothing, so a retried post never counts twice.
 * A focus session from a user who is neither premium nor in an active trial is refused with
 * 403 ('Trial Period Expired', `docs/product.md`); break sessions are always recorded.
 */
import { sessionInputSchema, sessionRangeQuerySchema, sessionSchema } from "@focus/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { assertMayRecordSession } from "../../domain/subscription";
import { userOf } from "../../plugins/auth";
import { findSessionByClientId, listSessions, listSessionsBetween, recordSessionOnce } from "../../repositories/sessions";

const sessionListSchema = sessionSchema.array();

const sessionRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.addHook("onRequest", fastify.authenticate);

  fastify.get("/sessions", { schema: { response: { 200: sessionListSchema } } }, async (request) =>
    listSessions(fastify.db, userOf(request).id),
  );

  fastify.post(
    "/sessions",
    { schema: { body: sessionInputSchema, response: { 200: sessionSchema, 201: sessionSchema } } },
    async (request, reply) => {
      const user = userOf(request);
      const { clientId } = request.body;
      // A repeat is answered before the plan check: it was allowed when first recorded.
      const recorded = clientId ? await findSessionByClientId(fastify.db, user.id, clientId) : undefined;
      if (recorded) return reply.code(200).send(recorded);
      assertMayRecordSession(user, request.body.type, Date.now());
      const { session, created } = await recordSessionOnce(fastify.db, user.id, request.body);
      return reply.code(created ? 201 : 200).send(session);
    },
  );

  fastify.get(
    "/sessions/range",
    { schema: { querystring: sessionRangeQuerySchema, response: { 200: sessionListSchema } } },
    async (request) => {
      const { startDate, endDate } = request.query;
      return listSessionsBetween(fastify.db, userOf(request).id, new Date(startDate), new Date(endDate));
    },
  );
};

export default sessionRoutes;
