/**
 * `request.timeZone`: the caller's IANA time zone from the `X-Time-Zone` header the web app
 * sends, or "UTC" when it is missing or not a time zone this server knows. Used wherever the
 * API counts local days: the Free plan's daily sessions and its last 7 days of history
 * (`docs/product.md`). A hint, never a reason to refuse a request.
 */
import { TIME_ZONE_HEADER, timeZoneSchema } from "@focus/core";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyRequest {
    timeZone: string;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorateRequest("timeZone", "UTC");
    fastify.addHook("onRequest", async (request) => {
      const parsed = timeZoneSchema.safeParse(request.headers[TIME_ZONE_HEADER]);
      if (parsed.success) request.timeZone = parsed.data;
    });
  },
  { name: "time-zone" },
);
