/**
 * The Website Shield as the extension reads it (`docs/api.md`, `docs/product.md` Website
 * Shield): `GET /api/shield` → 200 `{ mode, delayPassesPerDay, sites }`, the user's Shield
 * settings and entries in one answer, for the web app's session or a linked device's token.
 */
import { shieldStateSchema } from "@focus/core/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { userOf } from "../../plugins/auth";
import { listBlockedSites } from "../../repositories/blockedSites";
import { getSettings } from "../../repositories/settings";

const shieldRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    "/shield",
    { onRequest: fastify.authenticateUserOrDevice, schema: { response: { 200: shieldStateSchema } } },
    async (request) => {
      const userId = userOf(request).id;
      const [settings, sites] = await Promise.all([getSettings(fastify.db, userId), listBlockedSites(fastify.db, userId)]);
      return { mode: settings.shieldMode, delayPassesPerDay: settings.delayPassesPerDay, sites };
    },
  );
};

export default shieldRoutes;
