/**
 * Blocklist routes (`docs/api.md`), scoped to the logged-in user:
 * - `GET /api/blocked-sites` → 200 the user's sites `{id, url, active}[]`, oldest first; also
 *   answers a linked extension's device token (it fetches the list itself).
 * - `POST /api/blocked-sites` {url, active} → 201 the site, `url` stored as the normalised
 *   domain (the add-website form's messages on bad input); 409 "This website is already in your
 *   blocklist", 403 beyond the Free plan's 5, 409 beyond MAX_BLOCKED_SITES.
 * - `DELETE /api/blocked-sites/:id` → 204; 404 for an id the user does not own; 409 during a
 *   strict focus session (the list only grows then, `docs/product.md`, Strict focus).
 */
import { blockedSiteInputSchema, blockedSiteListSchema, blockedSiteSchema, recordIdParamsSchema } from "@focus/core/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { STRICT_SHIELD_MESSAGES } from "@focus/core/timer";
import { assertNoStrictSession } from "../../domain/accountTimer";
import { addBlockedSite, removeBlockedSite } from "../../domain/blockedSites";
import { userOf } from "../../plugins/auth";
import { listBlockedSites } from "../../repositories/blockedSites";

const blockedSiteRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    "/blocked-sites",
    { onRequest: fastify.authenticateUserOrDevice, schema: { response: { 200: blockedSiteListSchema } } },
    async (request) => listBlockedSites(fastify.db, userOf(request).id),
  );

  fastify.post(
    "/blocked-sites",
    { onRequest: fastify.authenticate, schema: { body: blockedSiteInputSchema, response: { 201: blockedSiteSchema } } },
    async (request, reply) => {
      const site = await addBlockedSite(fastify.db, userOf(request), request.body, Date.now());
      return reply.code(201).send(site);
    },
  );

  fastify.delete(
    "/blocked-sites/:id",
    { onRequest: fastify.authenticate, schema: { params: recordIdParamsSchema } },
    async (request, reply) => {
      const userId = userOf(request).id;
      await assertNoStrictSession(fastify.db, userId, Date.now(), STRICT_SHIELD_MESSAGES.site);
      await removeBlockedSite(fastify.db, userId, request.params.id);
      return reply.code(204).send();
    },
  );
};

export default blockedSiteRoutes;
