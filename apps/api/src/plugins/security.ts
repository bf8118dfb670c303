/**
 * Security headers (@fastify/helmet's) with a CSP for the same-origin Vite/React build (the
 * rate limiter is `plugins/rateLimits.ts`).
 * The page may open websockets to its own host only (the live connection, /ws/timer), not to
 * any `ws:`/`wss:` address, so injected script could not carry data off through one.
 *
 * @fastify/helmet builds helmet anew for every response (parsing the whole CSP each time), so
 * the header set is computed once at start instead: @fastify/helmet answers one request on a
 * throwaway instance, with a marker in place of each per-request CSP source, and one onRequest
 * hook sets the captured headers on every response, filling in the markers. The headers are
 * the ones @fastify/helmet would send, byte for byte (test/securityHeaders.test.ts), except on the
 * build's scripts and stylesheets, which get only the two that matter for a subresource, and on
 * the API's answers, which get an API's set (`apiHeaders`: nothing to render, nothing to frame).
 */
import type { IncomingMessage } from "node:http";
import helmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import Fastify from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../env";

export interface SecurityPluginOptions {
  config: Pick<Config, "publicOrigin" | "trustProxy">;
}

/** A bare `host[:port]` (name, IPv4 or bracketed IPv6); anything else could smuggle CSP syntax. */
const HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * `connect-src` sources for the app's own websocket: from PUBLIC_ORIGIN when set (`wss://` on
 * https), else from the host the page was requested on (X-Forwarded-Host behind a trusted
 * proxy), both schemes. `'self'` covers the same in current browsers; these cover the rest.
 */
export function websocketSources(config: SecurityPluginOptions["config"]): Array<string | ((req: IncomingMessage) => string)> {
  if (config.publicOrigin) {
    const url = new URL(config.publicOrigin);
    return [`${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`];
  }
  const hostOf = (req: IncomingMessage): string | null => {
    const forwarded = config.trustProxy !== false ? req.headers["x-forwarded-host"] : undefined;
    const raw = (typeof forwarded === "string" ? forwarded.split(",")[0] : req.headers.host)?.trim() ?? "";
    return HOST.test(raw) ? raw.toLowerCase() : null;
  };
  // An unusable Host header just leaves 'self'; a directive value may not be empty.
  return ["ws:", "wss:"].map((scheme) => (req: IncomingMessage) => {
    const host = hostOf(req);
    return host ? `${scheme}//${host}` : "'self'";
  });
}

/** How long a browser keeps to https once told (HSTS `max-age`), s: 180 days, helmet's default. */
const HSTS_MAX_AGE_S = 15552000;

/** Whether the app is served over https (PUBLIC_ORIGIN says so): HSTS is sent only then. */
function servedOverHttps(config: SecurityPluginOptions["config"]): boolean {
  return config.publicOrigin?.startsWith("https:") ?? false;
}

/** The @fastify/helmet options of the app: its CSP, and HSTS over https only. */
export function helmetOptions(config: SecurityPluginOptions["config"]): FastifyHelmetOptions {
  const https = servedOverHttps(config);
  return {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "connect-src": ["'self'", ...websocketSources(config)],
        "img-src": ["'self'", "data:", "blob:"],
        "media-src": ["'self'", "blob:", "data:"],
        "worker-src": ["'self'", "blob:"],
        "font-src": ["'self'", "data:"],
        "manifest-src": ["'self'"],
        "object-src": ["'none'"],
        "frame-ancestors": ["'self'"],
        // Over plain http (local use) upgrading would break every asset.
        "upgrade-insecure-requests": https ? [] : null,
      },
    },
    // HSTS only makes sense when the app is served over https.
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: false } : false,
  };
}

type CspSource = (req: IncomingMessage) => string;

/** Most CSP values kept, one per distinct set of per-request sources (in practice per Host). */
const CSP_CACHE_SIZE = 64;

/**
 * What `helmetOptions` makes @fastify/helmet send, computed once: `set(req, res)` puts the same
 * headers on a response (names spelled as helmet spells them) and costs a few `setHeader`s.
 * The per-request CSP sources (the page's own host) are called for each request and the CSP
 * with them is kept per distinct result.
 */
export async function precomputedHelmet(options: FastifyHelmetOptions): Promise<{
  /** The header names it sets, as helmet spells them. */
  names: string[];
  set: (req: IncomingMessage, res: { setHeader(name: string, value: string | number | readonly string[]): unknown }) => void;
}> {
  const sources: CspSource[] = [];
  const markers: string[] = [];
  let probeOptions = options;
  const csp = options.contentSecurityPolicy;
  if (csp && typeof csp === "object" && csp.directives) {
    const directives: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(csp.directives)) {
      directives[name] = Array.isArray(value)
        ? value.map((element: unknown) => {
            if (typeof element !== "function") return element;
            sources.push(element as CspSource);
            const marker = `focus-csp-source-${markers.length}`;
            markers.push(marker);
            return marker;
          })
        : value;
    }
    probeOptions = { ...options, contentSecurityPolicy: { ...csp, directives } } as FastifyHelmetOptions;
  }

  const probe = Fastify();
  await probe.register(helmet, probeOptions);
  let captured: Array<{ name: string; value: string | number | string[] }> = [];
  // Registered after helmet's hooks, so it sees the response exactly as they left it.
  probe.addHook("onRequest", async (_request, reply) => {
    // Names as helmet spelled them (Node has this on every outgoing message; its types only on requests).
    const names = (reply.raw as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames();
    captured = names.map((name) => ({ name, value: reply.raw.getHeader(name) as string | number | string[] }));
  });
  probe.get("/", async () => "");
  await probe.inject({ method: "GET", url: "/" });
  await probe.close();

  const isCsp = (name: string) => /^content-security-policy(-report-only)?$/i.test(name);
  const cspCache = new Map<string, string>();
  const cspFor = (req: IncomingMessage, text: string): string => {
    const values = sources.map((source) => source(req));
    const key = values.join(" ");
    let value = cspCache.get(key);
    if (value === undefined) {
      value = markers.reduce((csp, marker, i) => csp.split(marker).join(values[i] ?? ""), text);
      if (cspCache.size >= CSP_CACHE_SIZE) cspCache.clear();
      cspCache.set(key, value);
    }
    return value;
  };
  const dynamic = markers.length > 0;

  return {
    names: captured.map(({ name }) => name),
    set(req, res) {
      for (const { name, value } of captured) {
        res.setHeader(name, dynamic && isCsp(name) ? cspFor(req, String(value)) : value);
      }
    },
  };
}

/**
 * The build's scripts and stylesheets (a JavaScript or CSS answer under `/assets/`): a browser
 * never renders them as a document, so the document-only headers (CSP, frame, referrer, opener
 * policies...) do nothing there and would add about 700 bytes to each of the dozens of files a
 * page loads. They keep what protects a subresource: `nosniff` and the cross-origin resource
 * policy. Decided by what is sent, not by the URL alone: an HTML or JSON answer under /assets/
 * (a missing file) keeps every header. The service worker (`/sw.js`, whose CSP is the worker's)
 * is not under /assets/, and the app starts no other worker.
 */
const ASSET_PATH = /^\/assets\//;
const SUBRESOURCE_TYPE = /^(?:text\/css|(?:application|text)\/javascript)(?:;|$)/;
const SUBRESOURCE_HEADERS = new Set(["x-content-type-options", "cross-origin-resource-policy"]);

/**
 * The API's answers (`/api/...`, but not its documentation page, `/api/docs`): JSON, a CSV or
 * JSON export to download, an audio file; never a page a browser renders. They get the headers
 * OWASP's REST Security Cheat Sheet gives an API instead of the page's: a CSP that allows
 * nothing and no framing (`default-src 'none'; frame-ancestors 'none'`), `X-Frame-Options: DENY`,
 * `nosniff`, the same-origin resource policy, no referrer, and HSTS over https; and, since they
 * hold personal data, `Cache-Control: no-store` (a route that may be cached, such as the audio
 * stream, sets its own, which takes its place). The page's set
 * (its CSP with the websocket hosts, the opener and agent-cluster policies...) would add about
 * 600 bytes and seven headers to every answer, and protects nothing that is not a document.
 */
const API_PATH = /^\/api\/(?!docs(?:[/?]|$))/;

/** Whether a request's answer gets the API's headers (`apiHeaders`) rather than the page's. */
export function isApiAnswer(url: string): boolean {
  return API_PATH.test(url);
}

/** The headers of an API answer (see API_PATH), as [name, value] pairs. */
export function apiHeaders(config: SecurityPluginOptions["config"]): Array<[string, string]> {
  const https = servedOverHttps(config);
  return [
    ["Cache-Control", "no-store"],
    ["Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Referrer-Policy", "no-referrer"],
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ...(https ? ([["Strict-Transport-Security", `max-age=${HSTS_MAX_AGE_S}`]] as Array<[string, string]>) : []),
  ];
}

export default fp<SecurityPluginOptions>(
  async (fastify, { config }) => {
    const headers = await precomputedHelmet(helmetOptions(config));
    const documentOnly = headers.names.filter((name) => !SUBRESOURCE_HEADERS.has(name.toLowerCase()));
    const api = apiHeaders(config);
    fastify.addHook("onRequest", (request, reply, done) => {
      if (isApiAnswer(request.url)) for (const [name, value] of api) reply.raw.setHeader(name, value);
      else headers.set(request.raw, reply.raw);
      done();
    });
    fastify.addHook("onSend", (request, reply, payload, done) => {
      if (ASSET_PATH.test(request.url) && SUBRESOURCE_TYPE.test(String(reply.getHeader("content-type") ?? ""))) {
        for (const name of documentOnly) reply.raw.removeHeader(name);
      }
      done(null, payload);
    });
  },
  { name: "security" },
);
