/**
 * `fastify.heavyRead`, a preHandler for the routes whose answers grow with the account's history
 * (`security/heavyReads.ts`, `docs/api.md` Limits): it takes one of the signed-in account's
 * heavy-read slots from `fastify.heavyReads`, or answers 429 with Retry-After, and gives the slot
 * back once the answer is sent or the client went away. Register it after `authenticate`.
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
    fastify.addHook("onResponse", release);
    fastify.addHook("onRequestAbort", release);
  },
  { name: "heavy-reads", dependencies: ["database"] },
);
