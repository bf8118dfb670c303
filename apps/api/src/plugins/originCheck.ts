/**
 * Refuses cross-origin state-changing requests (`docs/api.md`, Origin): POST/PUT/PATCH/DELETE whose
 * `Origin` is not the app's own (PUBLIC_ORIGIN, else the request's scheme and Host), or that
 * carry `Sec-Fetch-Site: cross-site`, get 403. Requests without `Origin` (curl,
 * server-to-server) pass; the SameSite=Lax cookie already keeps browsers' cross-site
 * subrequests anonymous.
 *
 * Every path is checked, not only /api/*: the router matches percent-decoded paths
 * (`/%61pi/settings` is `/api/settings`) and absolute-form targets, so a test on the raw
 * URL could be dodged, and no state-changing route lives outside /api anyway.
 *
 * One exception (`docs/api.md`): a linked extension's calls come from its own
 * `chrome-extension://<EXTENSION_ID>` origin (the fixed id of our extension, never another
 * extension's) with a device token (`Authorization: Bearer`). Such a request passes when it
 * carries no cookie; with a cookie it is refused like any foreign origin, so
 * the exception never lends a browser session to another origin.
 *
 * A refusal says in plain words where the app runs (`crossOriginMessage`): the usual cause is a
 * person who opened the app at another address than PUBLIC_ORIGIN (e.g. localhost instead of
 * 127.0.0.1), and the web app shows the server's message.
 */
import { EXTENSION_ID } from "@focus/core/protocol";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { HttpError } from "../httpError";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface OriginCheckOptions {
  /** The app's public origin, or null to derive it from each request. */
  publicOrigin: string | null;
}

/** The origin the app is served from, as a browser would write it. */
export function ownOrigin(request: FastifyRequest, publicOrigin: string | null): string {
  return publicOrigin ?? `${request.protocol}://${request.host}`;
}

/**
 * What a refused cross-origin request says: where the page was opened (`origin`, when the browser
 * said) and the address Focus Flow runs at (`own`), and what to do, without jargon.
 */
export function crossOriginMessage(origin: string | undefined, own: string): string {
  if (origin === undefined || origin === "null" || origin.toLowerCase() === own.toLowerCase()) {
    return `This request did not come from a Focus Flow page. Open ${own} and try again.`;
  }
  return `This page was opened at ${origin}, but Focus Flow runs at ${own}. Open ${own} instead.`;
}

/** Our Chrome extension's origin (EXTENSION_ID is fixed by the key in its manifest). */
export const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}`;

/** True for our Chrome extension's origin, exactly; any other extension's origin is false. */
export function isExtensionOrigin(origin: string | undefined): boolean {
  return origin === EXTENSION_ORIGIN;
}

/** A device-token call from an extension that carries no cookie (no ambient credentials). */
function isExtensionTokenRequest(request: FastifyRequest): boolean {
  return (
    request.headers.cookie === undefined &&
    /^Bearer\s/i.test(request.headers.authorization ?? "") &&
    isExtensionOrigin(request.headers.origin)
  );
}

/** True when the request is a state-changing call from somewhere else. */
export function isCrossOrigin(request: FastifyRequest, publicOrigin: string | null): boolean {
  if (!STATE_CHANGING.has(request.method)) return false;
  if (isExtensionTokenRequest(request)) return false;
  if (request.headers["sec-fetch-site"] === "cross-site") return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return origin.toLowerCase() !== ownOrigin(request, publicOrigin).toLowerCase();
}

export default fp<OriginCheckOptions>(
  async (fastify, { publicOrigin }) => {
    fastify.addHook("onRequest", (request, _reply, done) => {
      if (!isCrossOrigin(request, publicOrigin)) return done();
      request.log.warn({ origin: request.headers.origin }, "cross-origin request refused");
      done(new HttpError(403, crossOriginMessage(request.headers.origin, ownOrigin(request, publicOrigin))));
    });
  },
  { name: "origin-check" },
);
