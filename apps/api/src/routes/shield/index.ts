/**
 * The Website Shield as the extension reads it (`docs/api.md`, `docs/product.md` Website
 * Shield): `GET /api/shield` → 200 `{ mode, delayPassesPerDay, sites, schedules, sessionTask,
 * endWarning, sessionIntention, timeZone, passesTaken }`, the user's Shield settings, entries,
 * the focus session's task title and the delay passes the account took today in one answer, for
 * the web app's session or a linked device's token.
 * `GET|POST /api/shield/schedules`, `DELETE /api/shield/schedules/:id`: the user's recurring
 * block windows (Free: 1, 403 beyond; others MAX_SHIELD_SCHEDULES, 409 beyond; each change tells
 * the paired extension, `settings_changed`). `GET /api/shield/measures` → 200 the reports and shield-off intervals the plan's Statistics show (the Free plan: its last 7 days). `GET /api/shield/status` → 200 each paired browser's last report and the latest shield-off
 * intervals (signed in). `POST /api/extension-removals` → 201 `{ id, key }`: the uninstall page
 * records a removal (anyone; 10 a minute per address); `PUT /api/extension-removals/:id`
 * `{ key, reason }` → 204 adds the optional reason (404 for a wrong id or key).
 */
import {
  extensionRemovalRecordedSchema,
  extensionRemovalSchema,
  recordIdParamsSchema,
  shieldScheduleInputSchema,
  shieldScheduleListSchema,
  shieldScheduleSchema,
  shieldMeasuresSchema,
  shieldStateSchema,
  shieldStatusSchema,
} from "@focus/core/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  addRemovalReason,
  addShieldSchedule,
  recordExtensionRemoval,
  removeShieldSchedule,
  shieldMeasuresFor,
  shieldSchedulesOf,
  shieldStateOf,
  shieldStatusFor,
} from "../../domain/shield";
import { userOf } from "../../plugins/auth";
import { routePlugin } from "../../plugins/routePlugin";

const shieldRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    "/shield",
    { onRequest: fastify.authenticateUserOrDevice, schema: { response: { 200: shieldStateSchema } } },
    async (request) => shieldStateOf(fastify.db, userOf(request).id, request.timeZone),
  );

  fastify.get(
    "/shield/schedules",
    { onRequest: fastify.authenticate, schema: { response: { 200: shieldScheduleListSchema } } },
    async (request) => shieldSchedulesOf(fastify.db, userOf(request).id),
  );

  fastify.post(
    "/shield/schedules",
    { onRequest: fastify.authenticate, schema: { body: shieldScheduleInputSchema, response: { 201: shieldScheduleSchema } } },
    async (request, reply) => {
      const user = userOf(request);
      const schedule = await addShieldSchedule(fastify.db, user, request.body, Date.now());
      // The paired extension fetches the Shield again (as after a settings change).
      fastify.liveHub.notifyUser(user.id, { type: "settings_changed" });
      return reply.code(201).send(schedule);
    },
  );

  fastify.delete(
    "/shield/schedules/:id",
    { onRequest: fastify.authenticate, schema: { params: recordIdParamsSchema } },
    async (request, reply) => {
      const userId = userOf(request).id;
      await removeShieldSchedule(fastify.db, userId, request.params.id, Date.now());
      fastify.liveHub.notifyUser(userId, { type: "settings_changed" });
      return reply.code(204).send();
    },
  );

  fastify.get(
    "/shield/measures",
    { onRequest: fastify.authenticate, ...fastify.heavyRead, schema: { response: { 200: shieldMeasuresSchema } } },
    async (request) => shieldMeasuresFor(fastify.db, userOf(request), Date.now()),
  );

  fastify.get(
    "/shield/status",
    { onRequest: fastify.authenticate, schema: { response: { 200: shieldStatusSchema } } },
    async (request) => shieldStatusFor(fastify.db, userOf(request).id, Date.now(), fastify.shieldWatch.offAfterMs),
  );

  fastify.post(
    "/extension-removals",
    { config: { rateLimit: { max: 10, timeWindow: "1 minute" } }, schema: { response: { 201: extensionRemovalRecordedSchema } } },
    async (_request, reply) => reply.code(201).send(await recordExtensionRemoval(fastify.db, new Date())),
  );

  fastify.put(
    "/extension-removals/:id",
    { config: { rateLimit: { max: 10, timeWindow: "1 minute" } }, schema: { params: recordIdParamsSchema, body: extensionRemovalSchema } },
    async (request, reply) => {
      await addRemovalReason(fastify.db, request.params.id, request.body.key, request.body.reason);
      return reply.code(204).send();
    },
  );
};

export default routePlugin(shieldRoutes, "shieldRoutes");
