/**
 * Focus session routes (`docs/api.md`), always scoped to the logged-in user:
 * `GET /api/sessions?limit&cursor` (newest first, in pages of at most SESSION_PAGE_SIZE; the
 * X-Next-Cursor header names the next page, absent on the last), `POST /api/sessions` → 201, and
 * `GET /api/sessions/range?startDate&endDate&limit&cursor` (sessions that end within [startDate,
 * endDate], at most 62 days apart, oldest first, paged like the list), and
 * `PATCH /api/sessions/:id` (the reflection on one's own focus session, named by its id or its
 * clientId: 200 the session, 404 for a session that is not the caller's, 400 for a break or a bad body).
 * A post with a `clientId` (idempotency key, `docs/offline.md`) that was recorded before answers
 * 200 with the original record and records nothing, so a retried post never counts twice.
 * On the Free plan a focus session over the daily limit is refused with 403 and the sessions
 * listed are those of the last 7 local days (`docs/product.md`, People and plans); the caller's
 * day is read in its X-Time-Zone. The two lists count toward the account's heavy reads
 * (`fastify.heavyRead`: HEAVY_READS_PER_ACCOUNT at once, else 429).
 */
import {
  encodeSessionCursor,
  NEXT_CURSOR_HEADER,
  sessionInputSchema,
  sessionListQuerySchema,
  sessionRangeQuerySchema,
  sessionReflectionSchema,
  sessionRefParamsSchema,
  sessionSchema,
} from "@focus/core/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordSessionWithinPlan, reflectOnSession, sessionHistoryBetween, sessionHistoryPage } from "../../domain/sessions";
import { userOf } from "../../plugins/auth";
import { routePlugin } from "../../plugins/routePlugin";

const sessionListSchema = sessionSchema.array();

const sessionRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.addHook("onRequest", fastify.authenticate);

  fastify.get(
    "/sessions",
    { ...fastify.heavyRead, schema: { querystring: sessionListQuerySchema, response: { 200: sessionListSchema } } },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const { sessions, hasMore } = await sessionHistoryPage(fastify.db, userOf(request), { limit, cursor }, Date.now(), request.timeZone);
      const last = sessions.at(-1);
      if (hasMore && last) reply.header(NEXT_CURSOR_HEADER, encodeSessionCursor(last));
      return sessions;
    },
  );

  fastify.post(
    "/sessions",
    { schema: { body: sessionInputSchema, response: { 200: sessionSchema, 201: sessionSchema } } },
    async (request, reply) => {
      const { session, created } = await recordSessionWithinPlan(fastify.db, userOf(request), request.body, Date.now(), request.timeZone);
      if (created) {
        // The user's other devices load their sessions again; a session for a task changes the
        // task's actual count there too.
        fastify.liveHub.notifyUser(userOf(request).id, { type: "sessions_changed" });
        if (session.taskId) fastify.liveHub.notifyUser(userOf(request).id, { type: "tasks_changed" });
      }
      return reply.code(created ? 201 : 200).send(session);
    },
  );

  fastify.patch(
    "/sessions/:id",
    { schema: { params: sessionRefParamsSchema, body: sessionReflectionSchema, response: { 200: sessionSchema } } },
    async (request) => {
      const user = userOf(request);
      const session = await reflectOnSession(fastify.db, user.id, request.params.id, request.body);
      fastify.liveHub.notifyUser(user.id, { type: "sessions_changed" });
      return session;
    },
  );

  fastify.get(
    "/sessions/range",
    { ...fastify.heavyRead, schema: { querystring: sessionRangeQuerySchema, response: { 200: sessionListSchema } } },
    async (request, reply) => {
      const { startDate, endDate, limit, cursor } = request.query;
      const range = { start: new Date(startDate), end: new Date(endDate) };
      const { sessions, next } = await sessionHistoryBetween(fastify.db, userOf(request), range, { limit, cursor }, Date.now(), request.timeZone);
      if (next) reply.header(NEXT_CURSOR_HEADER, encodeSessionCursor(next));
      return sessions;
    },
  );
};

export default routePlugin(sessionRoutes, "sessionRoutes");
