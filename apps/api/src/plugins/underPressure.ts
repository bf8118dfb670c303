/**
 * Overload protection (503, `docs/api.md`) with @fastify/under-pressure: when the event loop lags
 * (mean delay over a second above `maxEventLoopDelayMs`) or the V8 heap is nearly full, every
 * request is answered at once with 503, `Retry-After` and a JSON `{ message }` instead of
 * queueing more work on a server that is already behind.
 *
 * `GET /api/health` is exempt: it is a liveness check ("the process answers"), so a busy but
 * healthy process is not restarted by its supervisor; a load balancer learns about overload
 * from the 503s of the other routes and their Retry-After.
 */
import underPressure from "@fastify/under-pressure";
import { getHeapStatistics } from "node:v8";
import fp from "fastify-plugin";
import { HttpError } from "../httpError";

/** Seconds a client is asked to wait before retrying an overloaded server. */
export const OVERLOAD_RETRY_AFTER_S = 5;
/** Share of V8's heap limit above which the server counts as overloaded. */
const MAX_HEAP_SHARE = 0.9;
/** The route that keeps answering under pressure. */
const HEALTH_URL = "/api/health";

export interface UnderPressureOptions {
  /** Mean event-loop delay that counts as overload, ms; 0 turns the check off. */
  maxEventLoopDelayMs: number;
}

export default fp<UnderPressureOptions>(
  async (fastify, { maxEventLoopDelayMs }) => {
    // One warning a second at most: logging every refusal would add work to an overloaded server.
    let refused = 0;
    let loggedAt = 0;
    await fastify.register(underPressure, {
      maxEventLoopDelay: maxEventLoopDelayMs,
      maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * MAX_HEAP_SHARE),
      retryAfter: OVERLOAD_RETRY_AFTER_S,
      // A rejected promise goes to the one error handler, which answers `{ message }`.
      pressureHandler: (request, reply, type) => {
        if (request.routeOptions.url === HEALTH_URL) return;
        refused += 1;
        if (Date.now() - loggedAt >= 1000) {
          request.log.warn({ pressure: type, refused }, "overloaded: requests refused with 503");
          loggedAt = Date.now();
          refused = 0;
        }
        reply.header("retry-after", String(OVERLOAD_RETRY_AFTER_S));
        return Promise.reject(new HttpError(503, "The server is overloaded, please try again shortly"));
      },
    });
  },
  { name: "under-pressure" },
);
