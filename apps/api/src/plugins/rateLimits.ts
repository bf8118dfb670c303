/**
 * The rate limiter (@fastify/rate-limit): off by default, switched on per route with
 * `config.rateLimit` (`docs/api.md`, Limits). Keyed by the client address unless a route says
 * otherwise. On PostgreSQL the counters live in the database (`security/rateLimitStore.ts`), so
 * the limits hold across every instance; on SQLite (one instance) in the plugin's own memory.
 * Counters in the database whose window has ended are purged every 10 minutes.
 */
import rateLimit from "@fastify/rate-limit";
import fp from "fastify-plugin";
import { isPostgres } from "../db/connection";
import { purgeExpiredCounters } from "../repositories/rateCounters";
import { databaseRateLimitStore } from "../security/rateLimitStore";

const PURGE_INTERVAL_MS = 10 * 60 * 1000;

export default fp(
  async (fastify) => {
    await fastify.register(rateLimit, {
      global: false,
      // request.ip: the socket address unless TRUST_PROXY is set (X-Forwarded-For is not trusted).
      keyGenerator: (request) => request.ip,
      ...(isPostgres(fastify.db) ? { store: databaseRateLimitStore(fastify.db) } : {}),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Too many attempts, please try again in ${context.after}`,
      }),
    });

    const purge = () =>
      purgeExpiredCounters(fastify.db).catch((error: unknown) => fastify.log.warn({ err: error }, "could not purge rate counters"));
    const timer = setInterval(() => void purge(), PURGE_INTERVAL_MS);
    timer.unref();
    fastify.addHook("onClose", async () => clearInterval(timer));
  },
  { name: "rate-limits", dependencies: ["database"] },
);
