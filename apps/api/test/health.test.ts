import { mkdirSync, writeFileSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { PAGE_TRIAL_DAYS_MARK } from "@focus/core/constants";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, registerUser, type TestApp } from "./helpers";

describe("health and routing", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  it("answers GET /api/health with status ok", async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("tells caches to keep no API answer (personal data), answers and errors alike", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    for (const url of ["/api/me", "/api/sessions", "/api/settings", "/api/health"]) {
      const res = await t.app.inject({ method: "GET", url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
    const refused = await t.app.inject({ method: "GET", url: "/api/me" });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["cache-control"]).toBe("no-store");
  });

  it("answers an unknown /api route with 404 JSON that no cache keeps, even when HTML is accepted", async () => {
    t = await createTestApp();
    for (const [method, url] of [
      ["GET", "/api/nope"],
      ["POST", "/api/nope"],
      ["DELETE", "/api/sessions"],
      ["GET", "/api/tasks/1/secret"],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { accept: "text/html" } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: "Not found" });
      expect(res.headers["cache-control"], `${method} ${url}`).toBe("no-store");
    }
  });

  it("sends security headers with a content security policy for the SPA", async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: "GET", url: "/", headers: { accept: "text/html" } });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    // Websockets to the page's own host only (light-my-request's Host is localhost:80).
    expect(csp).toContain("connect-src 'self' ws://localhost:80 wss://localhost:80;");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("media-src 'self' blob: data:");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    // The API's answers are never a page: a CSP that allows nothing.
    const api = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(api.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("says the web app is not built when WEB_DIST is missing, without crashing", async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: "GET", url: "/", headers: { accept: "text/html" } });
    expect(res.statusCode).toBe(503);
    expect(res.headers["content-type"]).toContain("text/plain");
    expect(res.body).toContain("not built");
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
  });

  describe("with a built web app", () => {
    /** An app whose WEB_DIST is a tiny fake build inside its temp directory. */
    function withWebBuild(): Promise<TestApp> {
      return createTestApp((dir) => {
        const webDist = path.join(dir, "web");
        mkdirSync(path.join(webDist, "assets"), { recursive: true });
        writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>Focus</title>");
        writeFileSync(path.join(webDist, "assets", "app-1234.js"), "console.log(1)");
        writeFileSync(path.join(webDist, "assets", "app-1234.js.map"), '{"version":3,"sources":["../src/secret.ts"]}');
        writeFileSync(path.join(webDist, "favicon.svg"), "<svg/>");
        return { WEB_DIST: webDist };
      });
    }

    it("serves index.html at / with no-cache", async () => {
      t = await withWebBuild();
      const res = await t.app.inject({ method: "GET", url: "/" });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("<title>Focus</title>");
      expect(res.headers["cache-control"]).toBe("no-cache");
    });

    it("serves the landing page already rendered at / when the build has it, and the empty shell elsewhere", async () => {
      t = await createTestApp((dir) => {
        const webDist = path.join(dir, "web");
        mkdirSync(webDist, { recursive: true });
        writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>Focus</title><div id=\"root\"></div>");
        writeFileSync(path.join(webDist, "landing.html"), "<!doctype html><title>Focus</title><div id=\"root\"><h1>Calm focus</h1></div>");
        return { WEB_DIST: webDist };
      });
      for (const headers of [{ accept: "text/html" }, {}]) {
        const res = await t.app.inject({ method: "GET", url: "/", headers });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain("<h1>Calm focus</h1>");
        expect(res.headers["cache-control"]).toBe("no-cache");
      }
      const app = await t.app.inject({ method: "GET", url: "/app", headers: { accept: "text/html" } });
      expect(app.body).toContain('<div id="root"></div>');
    });

    it("sends /auth already rendered (Login with ?tab=login) with TRIAL_DAYS put in, compressed as asked, and 304 for a current copy", async () => {
      const mark = PAGE_TRIAL_DAYS_MARK;
      t = await createTestApp((dir) => {
        const webDist = path.join(dir, "web");
        mkdirSync(webDist, { recursive: true });
        const page = (root: string) => `<!doctype html><meta name="focus-trial-days" content="${mark}"><div id="root">${root}</div>`;
        writeFileSync(path.join(webDist, "index.html"), page(""));
        writeFileSync(path.join(webDist, "auth.html"), page(`<h1>Create your account</h1><p>Start your ${mark}-day free trial</p>`));
        writeFileSync(path.join(webDist, "auth-login.html"), page("<h1>Welcome back</h1>"));
        return { WEB_DIST: webDist, TRIAL_DAYS: "9" };
      });
      const register = await t.app.inject({ method: "GET", url: "/auth", headers: { accept: "text/html" } });
      expect(register.body).toContain("<p>Start your 9-day free trial</p>");
      expect(register.body).toContain('content="9"');
      expect(register.body).not.toContain(mark);
      expect([register.headers["cache-control"], register.headers["content-type"]]).toEqual(["no-cache", "text/html; charset=utf-8"]);
      expect((await t.app.inject({ method: "GET", url: "/auth?tab=login", headers: { accept: "text/html" } })).body).toContain("<h1>Welcome back</h1>");
      expect((await t.app.inject({ method: "GET", url: "/auth?tab=register" })).body).toContain("<h1>Create your account</h1>");
      // Every other page is the shell, with the trial's length put in as well.
      const shell = await t.app.inject({ method: "GET", url: "/app", headers: { accept: "text/html" } });
      expect(shell.body).toContain('content="9"');
      expect(shell.body).toContain('<div id="root"></div>');
      // Compressed as the browser asks (a refused encoding is never sent), and revalidated by its ETag.
      const br = await t.app.inject({ method: "GET", url: "/auth", headers: { "accept-encoding": "gzip, br" } });
      expect([br.headers["content-encoding"], br.headers.vary]).toEqual(["br", "accept-encoding"]);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(register.body);
      const gzip = await t.app.inject({ method: "GET", url: "/auth", headers: { "accept-encoding": "br;q=0, gzip" } });
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(register.body);
      const again = await t.app.inject({ method: "GET", url: "/auth", headers: { "if-none-match": String(register.headers.etag) } });
      expect([again.statusCode, again.body]).toEqual([304, ""]);
      // The build's files themselves, with the mark, are not served.
      expect((await t.app.inject({ method: "GET", url: "/auth.html", headers: { accept: "*/*" } })).statusCode).toBe(404);
    });

    it("caches hashed assets for a year", async () => {
      t = await withWebBuild();
      const res = await t.app.inject({ method: "GET", url: "/assets/app-1234.js" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    });

    it("falls back to index.html for client routes requested as HTML", async () => {
      t = await withWebBuild();
      for (const url of ["/app", "/auth?tab=login", "/settings", "/some/unknown/page"]) {
        const res = await t.app.inject({ method: "GET", url, headers: { accept: "text/html,*/*" } });
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain("<title>Focus</title>");
        expect(res.headers["cache-control"]).toBe("no-cache");
      }
    });

    it("never serves the build's source maps", async () => {
      t = await withWebBuild();
      const res = await t.app.inject({ method: "GET", url: "/assets/app-1234.js.map", headers: { accept: "*/*" } });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("secret.ts");
    });

    it("answers a missing file requested as a script with 404, not the SPA", async () => {
      t = await withWebBuild();
      const res = await t.app.inject({ method: "GET", url: "/assets/missing.js", headers: { accept: "*/*" } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "Not found" });
    });
  });
});
