/**
 * Blocked attempts (`docs/product.md`, Website Shield; routes in `docs/api.md`):
 * - `POST /api/blocked-attempts` {domain, at, sessionStart?, kind?} from a linked extension only
 *   (device token; a signed-in browser gets 403) → 201 the stored attempt. Without `sessionStart` the attempt is
 *   placed in the focus session the account's timer is in (running or paused), if it started before `at`.
 *   Past BLOCKED_ATTEMPTS_PER_DAY in the account's 24 hours → 202 `{ stored: false, notStored }`:
 *   counted, not stored, and final (the extension does not send it again). A `pass` the account
 *   may not take (a strict focus session, or the day's passes used in any browser) → 409. A pass
 *   taken is told to the user's live connections (`blocked_sites_changed`), so every paired
 *   browser fetches the Shield again with the day's passes taken (`passesTaken`).
 * - `GET /api/blocked-attempts/summary` → 200 `{ perSite, perSession }` for the Statistics tab.
 */
import { blockedAttemptInputSchema, blockedAttemptNotStoredSchema, blockedAttemptSchema, blockedAttemptSummarySchema } from "@focus/core/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { blockedAttemptSummaryOf, recordBlockedAttempt } from "../../domain/blockedAttempts";
import { userOf } from "../../plugins/auth";
import { routePlugin } from "../../plugins/routePlugin";

/** Reports per IP per minute (an extension reports one per blocked navigation). */
export const BLOCKED_ATTEMPT_RATE_LIMIT = { max: 120, timeWindow: "1 minute" };

const blockedAttemptRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    "/blocked-attempts",
    {
      onRequest: fastify.authenticateDevice,
      config: { rateLimit: BLOCKED_ATTEMPT_RATE_LIMIT },
      schema: { body: blockedAttemptInputSchema, response: { 201: blockedAttemptSchema, 202: blockedAttemptNotStoredSchema } },
    },
    async (request, reply) => {
      const user = userOf(request);
      const result = await recordBlockedAttempt(fastify.db, user, request.body);
      // A pass taken in one browser counts in all: the others fetch the Shield again and show the passes left.
      if (request.body.kind === "pass" && !("stored" in result)) fastify.liveHub.notifyUser(user.id, { type: "blocked_sites_changed" });
      return "stored" in result ? reply.code(202).send(result) : reply.code(201).send(result);
    },
  );

  fastify.get(
    "/blocked-attempts/summary",
    { onRequest: fastify.authenticate, ...fastify.heavyRead, schema: { response: { 200: blockedAttemptSummarySchema } } },
    async (request) => blockedAttemptSummaryOf(fastify.db, userOf(request).id),
  );
};

export default routePlugin(blockedAttemptRoutes, "blockedAttemptRoutes");
