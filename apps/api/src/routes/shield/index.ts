/**
 * The Website Shield as the extension reads it (`docs/api.md`, `docs/product.md` Website
 * Shield): `GET /api/shield` → 200 `{ mode, delayPassesPerDay, sites }`, the user's Shield
 * settings and entries in one answer, for the web app's session or a linked device's token.
 * `GET /api/shield/status` → 200 each paired browser's last report and the latest shield-off
 * intervals (signed in). `POST /api/extension-removals` {reason?} → 204: the uninstall page
 * records a removal (anyone; 10 a minute per address).
 */
import { extensionRemovalSchema, shieldStateSchema, shieldStatusSchema } from "@focus/core/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { userOf } from "../../plugins/auth";
import { listBlockedSites } from "../../repositories/blockedSites";
import { getSettings } from "../../repositories/settings";
import { insertExtensionRemoval, shieldStatusOf } from "../../repositories/shieldStatus";

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

  fastify.get(
    "/shield/status",
    { onRequest: fastify.authenticate, schema: { response: { 200: shieldStatusSchema } } },
    async (request) => shieldStatusOf(fastify.db, userOf(request).id, Date.now(), fastify.shieldWatch.offAfterMs),
  );

  fastify.post(
    "/extension-removals",
    { config: { rateLimit: { max: 10, timeWindow: "1 minute" } }, schema: { body: extensionRemovalSchema } },
    async (request, reply) => {
      await insertExtensionRemoval(fastify.db, request.body.reason || null, new Date());
      return reply.code(204).send();
    },
  );
};

export default shieldRoutes;
