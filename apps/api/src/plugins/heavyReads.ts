/**
 * `fastify.heavyRead`, a preHandler for the routes whose answers grow with the account's history
 * (`security/heavyReads.ts`, `docs/api.md` Limits): it takes one of the signed-in account's
 * heavy-read slots from `fastify.heavyReads`, or answers 429 with Retry-After, and gives the slot
 * back as the answer is sent (before it is written) or when the client went away. Register it after `authenticate`.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { heavyReadLimiter, type HeavyReadLimiter, type ReleaseHeavyRead } from "../security/heavyReads";

declare module "fastify" {
  interface FastifyInstance {
    heavyReads: HeavyReadLimiter;
    heavyRead: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    releaseHeavyRead: ReleaseHeavyRead | null;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate("heavyReads", heavyReadLimiter(fastify.db));
    fastify.decorateRequest("releaseHeavyRead", null);
    fastify.decorate("heavyRead", async (request: FastifyRequest) => {
      const user = request.currentUser;
      if (!user) return;
      request.releaseHeavyRead = await fastify.heavyReads.take(user.id);
    });
    const release = async (request: FastifyRequest) => {
      const give = request.releaseHeavyRead;
      if (!give) return;
      request.releaseHeavyRead = null;
      await give().catch((error: unknown) => request.log.warn({ err: error }, "could not release a heavy-read slot"));
    };
    // Given back before the answer is written, so a client holding its answer can read again at
    // once; onResponse and onRequestAbort catch an answer that never reached onSend.
    fastify.addHook("onSend", async (request, _reply, payload) => {
      await release(request);
      return payload;
    });
    fastify.addHook("onResponse", release);
    fastify.addHook("onRequestAbort", release);
  },
  { name: "heavy-reads", dependencies: ["database"] },
);
