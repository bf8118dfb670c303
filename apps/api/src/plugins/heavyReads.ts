/**
 * `fastify.heavyRead`, the route hooks of the routes whose answers grow with the account's history
 * (`security/heavyReads.ts`, `docs/api.md` Limits), spread into a route's options after
 * `authenticate`: its preHandler takes one of the signed-in account's heavy-read slots from
 * `fastify.heavyReads`, or answers 429 with Retry-After, and its onSend gives the slot back as the
 * answer is sent (before it is written); onResponse and onRequestAbort give it back when the
 * answer never reached onSend or the client went away. They are the heavy routes' own hooks, so
 * every other request runs none of them.
 */
import type { FastifyRequest, onRequestAbortAsyncHookHandler, onResponseAsyncHookHandler, onSendAsyncHookHandler, preHandlerAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import { heavyReadLimiter, type HeavyReadLimiter, type ReleaseHeavyRead } from "../security/heavyReads";

declare module "fastify" {
  interface FastifyInstance {
    heavyReads: HeavyReadLimiter;
    heavyRead: HeavyReadHooks;
  }
  interface FastifyRequest {
    releaseHeavyRead: ReleaseHeavyRead | null;
  }
}

/** The hooks a heavy route spreads into its options (`{ ...fastify.heavyRead, schema }`). */
export interface HeavyReadHooks {
  preHandler: preHandlerAsyncHookHandler;
  onSend: onSendAsyncHookHandler<unknown>;
  onResponse: onResponseAsyncHookHandler;
  onRequestAbort: onRequestAbortAsyncHookHandler;
}

export default fp(
  async (fastify) => {
    fastify.decorate("heavyReads", heavyReadLimiter(fastify.db));
    fastify.decorateRequest("releaseHeavyRead", null);
    const release = async (request: FastifyRequest) => {
      const give = request.releaseHeavyRead;
      if (!give) return;
      request.releaseHeavyRead = null;
      await give().catch((error: unknown) => request.log.warn({ err: error }, "could not release a heavy-read slot"));
    };
    fastify.decorate<HeavyReadHooks>("heavyRead", {
      async preHandler(request) {
        const user = request.currentUser;
        if (!user) return;
        request.releaseHeavyRead = await fastify.heavyReads.take(user.id);
      },
      // Given back before the answer is written, so a client holding its answer can read again at once.
      async onSend(request, _reply, payload) {
        await release(request);
        return payload;
      },
      onResponse: release,
      onRequestAbort: release,
    });
  },
  { name: "heavy-reads", dependencies: ["database"] },
);
