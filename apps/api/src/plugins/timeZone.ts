/**
 * `request.timeZone`: the IANA time zone the API counts local days in (the Free plan's daily
 * sessions and its last 7 days of history, `docs/product.md`). Here it is the caller's, from the
 * `X-Time-Zone` header the web app sends (`request.namedTimeZone`, null when missing or not a
 * zone this server knows), else "UTC"; for a signed-in user `plugins/auth.ts` then makes it the
 * account's (`domain/accountTimeZone.ts`). A hint, never a reason to refuse a request.
 */
import { TIME_ZONE_HEADER, timeZoneSchema } from "@focus/core/schemas";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyRequest {
    timeZone: string;
    /** The zone the request's header named, or null. */
    namedTimeZone: string | null;
  }
}

/** Most header values remembered with their verdict (a few per user at most; cleared when full). */
const KNOWN_VALUES_MAX = 1000;

export default fp(
  async (fastify) => {
    fastify.decorateRequest("timeZone", "UTC");
    fastify.decorateRequest("namedTimeZone", null);
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
        if (zone !== null) {
          request.timeZone = zone;
          request.namedTimeZone = zone;
        }
      }
      done();
    });
  },
  { name: "time-zone" },
);
