/**
 * `request.timeZone`: the caller's IANA time zone from the `X-Time-Zone` header the web app
 * sends, or "UTC" when it is missing or not a time zone this server knows. Used wherever the
 * API counts local days: the Free plan's daily sessions and its last 7 days of history
 * (`docs/product.md`). A hint, never a reason to refuse a request.
 */
import { TIME_ZONE_HEADER, timeZoneSchema } from "@focus/core/schemas";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyRequest {
    timeZone: string;
  }
}

/** Most header values remembered with their verdict (a few per user at most; cleared when full). */
const KNOWN_VALUES_MAX = 1000;

export default fp(
  async (fastify) => {
    fastify.decorateRequest("timeZone", "UTC");
    // Every request of the web app sends the same few values: each is checked once.
    const known = new Map<string, string | null>();
    fastify.addHook("onRequest", (request, _reply, done) => {
      const value = request.headers[TIME_ZONE_HEADER];
      if (typeof value === "string") {
        let zone = known.get(value);
        if (zone === undefined) {
          const parsed = timeZoneSchema.safeParse(value);
          zone = parsed.success ? parsed.data : null;
          if (known.size >= KNOWN_VALUES_MAX) known.clear();
          known.set(value, zone);
        }
        if (zone !== null) request.timeZone = zone;
      }
      done();
    });
  },
  { name: "time-zone" },
);
