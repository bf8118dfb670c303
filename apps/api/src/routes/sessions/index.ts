/**
 * Focus session routes (spec §7), always scoped to the logged-in user:
 * `GET /api/sessions` (newest first), `POST /api/sessions` → 201, and
 * `GET /api/sessions/range?startDate&endDate` (startTime within [startDate, endDate]).
 * A focus session from a user who is neither premium nor in an active trial is refused with
 * 403 (spec §5 'Trial Period Expired', DESIGN.md §8); break sessions are always recorded.
 */
import { sessionInputSchema, sessionRangeQuerySchema, sessionSchema } from "@focus/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { assertMayRecordSession } from "../../domain/subscription";
import { userOf } from "../../plugins/auth";
import { insertSession, listSessions, listSessionsBetween } from "../../repositories/sessions";

const sessionListSchema = sessionSchema.array();

const sessionRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.addHook("onRequest", fastify.authenticate);

  fastify.get("/sessions", { schema: { response: { 200: sessionListSchema } } }, async (request) =>
    listSessions(fastify.db, userOf(request).id),
  );

  fastify.post(
    "/sessions",
    { schema: { body: sessionInputSchema, response: { 201: sessionSchema } } },
    async (request, reply) => {
      const user = userOf(request);
      assertMayRecordSession(user, request.body.type, Date.now());
      const session = await insertSession(fastify.db, user.id, request.body);
      return reply.code(201).send(session);
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
