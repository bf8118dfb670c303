/**
 * Settings routes (`docs/api.md`): `GET /api/settings` → the user's settings (defaults when never
 * saved); `POST /api/settings` → a partial or full body merged over the stored settings in one
 * transaction (the user's row locked, so two devices saving at once both keep their change),
 * validated as a whole, saved and returned. Every save tells the user's devices
 * (`settings_changed`, they load the settings again) and brings the account's timer to the new
 * settings (a waiting session takes its new length).
 */
import { settingsSchema, settingsUpdateSchema } from "@focus/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { writeTransaction } from "../../db/groupCommit";
import { userOf } from "../../plugins/auth";
import { getSettings, saveSettings } from "../../repositories/settings";
import { lockUserRow } from "../../repositories/users";

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
      const saved = await writeTransaction(fastify.db, async (trx) => {
        await lockUserRow(trx, userId);
        const current = await getSettings(trx, userId);
        return saveSettings(trx, userId, settingsSchema.parse({ ...current, ...stripUndefined(request.body) }));
      });
      fastify.liveHub.notifyUser(userId, { type: "settings_changed" });
      await fastify.accountTimers.settingsChanged(userId);
      return saved;
    },
  );
};

/** Drops keys whose value is undefined so they do not erase stored values. */
function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export default settingsRoutes;
