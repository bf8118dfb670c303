/**
 * Settings routes (`docs/api.md`): `GET /api/settings` → the user's settings (defaults when never
 * saved); `POST /api/settings` → a partial or full body merged over the stored settings
 * (`domain/settings.ts`), answered whole. Every save brings the account's timer to the new
 * settings in the same transaction (a waiting session takes its new length) and tells the user's
 * devices (`settings_changed`, they load the settings again; then the timer, `account_timer`).
 */
import { settingsSchema, settingsUpdateSchema } from "@focus/core/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { saveSettingsChanges, settingsOf } from "../../domain/settings";
import { userOf } from "../../plugins/auth";
import { routePlugin } from "../../plugins/routePlugin";

const settingsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.addHook("onRequest", fastify.authenticate);

  fastify.get("/settings", { schema: { response: { 200: settingsSchema } } }, async (request) =>
    settingsOf(fastify.db, userOf(request).id),
  );

  fastify.post(
    "/settings",
    { schema: { body: settingsUpdateSchema, response: { 200: settingsSchema } } },
    async (request) =>
      saveSettingsChanges(fastify.db, userOf(request).id, request.body, { timers: fastify.accountTimers, devices: fastify.liveHub, log: request.log }),
  );
};

export default routePlugin(settingsRoutes, "settingsRoutes");
