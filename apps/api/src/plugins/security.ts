/**
 * Security headers (@fastify/helmet) with a CSP for the same-origin Vite/React build, and the
 * rate limiter (@fastify/rate-limit, off by default, switched on per route; DESIGN.md §3).
 */
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import fp from "fastify-plugin";
import type { Config } from "../env";

export interface SecurityPluginOptions {
  config: Pick<Config, "publicOrigin">;
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
          "connect-src": ["'self'", "ws:", "wss:"],
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
