/**
 * Serves the built web app (WEB_DIST) at `/` and answers everything no route matched:
 * `/api/*` → 404 `{ message: "Not found" }`; a GET/HEAD that accepts text/html → a page of the
 * app: `/` the landing page and `/auth` the sign-in page (Register tab, or Login with
 * `?tab=login`) already rendered when the build has them (`landing.html`, `auth.html`,
 * `auth-login.html`, written by the web build's prerender step), everything else index.html
 * (SPA fallback for /app, /settings, unknown routes); anything else → 404 JSON.
 * The pages name the trial's length where the build left core's PAGE_TRIAL_DAYS_MARK: they are
 * read once at start with `trialDays` put in, compressed (brotli, gzip) the first time a client
 * asks for that encoding and kept in memory; they are revalidated on every visit (`no-cache`, an
 * ETag of their content).
 * Hashed files under /assets/ are cached for a year and carry no validators (ETag,
 * Last-Modified); source maps (`*.map`) are never served. The build writes every text file also
 * as `.br` and `.gz`; those are sent as they are to a client that accepts them
 * (`Content-Encoding`, `Vary: Accept-Encoding`).
 * Without a build, HTML requests get a short 503 text and a warning is logged.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { PAGE_TRIAL_DAYS_MARK } from "@focus/core/constants";
import { negotiate } from "@fastify/accept-negotiator";
import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

export interface WebAppOptions {
  /** Absolute path of the built web app. */
  webDist: string;
  /** TRIAL_DAYS, put into the pages where they name the trial's length. */
  trialDays: number;
}

/** A page of the app as it is sent: its bytes plain, its ETag, and its bytes in an encoding. */
interface Page {
  plain: Buffer;
  etag: string;
  /** The page compressed, made on the first call for each encoding (a start compresses nothing). */
  encoded: (encoding: "br" | "gzip") => Buffer;
}

/** Reads `file` of the build with the trial's length put in, or null when the build has none. */
function loadPage(webDist: string, file: string, trialDays: number): Page | null {
  const at = path.join(webDist, file);
  if (!existsSync(at)) return null;
  const plain = Buffer.from(readFileSync(at, "utf8").replaceAll(PAGE_TRIAL_DAYS_MARK, String(trialDays)));
  const etag = `"${createHash("sha256").update(plain).digest("base64url").slice(0, 27)}"`;
  const encodings: { br?: Buffer; gzip?: Buffer } = {};
  const encoded = (encoding: "br" | "gzip") => (encodings[encoding] ??= encoding === "br" ? brotliCompressSync(plain) : gzipSync(plain, { level: 9 }));
  return { plain, etag, encoded };
}

/** Sends `page` compressed as the client accepts, or 304 when its copy is current. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page): FastifyReply {
  reply.header("cache-control", NO_CACHE).header("vary", "accept-encoding").header("etag", page.etag).type("text/html; charset=utf-8");
  if (request.headers["if-none-match"] === page.etag) return reply.code(304).send();
  const encoding = negotiate(request.headers["accept-encoding"] ?? "", ["br", "gzip"]);
  if (encoding === "br" || encoding === "gzip") return reply.header("content-encoding", encoding).send(page.encoded(encoding));
  return reply.send(page.plain);
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
  async (fastify, { webDist, trialDays }) => {
    const shell = loadPage(webDist, "index.html", trialDays);
    if (shell) {
      const landing = loadPage(webDist, "landing.html", trialDays) ?? shell;
      const auth = loadPage(webDist, "auth.html", trialDays) ?? shell;
      const authLogin = loadPage(webDist, "auth-login.html", trialDays) ?? shell;
      // The build's source maps stay on the server (`sourcemap: "hidden"` in apps/web): they
      // would hand out the app's unminified source. The pages are sent by the routes below, with
      // the trial's length put in.
      const allowedPath = (pathName: string) => !pathName.endsWith(".map") && !pathName.endsWith(".html") && !pathName.includes(".html.");
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
      // The landing page and the sign-in page, already rendered when the build has them (the app
      // takes them over).
      fastify.get("/", { schema: { hide: true } }, (request, reply) => sendPage(request, reply, landing));
      fastify.get("/auth", { schema: { hide: true } }, (request, reply) => {
        const tab = (request.query as Record<string, unknown>).tab;
        return sendPage(request, reply, tab === "login" ? authLogin : tab === undefined || tab === "register" ? auth : shell);
      });
      // The app shell the service worker precaches (`pwa.config.ts`), with the trial's length put in.
      fastify.get("/index.html", { schema: { hide: true } }, (request, reply) => sendPage(request, reply, shell));
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
      if (!shell) {
        return reply
          .code(503)
          .type("text/plain; charset=utf-8")
          .send(`The Focus web app is not built (${webDist} has no index.html). Run \`pnpm build\` and restart.\n`);
      }
      return sendPage(request, reply, shell);
    });
  },
  { name: "web-app" },
);
