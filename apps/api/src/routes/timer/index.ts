/**
 * The account's timer over HTTP (`docs/api.md`, The account's timer):
 * `POST /api/timer/commands` runs a device's batch of commands (`timerCommandBatchSchema`) on the
 * signed-in user's timer, after the user's earlier commands from any device, and answers the
 * timer after it, the server's clock and what became of each command (applied, refused with its
 * reason, or stale); every connection of the user hears the change (`account_timer`). The web
 * app's outbox sends its commands here, so they wait offline in order with the user's other writes.
 * `POST /api/timer/escape` asks to end the strict focus session early: 200 `{ waitMs, endsAt,
 * serverNow }`, after which an `endEarly` command is applied (`domain/escapes.ts`); 409 when no
 * strict focus session runs or is paused.
 * Local days are counted in the account's time zone (`domain/accountTimeZone.ts`); a batch's own
 * `timeZone` is not taken over it.
 */
import { escapeWaitAnswerSchema, timerCommandBatchSchema, timerCommandsAnswerSchema } from "@focus/core/timer";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { askEscape } from "../../domain/escapes";
import { notAuthenticated } from "../../httpError";
import { userOf } from "../../plugins/auth";
import { routePlugin } from "../../plugins/routePlugin";

const timerRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.addHook("onRequest", fastify.authenticate);

  fastify.post(
    "/timer/commands",
    { schema: { body: timerCommandBatchSchema, response: { 200: timerCommandsAnswerSchema } } },
    async (request) => {
      const userId = userOf(request).id;
      const { commands, baseVersion } = request.body;
      const run = await fastify.accountTimers.run(userId, { commands, baseVersion, timeZone: request.timeZone });
      if (!run) throw notAuthenticated();
      return { timer: run.timer, serverNow: Date.now(), replies: run.outcomes };
    },
  );

  fastify.post(
    "/timer/escape",
    { schema: { response: { 200: escapeWaitAnswerSchema } } },
    async (request) => askEscape(fastify.db, userOf(request).id, Date.now()),
  );
};

export default routePlugin(timerRoutes, "timerRoutes");
