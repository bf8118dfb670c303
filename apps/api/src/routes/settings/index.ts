/**
 * Settings routes (`docs/api.md`): `GET /api/settings` → the user's settings (defaults when never
 * saved); `POST /api/settings` → a partial or full body merged over the stored settings,
 * validated as a whole, saved and returned.
 */
import { settingsSchema, settingsUpdateSchema } from "@focus/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { userOf } from "../../plugins/auth";
import { getSettings, saveSettings } from "../../repositories/settings";

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
      const current = await getSettings(fastify.db, userId);
      const merged = settingsSchema.parse({ ...current, ...stripUndefined(request.body) });
      return saveSettings(fastify.db, userId, merged);
    },
  );
};

/** Drops keys whose value is undefined so they do not erase stored values. */
function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export default settingsRoutes;
