/**
 * Blocklist routes (`docs/api.md`), scoped to the logged-in user:
 * - `GET /api/blocked-sites` → 200 the user's sites `{id, url, active}[]`, oldest first; also
 *   answers a linked extension's device token (it fetches the list itself).
 * - `POST /api/blocked-sites` {url, active} → 201 the entry, `url` stored as typed, normalised
 *   (a site, a path or a `+` exception, core's siteRule.ts; its messages on bad input); 409 "This website is already in your
 *   blocklist", 403 beyond the Free plan's 5, 409 beyond MAX_BLOCKED_SITES.
 * - `PUT /api/blocked-sites/:id` {delay} → 200 the entry: a delay page or a wall; 404 for an id the user does not own;
 *   409 when switching a delay page on during a strict focus session (it would loosen the shield).
 * - `DELETE /api/blocked-sites/:id` → 204; 404 for an id the user does not own; 409 during a
 *   strict focus session (the list only grows then, `docs/product.md`, Strict focus).
 * Every change is told to the user's live connections (`blocked_sites_changed`): a paired
 * extension fetches the list again within seconds, other pages reload it.
 */
import { blockedSiteInputSchema, blockedSiteListSchema, blockedSiteSchema, blockedSiteUpdateSchema, recordIdParamsSchema } from "@focus/core/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { addBlockedSite, blockedSitesOf, removeBlockedSite, setBlockedSiteDelayOf } from "../../domain/blockedSites";
import { userOf } from "../../plugins/auth";
import { routePlugin } from "../../plugins/routePlugin";

const blockedSiteRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    "/blocked-sites",
    { onRequest: fastify.authenticateUserOrDevice, schema: { response: { 200: blockedSiteListSchema } } },
    async (request) => blockedSitesOf(fastify.db, userOf(request).id),
  );

  fastify.post(
    "/blocked-sites",
    { onRequest: fastify.authenticate, schema: { body: blockedSiteInputSchema, response: { 201: blockedSiteSchema } } },
    async (request, reply) => {
      const site = await addBlockedSite(fastify.db, userOf(request), request.body, Date.now());
      fastify.liveHub.notifyUser(userOf(request).id, { type: "blocked_sites_changed" });
      return reply.code(201).send(site);
    },
  );

  fastify.put(
    "/blocked-sites/:id",
    { onRequest: fastify.authenticate, schema: { params: recordIdParamsSchema, body: blockedSiteUpdateSchema, response: { 200: blockedSiteSchema } } },
    async (request) => {
      const site = await setBlockedSiteDelayOf(fastify.db, userOf(request).id, request.params.id, request.body.delay, Date.now());
      fastify.liveHub.notifyUser(userOf(request).id, { type: "blocked_sites_changed" });
      return site;
    },
  );

  fastify.delete(
    "/blocked-sites/:id",
    { onRequest: fastify.authenticate, schema: { params: recordIdParamsSchema } },
    async (request, reply) => {
      await removeBlockedSite(fastify.db, userOf(request).id, request.params.id, Date.now());
      fastify.liveHub.notifyUser(userOf(request).id, { type: "blocked_sites_changed" });
      return reply.code(204).send();
    },
  );
};

export default routePlugin(blockedSiteRoutes, "blockedSiteRoutes");
