/**
 * The Website Shield as the extension reads it (`docs/api.md`, `docs/product.md` Website
 * Shield): `GET /api/shield` → 200 `{ mode, delayPassesPerDay, sites, schedules, sessionTask, endWarning }`,
 * the user's Shield settings, entries and the focus session's task title in one answer, for the
 * web app's session or a linked device's token.
 * `GET|POST /api/shield/schedules`, `DELETE /api/shield/schedules/:id`: the user's recurring
 * block windows (Free: 1, 403 beyond; others MAX_SHIELD_SCHEDULES, 409 beyond; each change tells
 * the paired extension, `settings_changed`). `GET /api/shield/measures` → 200 the reports and shield-off intervals the plan's Statistics show (the Free plan: its last 7 days). `GET /api/shield/status` → 200 each paired browser's last report and the latest shield-off
 * intervals (signed in). `POST /api/extension-removals` → 201 `{ id, key }`: the uninstall page
 * records a removal (anyone; 10 a minute per address); `PUT /api/extension-removals/:id`
 * `{ key, reason }` → 204 adds the optional reason (404 for a wrong id or key).
 */
import { randomBytes } from "node:crypto";
import {
  extensionRemovalRecordedSchema,
  extensionRemovalSchema,
  MAX_SHIELD_SCHEDULES,
  recordIdParamsSchema,
  shieldScheduleInputSchema,
  shieldScheduleListSchema,
  shieldScheduleSchema,
  SHIELD_MEASURES_LIMIT,
  shieldMeasuresSchema,
  shieldStateSchema,
  shieldStatusSchema,
} from "@focus/core/schemas";
import { FREE_PLAN, FREE_SCHEDULES_MESSAGE, planTier, shieldSchedulesAllowed } from "@focus/core/subscription";
import { STRICT_SHIELD_MESSAGES } from "@focus/core/timer";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../../httpError";
import { subscriptionOf } from "../../domain/subscription";
import { countShieldSchedules, deleteShieldSchedule, insertShieldSchedule, listShieldSchedules } from "../../repositories/shieldSchedules";
import { lockUserRow } from "../../repositories/users";
import { userOf } from "../../plugins/auth";
import { listBlockedSites } from "../../repositories/blockedSites";
import { findAccountTimer } from "../../repositories/accountTimers";
import { getSettings } from "../../repositories/settings";
import { findTask } from "../../repositories/tasks";
import { insertExtensionRemoval, setRemovalReason, shieldMeasuresOf, shieldStatusOf } from "../../repositories/shieldStatus";
import { assertNoStrictSession } from "../../domain/accountTimer";

const shieldRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    "/shield",
    { onRequest: fastify.authenticateUserOrDevice, schema: { response: { 200: shieldStateSchema } } },
    async (request) => {
      const userId = userOf(request).id;
      const [settings, sites, schedules, timer] = await Promise.all([
        getSettings(fastify.db, userId),
        listBlockedSites(fastify.db, userId),
        listShieldSchedules(fastify.db, userId),
        findAccountTimer(fastify.db, userId),
      ]);
      const taskId = timer?.timer.mode === "focus" ? (timer.timer.sessionTask?.id ?? null) : null;
      const sessionTask = taskId === null ? null : ((await findTask(fastify.db, userId, taskId))?.title ?? null);
      const sessionIntention = timer?.timer.mode === "focus" ? (timer.timer.intention ?? null) : null;
      return { mode: settings.shieldMode, delayPassesPerDay: settings.delayPassesPerDay, sites, schedules, sessionTask, endWarning: settings.endWarning, sessionIntention };
    },
  );

  fastify.get(
    "/shield/schedules",
    { onRequest: fastify.authenticate, schema: { response: { 200: shieldScheduleListSchema } } },
    async (request) => listShieldSchedules(fastify.db, userOf(request).id),
  );

  fastify.post(
    "/shield/schedules",
    { onRequest: fastify.authenticate, schema: { body: shieldScheduleInputSchema, response: { 201: shieldScheduleSchema } } },
    async (request, reply) => {
      const user = userOf(request);
      const allowed = shieldSchedulesAllowed(planTier(subscriptionOf(user), Date.now()));
      const schedule = await fastify.db.transaction().execute(async (trx) => {
        await lockUserRow(trx, user.id);
        if ((await countShieldSchedules(trx, user.id)) >= allowed) {
          throw allowed < MAX_SHIELD_SCHEDULES ? new HttpError(403, FREE_SCHEDULES_MESSAGE) : new HttpError(409, `You can keep at most ${MAX_SHIELD_SCHEDULES} schedules`);
        }
        return insertShieldSchedule(trx, user.id, request.body);
      });
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
      await assertNoStrictSession(fastify.db, userId, Date.now(), STRICT_SHIELD_MESSAGES.schedule);
      if (!(await deleteShieldSchedule(fastify.db, userId, request.params.id))) throw new HttpError(404, "Schedule not found");
      fastify.liveHub.notifyUser(userId, { type: "settings_changed" });
      return reply.code(204).send();
    },
  );

  fastify.get(
    "/shield/measures",
    { onRequest: fastify.authenticate, schema: { response: { 200: shieldMeasuresSchema } } },
    async (request) => {
      const user = userOf(request);
      const now = Date.now();
      // The Free plan's statistics cover its last 7 days (a day more, so the oldest local day is whole in any time zone).
      const since = planTier(subscriptionOf(user), now) === "free" ? new Date(now - (FREE_PLAN.historyDays + 1) * 86_400_000).toISOString() : null;
      return shieldMeasuresOf(fastify.db, user.id, since, SHIELD_MEASURES_LIMIT);
    },
  );

  fastify.get(
    "/shield/status",
    { onRequest: fastify.authenticate, schema: { response: { 200: shieldStatusSchema } } },
    async (request) => shieldStatusOf(fastify.db, userOf(request).id, Date.now(), fastify.shieldWatch.offAfterMs),
  );

  fastify.post(
    "/extension-removals",
    { config: { rateLimit: { max: 10, timeWindow: "1 minute" } }, schema: { response: { 201: extensionRemovalRecordedSchema } } },
    async (_request, reply) => {
      const key = randomBytes(16).toString("base64url");
      const id = await insertExtensionRemoval(fastify.db, key, new Date());
      return reply.code(201).send({ id, key });
    },
  );

  fastify.put(
    "/extension-removals/:id",
    { config: { rateLimit: { max: 10, timeWindow: "1 minute" } }, schema: { params: recordIdParamsSchema, body: extensionRemovalSchema } },
    async (request, reply) => {
      const saved = await setRemovalReason(fastify.db, request.params.id, request.body.key, request.body.reason || null);
      if (!saved) throw new HttpError(404, "This removal is not known here");
      return reply.code(204).send();
    },
  );
};

export default shieldRoutes;
