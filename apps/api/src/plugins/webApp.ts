/**
 * Serves the built web app (WEB_DIST) at `/` and answers everything no route matched:
 * `/api/*` → 404 `{ message: "Not found" }`; a GET/HEAD that accepts text/html → index.html
 * (SPA fallback for /app, /auth, /settings, unknown routes), except `/` itself, which gets the
 * landing page already rendered (`landing.html`, written by the web build's prerender step) when
 * the build has it; anything else → 404 JSON.
 * Hashed files under /assets/ are cached for a year and carry no validators (ETag,
 * Last-Modified); index.html is revalidated every time;
 * source maps (`*.map`) are never served. The build writes every text file also as `.br` and `.gz`;
 * those are sent as they are to a client that accepts them (`Content-Encoding`, `Vary:
 * Accept-Encoding`), index.html included.
 * Without a build, HTML requests get a short 503 text and a warning is logged.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

export interface WebAppOptions {
  /** Absolute path of the built web app. */
  webDist: string;
}

const LONG_CACHE = "public, max-age=31536000, immutable";
const NO_CACHE = "no-cache";

function isApiPath(url: string): boolean {
  const pathname = url.split("?", 1)[0] ?? "";
  return pathname === "/api" || pathname.startsWith("/api/");
}

function wantsHtml(request: FastifyRequest): boolean {
  return (request.method === "GET" || request.method === "HEAD") && (request.headers.accept ?? "").includes("text/html");
}

export default fp<WebAppOptions>(
  async (fastify, { webDist }) => {
    const built = existsSync(path.join(webDist, "index.html"));
    const landingBuilt = existsSync(path.join(webDist, "landing.html"));
    if (built) {
      // The build's source maps stay on the server (`sourcemap: "hidden"` in apps/web): they
      // would hand out the app's unminified source.
      const allowedPath = (pathName: string) => !pathName.endsWith(".map");
      // Hashed files: their name changes with their content, so a browser keeps them a year and
      // never revalidates. They carry no ETag, Last-Modified or Accept-Ranges: a phone's first
      // visit loads dozens of them, and each header is paid on every one.
      await fastify.register(fastifyStatic, {
        root: path.join(webDist, "assets"),
        prefix: "/assets/",
        decorateReply: false,
        cacheControl: false,
        etag: false,
        lastModified: false,
        acceptRanges: false,
        preCompressed: true,
        allowedPath,
        setHeaders: (res) => {
          res.setHeader("cache-control", LONG_CACHE);
          // The same URL answers brotli, gzip or plain bytes: a shared cache must key on it.
          res.setHeader("vary", "accept-encoding");
        },
      });
      await fastify.register(fastifyStatic, {
        root: webDist,
        prefix: "/",
        // `/` is the landing page (its own route below).
        index: false,
        cacheControl: false,
        preCompressed: true,
        allowedPath,
        setHeaders: (res) => {
          res.setHeader("cache-control", NO_CACHE);
          res.setHeader("vary", "accept-encoding");
        },
      });
      // The landing page, already rendered when the build has it (the app takes it over).
      fastify.get("/", { schema: { hide: true } }, (_request, reply) =>
        reply.header("cache-control", NO_CACHE).sendFile(landingBuilt ? "landing.html" : "index.html"),
      );
    } else {
      fastify.log.warn({ webDist }, "web app is not built: / answers a placeholder (run `pnpm build`)");
    }

    fastify.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      if (isApiPath(request.url)) {
        // As every /api answer: the 404 of a path that may later exist (or that names a
        // record, `/api/tasks/x/…`) is kept by no cache.
        return reply.code(404).header("cache-control", "no-store").send({ message: "Not found" });
      }
      if (!wantsHtml(request)) return reply.code(404).send({ message: "Not found" });
      if (!built) {
        return reply
          .code(503)
          .type("text/plain; charset=utf-8")
          .send(`The Focus web app is not built (${webDist} has no index.html). Run \`pnpm build\` and restart.\n`);
      }
      return reply.header("cache-control", NO_CACHE).sendFile("index.html");
    });
  },
  { name: "web-app" },
);
