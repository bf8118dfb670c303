/**
 * Security headers (@fastify/helmet) with a CSP for the same-origin Vite/React build, and the
 * rate limiter (@fastify/rate-limit, off by default, switched on per route; `docs/api.md`).
 * The page may open websockets to its own host only (the live connection, /ws/timer), not to
 * any `ws:`/`wss:` address, so injected script could not carry data off through one.
 */
import type { IncomingMessage } from "node:http";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
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

export default fp<SecurityPluginOptions>(
  async (fastify, { config }) => {
    const https = config.publicOrigin?.startsWith("https:") ?? false;
    await fastify.register(helmet, {
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
      strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: false } : false,
    });
    await fastify.register(rateLimit, {
      global: false,
      // request.ip: the socket address unless TRUST_PROXY is set (X-Forwarded-For is not trusted).
      keyGenerator: (request) => request.ip,
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Too many attempts, please try again in ${context.after}`,
      }),
    });
  },
  { name: "security" },
);
