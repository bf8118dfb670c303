import helmet from "@fastify/helmet";
import Fastify, { type LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import securityPlugin, { helmetOptions, type SecurityPluginOptions } from "../src/plugins/security";

type SecurityConfig = SecurityPluginOptions["config"];

/** Header names (as spelled on the wire, in order) and values of a response. */
function wireHeaders(res: LightMyRequestResponse): Array<[string, unknown]> {
  const raw = res.raw.res as unknown as { getRawHeaderNames(): string[]; getHeader(name: string): unknown };
  return raw.getRawHeaderNames().map((name) => [name, raw.getHeader(name)]);
}

/** The same request answered by @fastify/helmet itself and by the app's security plugin. */
async function bothAnswers(config: SecurityConfig, headers: Record<string, string>) {
  const reference = Fastify({ trustProxy: config.trustProxy as boolean });
  await reference.register(helmet, helmetOptions(config));
  reference.get("/app", async () => "");
  const app = Fastify({ trustProxy: config.trustProxy as boolean });
  await app.register(securityPlugin, { config });
  app.get("/app", async () => "");
  try {
    const expected = await reference.inject({ method: "GET", url: "/app", headers });
    const actual = await app.inject({ method: "GET", url: "/app", headers });
    const missing = await app.inject({ method: "GET", url: "/nope", headers });
    const expectedMissing = await reference.inject({ method: "GET", url: "/nope", headers });
    return { expected, actual, missing, expectedMissing };
  } finally {
    await reference.close();
    await app.close();
  }
}

describe("security headers", () => {
  const configs: Array<[string, SecurityConfig]> = [
    ["no PUBLIC_ORIGIN", { publicOrigin: null, trustProxy: false }],
    ["no PUBLIC_ORIGIN, behind a proxy", { publicOrigin: null, trustProxy: true }],
    ["http PUBLIC_ORIGIN", { publicOrigin: "http://focus.example:8080", trustProxy: false }],
    ["https PUBLIC_ORIGIN", { publicOrigin: "https://focus.example", trustProxy: true }],
  ];
  const requests: Array<Record<string, string>> = [
    { host: "localhost:3000" },
    { host: "Focus.Example" },
    { host: "[::1]:8080" },
    { host: "evil.example;script-src *" },
    { host: "localhost:3000", "x-forwarded-host": "app.example, other.example" },
    { host: "localhost:3000", "x-forwarded-host": "bad host" },
  ];

  for (const [label, config] of configs) {
    it(`are the ones @fastify/helmet sends, byte for byte (${label})`, async () => {
      for (const headers of requests) {
        const { expected, actual, missing, expectedMissing } = await bothAnswers(config, headers);
        expect(actual.statusCode).toBe(200);
        expect(wireHeaders(expected).map(([name]) => name)).toEqual(expect.arrayContaining(["Content-Security-Policy", "X-Frame-Options"]));
        expect(wireHeaders(actual).filter(([name]) => name.toLowerCase() !== "date")).toEqual(
          wireHeaders(expected).filter(([name]) => name.toLowerCase() !== "date"),
        );
        expect(missing.statusCode).toBe(404);
        expect(wireHeaders(missing).filter(([name]) => name.toLowerCase() !== "date")).toEqual(
          wireHeaders(expectedMissing).filter(([name]) => name.toLowerCase() !== "date"),
        );
      }
    });
  }

  it("gives the API's answers an API's headers: no cache, nothing to render or frame, nosniff, no referrer, HSTS over https; its documentation page the page's", async () => {
    for (const [label, config] of configs) {
      const app = Fastify();
      await app.register(securityPlugin, { config });
      app.get("/api/me", async () => ({ id: 1 }));
      app.get("/api/export", async (_request, reply) => reply.type("text/csv").send("a,b\n"));
      app.get("/api/docs", async (_request, reply) => reply.type("text/html").send("<html></html>"));
      app.get("/api/docsy", async () => ({ id: 1 }));
      app.get("/api/audio/track.mp3", async (_request, reply) => reply.type("audio/mpeg").header("cache-control", "private, max-age=3600").send(""));
      try {
        for (const url of ["/api/me", "/api/me?x=1", "/api/export", "/api/docsy", "/api/nope"]) {
          const res = await app.inject({ method: "GET", url });
          const names = wireHeaders(res).map(([name]) => name.toLowerCase()).filter((name) => !["date", "connection", "keep-alive", "content-type", "content-length"].includes(name));
          const https = config.publicOrigin?.startsWith("https:") ?? false;
          expect(names.sort(), `${label} ${url}`).toEqual(
            ["cache-control", "content-security-policy", "cross-origin-resource-policy", "referrer-policy", ...(https ? ["strict-transport-security"] : []), "x-content-type-options", "x-frame-options"],
          );
          expect(res.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
          expect(res.headers["x-frame-options"]).toBe("DENY");
          expect(res.headers["cache-control"]).toBe("no-store");
          expect(res.headers["x-content-type-options"]).toBe("nosniff");
          expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
          expect(res.headers["referrer-policy"]).toBe("no-referrer");
          if (https) expect(res.headers["strict-transport-security"]).toBe("max-age=15552000");
        }
        // A route that may be cached says so itself, in place of no-store.
        const track = await app.inject({ method: "GET", url: "/api/audio/track.mp3" });
        expect(track.headers["cache-control"]).toBe("private, max-age=3600");
        expect(track.headers["x-content-type-options"]).toBe("nosniff");
        for (const url of ["/api/docs", "/api/docs/", "/api/docs?x=1"]) {
          const res = await app.inject({ method: "GET", url });
          expect(String(res.headers["content-security-policy"]), url).toContain("script-src 'self'");
          expect(res.headers["x-frame-options"], url).toBe("SAMEORIGIN");
        }
      } finally {
        await app.close();
      }
    }
  });

  it("follows the Host of each request in connect-src when PUBLIC_ORIGIN is unset", async () => {
    const app = Fastify();
    await app.register(securityPlugin, { config: { publicOrigin: null, trustProxy: false } });
    app.get("/", async () => "");
    try {
      for (const host of ["a.example", "b.example:81", "a.example"]) {
        const res = await app.inject({ method: "GET", url: "/", headers: { host } });
        expect(String(res.headers["content-security-policy"])).toContain(`connect-src 'self' ws://${host} wss://${host};`);
      }
    } finally {
      await app.close();
    }
  });

  it("sends a build script or stylesheet only the headers that protect a subresource, and a page, an SVG or an HTML answer under /assets all of them", async () => {
    const TYPES: Record<string, string> = { js: "application/javascript; charset=utf-8", css: "text/css; charset=utf-8", svg: "image/svg+xml" };
    const app = Fastify();
    await app.register(securityPlugin, { config: { publicOrigin: null, trustProxy: false } });
    app.get("/*", async (request, reply) => {
      const extension = /\.(\w+)$/.exec(request.url)?.[1] ?? "";
      // A missing build file asked for as a page gets the app's page (webApp.ts's SPA fallback).
      const html = request.headers.accept?.includes("text/html") ?? false;
      return reply.type(html ? "text/html; charset=utf-8" : (TYPES[extension] ?? "text/html; charset=utf-8")).send("");
    });
    try {
      for (const url of ["/assets/index-Ab12.js", "/assets/index-Ab12.css"]) {
        const res = await app.inject({ method: "GET", url });
        expect(res.headers["x-content-type-options"], url).toBe("nosniff");
        expect(res.headers["cross-origin-resource-policy"], url).toBe("same-origin");
        expect(res.headers["content-security-policy"], url).toBeUndefined();
        expect(res.headers["x-frame-options"], url).toBeUndefined();
      }
      // An SVG can run script when opened as a document, and a page is one (the service worker's
      // script carries the worker's CSP).
      const documents = [
        { url: "/assets/logo-Ab12.svg", accept: "*/*" },
        { url: "/app", accept: "text/html" },
        { url: "/assets/missing-Ab12.js", accept: "text/html" },
        { url: "/sw.js", accept: "*/*" },
      ];
      for (const { url, accept } of documents) {
        const res = await app.inject({ method: "GET", url, headers: { accept } });
        expect(res.headers["content-security-policy"], url).toContain("script-src 'self'");
        expect(res.headers["x-frame-options"], url).toBe("SAMEORIGIN");
      }
    } finally {
      await app.close();
    }
  });
});
