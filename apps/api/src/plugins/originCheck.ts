/**
 * Refuses cross-origin state-changing API requests (DESIGN.md §3): POST/PUT/PATCH/DELETE to
 * /api/* whose `Origin` is not the app's own (PUBLIC_ORIGIN, else the request's scheme and
 * Host), or that carry `Sec-Fetch-Site: cross-site`, get 403. Requests without `Origin`
 * (curl, server-to-server) pass; the SameSite=Lax cookie already keeps browsers' cross-site
 * subrequests anonymous.
 */
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { HttpError } from "../domain/httpError";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface OriginCheckOptions {
  /** The app's public origin, or null to derive it from each request. */
  publicOrigin: string | null;
}

/** The origin the app is served from, as a browser would write it. */
function ownOrigin(request: FastifyRequest, publicOrigin: string | null): string {
  return publicOrigin ?? `${request.protocol}://${request.host}`;
}

/** True when the request is a state-changing API call from somewhere else. */
export function isCrossOrigin(request: FastifyRequest, publicOrigin: string | null): boolean {
  if (!STATE_CHANGING.has(request.method)) return false;
  const path = request.url.split("?", 1)[0] ?? "";
  if (path !== "/api" && !path.startsWith("/api/")) return false;
  if (request.headers["sec-fetch-site"] === "cross-site") return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return origin.toLowerCase() !== ownOrigin(request, publicOrigin).toLowerCase();
}

export default fp<OriginCheckOptions>(
  async (fastify, { publicOrigin }) => {
    fastify.addHook("onRequest", async (request) => {
      if (isCrossOrigin(request, publicOrigin)) {
        request.log.warn({ origin: request.headers.origin }, "cross-origin request refused");
        throw new HttpError(403, "Cross-origin request refused");
      }
    });
  },
  { name: "origin-check" },
);
