/**
 * Settings routes (`docs/api.md`): `GET /api/settings` → the user's settings (defaults when never
 * saved); `POST /api/settings` → a partial or full body merged over the stored settings
 * (`domain/settings.ts`), answered whole. Every save tells the user's devices
 * (`settings_changed`, they load the settings again) and brings the account's timer to the new
 * settings (a waiting session takes its new length).
 */
import { settingsSchema, settingsUpdateSchema } from "@focus/core/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { saveSettingsChanges } from "../../domain/settings";
import { userOf } from "../../plugins/auth";
import { getSettings } from "../../repositories/settings";

const settingsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.addHook("onRequest", fastify.authenticate);

  fastify.get("/settings", { schema: { response: { 200: settingsSchema } } }, async (request) =>
    getSettings(fastify.db, userOf(request).id),
  );

  fastify.post(
    "/settings",
    { schema: { body: settingsUpdateSchema, response: { 200: settingsSchema } } },
    async (request) => {
      const userId = userOf(request).id;
      const saved = await saveSettingsChanges(fastify.db, userId, request.body);
      fastify.liveHub.notifyUser(userId, { type: "settings_changed" });
      await fastify.accountTimers.settingsChanged(userId);
      return saved;
    },
  );
};

export default settingsRoutes;
