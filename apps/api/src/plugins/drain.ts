/**
 * Graceful drain on close: Fastify answers requests that arrive after
 * `close()` with 503 (`return503OnClosing`) but stops listening right after the preClose hooks,
 * so a client that comes during a long drain would meet a refused connection instead. This
 * preClose hook keeps the listener open until the requests in flight have been answered (or
 * `maxWaitMs` passed), so during the whole drain new requests get a 503 they can retry.
 */
import fp from "fastify-plugin";

export interface DrainOptions {
  /** Longest wait for in-flight requests, ms (the process gives up after 10 s, see server.ts). */
  maxWaitMs: number;
}

export default fp<DrainOptions>(
  async (fastify, { maxWaitMs }) => {
    let inFlight = 0;
    // Callback style, as the other per-request hooks: no promise per request.
    fastify.addHook("onRequest", (request, reply, done) => {
      // A websocket upgrade never "finishes" as a response; live.ts closes those sockets.
      if (request.headers.upgrade) return done();
      inFlight += 1;
      reply.raw.once("close", () => {
        inFlight -= 1;
      });
      done();
    });
    fastify.addHook("preClose", async () => {
      const deadline = Date.now() + maxWaitMs;
      while (inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      if (inFlight > 0) fastify.log.warn({ inFlight }, "closing with requests still in flight");
    });
  },
  { name: "drain" },
);
