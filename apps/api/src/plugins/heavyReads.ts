/**
 * `fastify.heavyRead`, a preHandler for the routes whose answers grow with the account's history
 * (`security/heavyReads.ts`, `docs/api.md` Limits): it takes one of the signed-in account's
 * heavy-read leases, or answers 429 with Retry-After, and gives the lease back once the answer
 * is sent or the client went away. Register it after `authenticate`.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { takeHeavyReadSlot } from "../security/heavyReads";

declare module "fastify" {
  interface FastifyInstance {
    heavyRead: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    releaseHeavyRead: (() => Promise<void>) | null;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorateRequest("releaseHeavyRead", null);
    fastify.decorate("heavyRead", async (request: FastifyRequest) => {
      const user = request.currentUser;
      if (!user) return;
      request.releaseHeavyRead = await takeHeavyReadSlot(fastify.db, user.id);
    });
    const release = async (request: FastifyRequest) => {
      const give = request.releaseHeavyRead;
      if (!give) return;
      request.releaseHeavyRead = null;
      await give().catch((error: unknown) => request.log.warn({ err: error }, "could not release a heavy-read lease"));
    };
    fastify.addHook("onResponse", release);
    fastify.addHook("onRequestAbort", release);
  },
  { name: "heavy-reads", dependencies: ["database"] },
);
