/**
 * JavaScript per route (`pnpm bench` section js): loads `/` (landing, logged out) and `/app`
 * (a freshly registered user) in Chromium, each in a fresh context with the service worker
 * blocked (its precache would fetch every chunk), collects every script response, and sums
 * the raw bytes and the bytes after gzip level 9 (node:zlib) of each distinct file. Also
 * reports what `/app` loads that the landing does not. Sizes in bytes (printed in KiB).
 */
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import type { RunningServer } from "../e2e/harness";
import { fmt } from "./lib/common";

export const GZIP_LEVEL = 9;
/** Files listed per route, largest first. */
const LARGEST_SHOWN = 6;

export interface RouteScripts {
  route: string;
  files: Array<{ path: string; rawBytes: number; gzipBytes: number }>;
  rawBytes: number;
  gzipBytes: number;
}

export interface BundleResult {
  gzipLevel: number;
  routes: RouteScripts[];
  appOnly: { files: number; rawBytes: number; gzipBytes: number };
}

async function scriptsOf(browser: Browser, server: RunningServer, route: string, loggedIn: boolean): Promise<RouteScripts> {
  const context = await browser.newContext({ serviceWorkers: "block" });
  try {
    if (loggedIn) {
      const username = `js${Date.now().toString(36)}`;
      const response = await context.request.post(`${server.url}/api/register`, {
        data: { username, email: `${username}@example.com`, password: "bench-password-1" },
        headers: { origin: server.url },
      });
      if (response.status() !== 201) throw new Error(`register failed: ${response.status()} ${await response.text()}`);
    }
    const page = await context.newPage();
    const bodies = new Map<string, Promise<Buffer>>();
    page.on("response", (response) => {
      const type = response.request().resourceType();
      const contentType = response.headers()["content-type"] ?? "";
      if (type !== "script" && !contentType.includes("javascript")) return;
      const path = new URL(response.url()).pathname;
      if (!bodies.has(path)) bodies.set(path, response.body());
    });
    await page.goto(`${server.url}${route}`, { waitUntil: "networkidle" });
    await page.waitForTimeout(1000);
    const landed = new URL(page.url()).pathname;
    if (landed !== route) throw new Error(`${route} ended on ${landed}`);
    const files = await Promise.all(
      [...bodies].map(async ([path, body]) => {
        const bytes = await body;
        return { path, rawBytes: bytes.length, gzipBytes: gzipSync(bytes, { level: GZIP_LEVEL }).length };
      }),
    );
    files.sort((a, b) => b.gzipBytes - a.gzipBytes);
    return {
      route,
      files,
      rawBytes: files.reduce((n, f) => n + f.rawBytes, 0),
      gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0),
    };
  } finally {
    await context.close();
  }
}

export async function benchBundle(server: RunningServer, browser: Browser, log: (line: string) => void): Promise<BundleResult> {
  const landing = await scriptsOf(browser, server, "/", false);
  const app = await scriptsOf(browser, server, "/app", true);
  const onLanding = new Set(landing.files.map((f) => f.path));
  const only = app.files.filter((f) => !onLanding.has(f.path));
  for (const route of [landing, app]) {
    log(`${route.route}: ${route.files.length} scripts, ${fmt(route.rawBytes / 1024)} KiB raw, ${fmt(route.gzipBytes / 1024)} KiB gzip ${GZIP_LEVEL}`);
    for (const f of route.files.slice(0, LARGEST_SHOWN)) log(`    ${f.path}  ${fmt(f.rawBytes / 1024)} KiB → ${fmt(f.gzipBytes / 1024)} KiB`);
    if (route.files.length > LARGEST_SHOWN) log(`    … ${route.files.length - LARGEST_SHOWN} smaller files`);
  }
  return {
    gzipLevel: GZIP_LEVEL,
    routes: [landing, app],
    appOnly: { files: only.length, rawBytes: only.reduce((n, f) => n + f.rawBytes, 0), gzipBytes: only.reduce((n, f) => n + f.gzipBytes, 0) },
  };
}
