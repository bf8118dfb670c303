import { scryptSync, timingSafeEqual } from "node:crypto";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, removeDataDir, startServer, uniqueName, type RunningServer } from "./harness";
import {
  cookieAttributes,
  openSocket,
  raw,
  readDatabase,
  sessionCookie,
  sessionSetCookie,
  tryUpgrade,
  type RawRequest,
  type RawResponse,
} from "./securityHelpers";

/**
 * The security suite against the built server over real HTTP, one test per
 * property: what an attacker sends, and what they get back or what ends up stored.
 * One server serves most tests; the https cookie and the rate limit get their own.
 */
const ADMIN = { username: "admin", password: "admin-pass-123" };
const PASSWORD = "calm-focus-42";
const FOREIGN = "https://evil.example";
/** Bytes of a file next to AUDIO_DIR that no request may ever return. */
const OUTSIDE_SECRET = "OUTSIDE-AUDIO-DIR-SECRET-7f3a";
const INSIDE_TRACK = "INSIDE-TRACK-BYTES";

let server: RunningServer;
let root: string;
let audioDir: string;
let outsideFile: string;

/** A request to the shared server. */
const call = (req: RawRequest) => raw(server.url, req);
const dbFile = () => join(server.dataDir, "focus.db");
const json = <T>(res: RawResponse): T => JSON.parse(res.body) as T;

interface Account {
  id: number;
  username: string;
  cookie: string;
}

let clients = 0;
/**
 * Another loopback address for each registration: the suite registers more accounts than one
 * client may per minute (the limit has a test of its own), so they come from different clients.
 */
const nextClient = () => `127.0.0.${10 + (clients++ % 200)}`;

/** Registers a new account over HTTP (on the shared server unless `on` says) and returns its id and session cookie. */
async function register(prefix: string, extra: Record<string, unknown> = {}, on: RunningServer = server): Promise<Account> {
  const username = uniqueName(prefix);
  const res = await raw(on.url, {
    method: "POST",
    path: "/api/register",
    localAddress: nextClient(),
    json: { ...extra, username, email: `${username}@example.com`, password: PASSWORD },
  });
  expect(res.status, res.body).toBe(201);
  return { id: json<{ user: { id: number } }>(res).user.id, username, cookie: sessionCookie(res) };
}

const me = (cookie: string) => call({ path: "/api/me", cookie });

beforeAll(async () => {
  // AUDIO_DIR inside a temp dir, a secret file beside it, and a symlink from inside to it.
  root = mkdtempSync(join(tmpdir(), "focus-security-"));
  audioDir = join(root, "audio");
  outsideFile = join(root, "outside.mp3");
  mkdirSync(join(audioDir, "deep-work"), { recursive: true });
  mkdirSync(join(audioDir, "sounds"), { recursive: true });
  writeFileSync(join(audioDir, "deep-work", "steady-beta.mp3"), INSIDE_TRACK);
  writeFileSync(join(audioDir, "sounds", "bell.mp3"), INSIDE_TRACK);
  writeFileSync(outsideFile, OUTSIDE_SECRET);
  writeFileSync(join(root, "secret.txt"), OUTSIDE_SECRET);
  symlinkSync(outsideFile, join(audioDir, "deep-work", "link.mp3"));
  server = await startServer({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, AUDIO_DIR: audioDir } });
});

afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
  if (root) removeDataDir(root);
});

describe("sessions and cookies", () => {
  it("renews the session id on login and on register; the old id no longer authenticates", async () => {
    const alice = await register("renew");
    const live = await openSocket(`ws://127.0.0.1:${server.port}/ws/timer`, { origin: server.url, cookie: alice.cookie });
    // Login from a browser that already holds a session: a new id, the old one dead.
    const login = await call({ method: "POST", path: "/api/login", cookie: alice.cookie, json: { username: alice.username, password: PASSWORD } });
    expect(login.status).toBe(200);
    // So is the live connection opened with the old id.
    expect(await Promise.race([live.closed, new Promise((r) => setTimeout(() => r("still open"), 20_000))])).not.toBe("still open");
    live.close();
    const afterLogin = sessionCookie(login);
    expect(afterLogin).not.toBe(alice.cookie);
    expect((await me(afterLogin)).status).toBe(200);
    expect((await me(alice.cookie)).status).toBe(401);

    // Register from a browser logged in as someone else: a new id for the new account.
    const username = uniqueName("renew2");
    const reg = await call({ method: "POST", path: "/api/register", localAddress: nextClient(), cookie: afterLogin, json: { username, email: `${username}@example.com`, password: PASSWORD } });
    expect(reg.status).toBe(201);
    const afterRegister = sessionCookie(reg);
    expect(afterRegister).not.toBe(afterLogin);
    expect(json<{ user: { username: string } }>(await me(afterRegister)).user.username).toBe(username);
    expect((await me(afterLogin)).status).toBe(401);

    // Session fixation: an id planted by an attacker is never the one that gets logged in.
    const planted = "focus.sid=attacker-chosen-id.c2lnbmF0dXJl";
    const fixed = await call({ method: "POST", path: "/api/login", cookie: planted, json: { username, password: PASSWORD } });
    expect(fixed.status).toBe(200);
    expect(sessionCookie(fixed)).not.toBe(planted);
    expect((await me(planted)).status).toBe(401);
  });

  it("sets the session cookie HttpOnly, SameSite=Lax, Path=/ and not Secure over plain http", async () => {
    const username = uniqueName("flags");
    const res = await call({ method: "POST", path: "/api/register", localAddress: nextClient(), json: { username, email: `${username}@example.com`, password: PASSWORD } });
    const line = sessionSetCookie(res);
    expect(line).toBeDefined();
    const attributes = cookieAttributes(line ?? "");
    expect(attributes).toHaveProperty("httponly");
    expect(attributes.samesite?.toLowerCase()).toBe("lax");
    expect(attributes.path).toBe("/");
    // Over http a Secure cookie would never come back: the user could not stay logged in.
    expect(attributes).not.toHaveProperty("secure");
  });

  it("marks the cookie Secure behind an https proxy (PUBLIC_ORIGIN https, TRUST_PROXY, X-Forwarded-Proto)", async () => {
    const origin = "https://focus.example";
    const https = await startServer({ env: { PUBLIC_ORIGIN: origin, TRUST_PROXY: "true" } });
    try {
      const username = uniqueName("secure");
      const body = { username, email: `${username}@example.com`, password: PASSWORD };
      const res = await raw(https.url, {
        method: "POST",
        path: "/api/register",
        headers: { origin, "x-forwarded-proto": "https", "x-forwarded-host": "focus.example" },
        json: body,
      });
      expect(res.status, res.body).toBe(201);
      const attributes = cookieAttributes(sessionSetCookie(res) ?? "");
      expect(attributes).toHaveProperty("secure");
      expect(attributes).toHaveProperty("httponly");
      expect(attributes.samesite?.toLowerCase()).toBe("lax");
      // Over https the whole site is pinned to https, and the page's websocket goes to its own host.
      expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
      const page = await raw(https.url, { method: "GET", path: "/", headers: { "x-forwarded-proto": "https", "x-forwarded-host": "focus.example" } });
      expect(page.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
      expect(String(page.headers["content-security-policy"])).toMatch(/connect-src 'self' wss:\/\/focus\.example(;|$)/);

      // The same login reaching the server over plain http never gets a Secure cookie to leak.
      const plain = await raw(https.url, { method: "POST", path: "/api/login", headers: { origin }, json: { username, password: PASSWORD } });
      expect(plain.status).toBe(200);
      expect(sessionSetCookie(plain)).toBeUndefined();
    } finally {
      await https.stop();
      removeDataDir(https.dataDir);
    }
  });

  it("answers 401 to a cookie replayed after logout, and ends the live connection it opened", async () => {
    const carol = await register("logout");
    expect((await me(carol.cookie)).status).toBe(200);
    const live = await openSocket(`ws://127.0.0.1:${server.port}/ws/timer`, { origin: server.url, cookie: carol.cookie });
    const out = await call({ method: "POST", path: "/api/logout", cookie: carol.cookie, headers: { origin: server.url } });
    expect(out.status).toBe(200);
    // The socket opened with that login does not outlive it.
    expect(await Promise.race([live.closed, new Promise((r) => setTimeout(() => r("still open"), 20_000))])).not.toBe("still open");
    live.close();
    expect((await me(carol.cookie)).status).toBe(401);
    const write = await call({ method: "POST", path: "/api/settings", cookie: carol.cookie, headers: { origin: server.url }, json: { focusDuration: 50 } });
    expect(write.status).toBe(401);
    expect((await call({ path: "/api/sessions", cookie: carol.cookie })).status).toBe(401);
    expect(await tryUpgrade(`ws://127.0.0.1:${server.port}/ws/timer`, { origin: server.url, cookie: carol.cookie })).toEqual({ opened: false, status: 401 });
  });
});

describe("login rate limit", () => {
  it("answers 429 with Retry-After after 10 failures, and a forged X-Forwarded-For does not reset it", async () => {
    // Own server: the shared one's login budget belongs to the other tests.
    const limited = await startServer();
    try {
      const attempt = (forwardedFor?: string) =>
        raw(limited.url, {
          method: "POST",
          path: "/api/login",
          headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
          json: { username: "nobody-here", password: "wrong-password" },
        });
      // Every failure claims to come from another client.
      for (let i = 1; i <= 10; i++) expect((await attempt(`198.51.100.${i}`)).status).toBe(401);
      for (const forwardedFor of ["203.0.113.77", "127.0.0.2", undefined]) {
        const res = await attempt(forwardedFor);
        expect(res.status, `X-Forwarded-For: ${forwardedFor}`).toBe(429);
        expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
        expect(json<{ message: string }>(res).message).toMatch(/too many/i);
      }
      // Another spelling of the same route shares its count.
      for (const path of ["/%61pi/login", "/api/login?again=1"]) {
        const res = await raw(limited.url, { method: "POST", path, json: { username: "nobody-here", password: "wrong-password" } });
        expect(res.status, path).toBe(429);
      }
    } finally {
      await limited.stop();
      removeDataDir(limited.dataDir);
    }
  });
});

describe("cross-origin requests", () => {
  it("refuses state-changing requests with a foreign Origin or Sec-Fetch-Site: cross-site, and changes nothing", async () => {
    const dave = await register("origin");
    const own = { origin: server.url };
    const site = await call({ method: "POST", path: "/api/blocked-sites", cookie: dave.cookie, headers: own, json: { url: "news.example" } });
    expect(site.status).toBe(201);
    const siteId = json<{ id: number }>(site).id;
    const device = await call({ method: "POST", path: "/api/linked-devices", cookie: dave.cookie, headers: own, json: { name: "Laptop" } });
    expect(device.status).toBe(201);
    const deviceId = json<{ id: number }>(device).id;

    const routes: Array<Pick<RawRequest, "method" | "path" | "json">> = [
      { method: "POST", path: "/api/settings", json: { focusDuration: 55 } },
      { method: "POST", path: "/api/sessions", json: { startTime: new Date().toISOString(), duration: 60, type: "focus", completed: true } },
      { method: "POST", path: "/api/blocked-sites", json: { url: "evil-added.example" } },
      { method: "DELETE", path: `/api/blocked-sites/${siteId}` },
      { method: "PUT", path: `/api/linked-devices/${deviceId}`, json: { isActive: false } },
      { method: "DELETE", path: `/api/linked-devices/${deviceId}` },
      { method: "PUT", path: "/api/user/email", json: { email: "attacker@evil.example", currentPassword: PASSWORD } },
      { method: "PUT", path: "/api/user/password", json: { currentPassword: PASSWORD, newPassword: "attacker-pass" } },
      { method: "DELETE", path: "/api/user", json: { password: PASSWORD } },
      { method: "POST", path: "/api/logout" },
      { method: "POST", path: "/api/login", json: { username: dave.username, password: PASSWORD } },
      { method: "POST", path: "/api/register", json: { username: uniqueName("csrf"), email: "csrf@example.com", password: PASSWORD } },
      { method: "POST", path: "/api/subscription/upgrade" },
      { method: "POST", path: "/api/subscription/offer", json: { offer: "half-price-3-months" } },
      { method: "POST", path: "/api/import", json: { version: 1, exportedAt: new Date().toISOString(), settings: null, sessions: [] } },
    ];
    const attacks: Array<{ name: string; headers: Record<string, string> }> = [
      { name: "foreign Origin", headers: { origin: FOREIGN } },
      { name: "Origin null", headers: { origin: "null" } },
      { name: "same host, other port", headers: { origin: `http://127.0.0.1:${server.port + 1}` } },
      { name: "own origin as a prefix", headers: { origin: `${server.url}.evil.example` } },
      { name: "an extension's origin with a cookie", headers: { origin: `chrome-extension://${"a".repeat(32)}` } },
      { name: "Sec-Fetch-Site cross-site", headers: { "sec-fetch-site": "cross-site" } },
      { name: "own Origin but Sec-Fetch-Site cross-site", headers: { origin: server.url, "sec-fetch-site": "cross-site" } },
    ];
    for (const route of routes) {
      for (const attack of attacks) {
        const res = await call({ ...route, cookie: dave.cookie, headers: attack.headers });
        expect(res.status, `${route.method} ${route.path} with ${attack.name}`).toBe(403);
        // Said in plain words: where the request came from (when the browser says) and where the app runs.
        const origin = attack.headers.origin;
        expect(json<{ message: string }>(res).message).toBe(
          origin === undefined || origin === "null" || origin === server.url
            ? `This request did not come from a Focus Flow page. Open ${server.url} and try again.`
            : `This page was opened at ${origin}, but Focus Flow runs at ${server.url}. Open ${server.url} instead.`,
        );
      }
    }

    // The router decodes the path: other spellings of an API path are refused all the same.
    for (const path of ["/%61pi/settings", "/ap%69/settings", "/api//settings", "/api/settings/", `http://127.0.0.1:${server.port}/api/settings`]) {
      const res = await call({ method: "POST", path, cookie: dave.cookie, headers: { origin: FOREIGN }, json: { focusDuration: 55 } });
      expect(res.status, path).toBe(403);
    }

    // Nothing changed: still logged in, same settings, email, site and device, no session.
    const profile = await me(dave.cookie);
    expect(profile.status).toBe(200);
    expect(json<{ user: { email: string } }>(profile).user.email).toBe(`${dave.username}@example.com`);
    expect(json<{ focusDuration: number }>(await call({ path: "/api/settings", cookie: dave.cookie })).focusDuration).toBe(25);
    expect(json<unknown[]>(await call({ path: "/api/sessions", cookie: dave.cookie }))).toEqual([]);
    expect(json<Array<{ url: string }>>(await call({ path: "/api/blocked-sites", cookie: dave.cookie })).map((s) => s.url)).toEqual(["news.example"]);
    expect(json<Array<{ id: number; isActive: boolean }>>(await call({ path: "/api/linked-devices", cookie: dave.cookie }))).toMatchObject([{ id: deviceId, isActive: true }]);

    // No CORS: a foreign page's fetch with credentials may not read an answer either.
    const read = await call({ path: "/api/me", cookie: dave.cookie, headers: { origin: FOREIGN } });
    expect(read.headers["access-control-allow-origin"]).toBeUndefined();
    expect(read.headers["access-control-allow-credentials"]).toBeUndefined();
    const preflight = await call({ method: "OPTIONS", path: "/api/settings", headers: { origin: FOREIGN, "access-control-request-method": "POST" } });
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();

    // The same requests from the app's own origin go through (the check is not "refuse all").
    const allowed = await call({ method: "POST", path: "/api/settings", cookie: dave.cookie, headers: { origin: server.url, "sec-fetch-site": "same-origin" }, json: { focusDuration: 55 } });
    expect(allowed.status).toBe(200);
  });

  it("refuses a /ws/timer upgrade from a foreign Origin", async () => {
    const erin = await register("ws");
    const url = `ws://127.0.0.1:${server.port}/ws/timer`;
    expect(await tryUpgrade(url, { origin: server.url, cookie: erin.cookie })).toEqual({ opened: true });
    for (const origin of [FOREIGN, "null", `http://127.0.0.1:${server.port + 1}`, `${server.url}.evil.example`]) {
      expect(await tryUpgrade(url, { origin, cookie: erin.cookie }), origin).toEqual({ opened: false, status: 403 });
    }
    // No Origin at all (not a browser page of this app) and a foreign page with a token.
    expect(await tryUpgrade(url, { cookie: erin.cookie })).toEqual({ opened: false, status: 403 });
    expect(await tryUpgrade(`${url}?token=anything`, { origin: FOREIGN, cookie: erin.cookie })).toEqual({ opened: false, status: 403 });
  });
});

describe("audio paths", () => {
  it("never serves a file outside AUDIO_DIR, whatever the spelling, and never answers 5xx", async () => {
    // Controls: files inside the library are served.
    const ok = await call({ path: "/api/audio/stream?path=deep-work/steady-beta.mp3" });
    expect([ok.status, ok.body]).toEqual([200, INSIDE_TRACK]);
    const bell = await call({ path: "/sounds/bell.mp3" });
    expect([bell.status, bell.body]).toEqual([200, INSIDE_TRACK]);

    const streamPaths = [
      "../outside.mp3",
      "deep-work/../../outside.mp3",
      "..%2foutside.mp3",
      "%2e%2e/outside.mp3",
      "%2e%2e%2foutside.mp3",
      "%252e%252e%252foutside.mp3",
      "deep-work%2f..%2f..%2foutside.mp3",
      "..\\outside.mp3",
      "..%5coutside.mp3",
      "deep-work\\..\\..\\outside.mp3",
      encodeURIComponent(outsideFile),
      outsideFile,
      "/etc/passwd",
      "%2fetc%2fpasswd",
      "C:\\outside.mp3",
      "deep-work/link.mp3",
      "deep-work/steady-beta.mp3%00../../outside.mp3",
      "./../outside.mp3",
      "deep-work/..%c0%af..%c0%afoutside.mp3",
      "deep-work//../../outside.mp3",
    ].map((p) => `/api/audio/stream?path=${p}`);
    streamPaths.push("/api/audio/stream?path=deep-work/steady-beta.mp3&path=../outside.mp3", "/api/audio/stream?path[]=../outside.mp3");
    const otherPaths = [
      "/sounds/../outside.mp3",
      "/sounds/..%2foutside.mp3",
      "/sounds/%2e%2e%2foutside.mp3",
      "/sounds/%2e%2e/outside.mp3",
      "/sounds/..%5coutside.mp3",
      "/sounds/..\\..\\outside.mp3",
      "/sounds/%2fetc%2fpasswd",
      `/sounds/${encodeURIComponent(outsideFile)}`,
      "/sounds/bell.mp3/../../outside.mp3",
      "/sounds/..%252f..%252foutside.mp3",
      "/api/audio/..%2f..%2foutside.mp3",
      "/api/audio/local/list/..%2f..",
      "/api/audio/local/list/%2e%2e",
      "/api/audio/stream/../../outside.mp3",
      "/../outside.mp3",
      "/%2e%2e/%2e%2e/etc/passwd",
      "/assets/..%2f..%2f..%2f..%2fetc%2fpasswd",
      // The web app's static files: the package.json beside its dist/ stays out of reach.
      "/..%2fpackage.json",
      "/%2e%2e/package.json",
      "/assets/..%2f..%2fpackage.json",
      "/assets/..%5c..%5cpackage.json",
      "/.%2e/package.json",
    ];
    for (const path of [...streamPaths, ...otherPaths]) {
      const res = await call({ path });
      expect(res.status, path).toBeLessThan(500);
      expect(res.body, path).not.toContain(OUTSIDE_SECRET);
      expect(res.body, path).not.toContain("root:x:0:0");
      expect(res.body, path).not.toContain('"name": "@focus/');
      // Refused, or the app's HTML shell for a page path; never a file's bytes.
      if (res.status < 400) expect(String(res.headers["content-type"]), path).toMatch(/^text\/html/);
    }
  });
});

describe("other users' data", () => {
  it("answers 404 to user B on every id route of user A's blocked sites, devices, and shows B none of A's sessions or settings", async () => {
    const alice = await register("owner");
    const bob = await register("intruder");
    const own = { origin: server.url };
    const post = (who: Account, path: string, body: unknown) => call({ method: "POST", path, cookie: who.cookie, headers: own, json: body });

    const site = json<{ id: number }>(await post(alice, "/api/blocked-sites", { url: "alice-only.example" }));
    const deviceRes = await post(alice, "/api/linked-devices", { name: "Alice's laptop" });
    const device = json<{ id: number; token: string }>(deviceRes);
    expect((await post(alice, "/api/settings", { focusDuration: 40, notificationSound: "chime" })).status).toBe(200);
    const startTime = new Date(Date.now() - 3_600_000).toISOString();
    expect((await post(alice, "/api/sessions", { startTime, duration: 1500, type: "focus", completed: true })).status).toBe(201);

    // Bob uses Alice's ids on every id route.
    const asBob = (req: RawRequest) => call({ ...req, cookie: bob.cookie, headers: own });
    expect((await asBob({ method: "DELETE", path: `/api/blocked-sites/${site.id}` })).status).toBe(404);
    expect((await asBob({ method: "PUT", path: `/api/linked-devices/${device.id}`, json: { isActive: false } })).status).toBe(404);
    expect((await asBob({ method: "DELETE", path: `/api/linked-devices/${device.id}` })).status).toBe(404);
    // Per-user admin routes name a user id: 403 for anyone but the admin.
    expect((await asBob({ method: "POST", path: `/api/subscription/activate/${bob.id}` })).status).toBe(403);
    expect((await asBob({ method: "POST", path: `/api/subscription/cancel/${alice.id}` })).status).toBe(403);
    expect((await asBob({ path: "/api/admin/users" })).status).toBe(403);

    // Bob's lists, settings, range and export show none of Alice's data.
    expect(json<unknown[]>(await asBob({ path: "/api/blocked-sites" }))).toEqual([]);
    expect(json<unknown[]>(await asBob({ path: "/api/linked-devices" }))).toEqual([]);
    expect(json<unknown[]>(await asBob({ path: "/api/sessions" }))).toEqual([]);
    // A range around Alice's session (the API answers at most 62 days).
    const around = (days: number) => encodeURIComponent(new Date(Date.parse(startTime) + days * 86_400_000).toISOString());
    const range = `/api/sessions/range?startDate=${around(-30)}&endDate=${around(30)}`;
    expect(json<unknown[]>(await asBob({ path: range }))).toEqual([]);
    expect(json<{ focusDuration: number; notificationSound: string }>(await asBob({ path: "/api/settings" }))).toMatchObject({ focusDuration: 25, notificationSound: "bell" });
    const exported = await asBob({ path: "/api/export?format=json" });
    expect(exported.status).toBe(200);
    expect(json<{ sessions: unknown[]; settings: { focusDuration: number } }>(exported)).toMatchObject({ sessions: [], settings: { focusDuration: 25 } });
    // Alice's device token is hers alone: it answers as Alice, never lends her data to Bob.
    const byToken = await call({ path: "/api/me", headers: { authorization: `Bearer ${device.token}` } });
    expect(json<{ user: { id: number } }>(byToken).user.id).toBe(alice.id);

    // Alice's things are untouched.
    const asAlice = (path: string) => call({ path, cookie: alice.cookie });
    expect(json<Array<{ id: number }>>(await asAlice("/api/blocked-sites")).map((s) => s.id)).toEqual([site.id]);
    expect(json<Array<{ id: number; isActive: boolean }>>(await asAlice("/api/linked-devices"))).toMatchObject([{ id: device.id, isActive: true }]);
    expect(json<unknown[]>(await asAlice("/api/sessions"))).toHaveLength(1);
    expect(json<{ focusDuration: number }>(await asAlice("/api/settings")).focusDuration).toBe(40);

    // Control: the same routes work for the owner, so 404 above means "not yours".
    const bobSite = json<{ id: number }>(await post(bob, "/api/blocked-sites", { url: "bob.example" }));
    expect((await asBob({ method: "DELETE", path: `/api/blocked-sites/${bobSite.id}` })).status).toBe(204);
  });
});

describe("mass assignment", () => {
  it("ignores subscriptionPlan, isAdmin, role, userId, trialEndDate and friends in every body", async () => {
    const victim = await register("victim");
    const extra = {
      id: victim.id,
      userId: victim.id,
      user_id: victim.id,
      isAdmin: true,
      is_admin: 1,
      role: "admin",
      subscriptionPlan: "premium",
      subscription_plan: "premium",
      subscriptionStatus: "active",
      subscription_status: "active",
      trialEndDate: "2099-01-01T00:00:00.000Z",
      trial_end_date: "2099-01-01T00:00:00.000Z",
      upgradeRequestedAt: "2020-01-01T00:00:00.000Z",
      password_hash: "scrypt$2$1$1$AAAA$AAAA",
      createdAt: "2000-01-01T00:00:00.000Z",
      isGuest: true,
      token: "chosen-token",
      isActive: false,
    };
    const before = Date.now();
    const mallory = await register("mallory", extra);
    const own = { origin: server.url };
    const send = (method: string, path: string, body: Record<string, unknown>) =>
      call({ method, path, cookie: mallory.cookie, headers: own, json: { ...extra, ...body } });

    const user = json<{ user: Record<string, unknown> }>(await me(mallory.cookie)).user;
    expect(user).toMatchObject({ id: mallory.id, username: mallory.username, isAdmin: false, isGuest: false, subscriptionPlan: "free", subscriptionStatus: "trial" });
    expect(mallory.id).not.toBe(victim.id);
    // Prototype pollution in a body: refused or ignored, never an admin.
    const polluted = JSON.parse('{"__proto__":{"isAdmin":true,"role":"admin"},"constructor":{"prototype":{"isAdmin":true}}}') as object;
    const pollutedSettings = await send("POST", "/api/settings", { ...polluted, focusDuration: 31 });
    expect(pollutedSettings.status).toBeLessThan(500);
    expect(pollutedSettings.body).not.toMatch(/isAdmin/);

    expect((await send("POST", "/api/settings", { focusDuration: 35 })).status).toBe(200);
    expect((await send("POST", "/api/sessions", { startTime: new Date().toISOString(), duration: 600, type: "focus", completed: true })).status).toBe(201);
    expect((await send("POST", "/api/blocked-sites", { url: "mallory.example" })).status).toBe(201);
    const device = await send("POST", "/api/linked-devices", { name: "Mallory's" });
    expect(device.status).toBe(201);
    expect(json<{ token: string; isActive: boolean }>(device)).toMatchObject({ isActive: true });
    expect(json<{ token: string }>(device).token).not.toBe("chosen-token");
    const deviceId = json<{ id: number }>(device).id;
    expect((await send("PUT", `/api/linked-devices/${deviceId}`, { isActive: true })).status).toBe(200);
    expect((await send("PUT", "/api/user/email", { email: `${mallory.username}-new@example.com`, currentPassword: PASSWORD, username: "admin" })).status).toBe(200);
    expect((await send("POST", "/api/blocked-attempts", { url: "mallory.example" })).status).toBeLessThan(500);
    // An import whose document and sessions claim another owner.
    const exported = json<{ sessions: Array<Record<string, unknown>> } & Record<string, unknown>>(await call({ path: "/api/export?format=json", cookie: mallory.cookie }));
    const document = { ...exported, ...extra, sessions: [...exported.sessions, { ...extra, startTime: new Date(Date.now() - 7_200_000).toISOString(), duration: 300, type: "focus", completed: true }] };
    expect((await call({ method: "POST", path: "/api/import", cookie: mallory.cookie, headers: own, json: document })).status).toBe(200);
    // The admin's name is no field to set either, in any letter case.
    const takeover = await call({ method: "POST", path: "/api/register", localAddress: nextClient(), json: { ...extra, username: "ADMIN", email: "takeover@example.com", password: PASSWORD } });
    expect(takeover.status).toBe(409);

    const login = await call({ method: "POST", path: "/api/login", headers: own, json: { ...extra, username: mallory.username, password: PASSWORD } });
    expect(login.status).toBe(200);
    const cookie = sessionCookie(login);

    // Nothing the bodies claimed made it to the stored rows.
    const stored = readDatabase(dbFile(), (db) => ({
      mallory: db.prepare("SELECT * FROM users WHERE id = ?").get(mallory.id) as Record<string, unknown>,
      victim: db.prepare("SELECT * FROM users WHERE id = ?").get(victim.id) as Record<string, unknown>,
      victimRows: ["settings", "focus_sessions", "blocked_sites", "linked_devices"].map(
        (table) => (db.prepare(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`).get(victim.id) as { n: number }).n,
      ),
      devices: db.prepare("SELECT user_id, is_active FROM linked_devices WHERE id = ?").get(deviceId) as Record<string, unknown>,
      malloryRows: ["focus_sessions", "blocked_sites"].map(
        (table) => (db.prepare(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`).get(mallory.id) as { n: number }).n,
      ),
    }));
    expect(stored.mallory).toMatchObject({ username: mallory.username, email: `${mallory.username}-new@example.com`, subscription_plan: "free", subscription_status: "trial" });
    const trialEnd = Date.parse(String(stored.mallory.trial_end_date));
    expect(trialEnd).toBeGreaterThan(before);
    expect(trialEnd).toBeLessThan(Date.now() + 366 * 86_400_000);
    expect(String(stored.mallory.password_hash)).toMatch(/^scrypt\$\d+\$\d+\$\d+\$/);
    expect(Date.parse(String(stored.mallory.created_at))).toBeGreaterThanOrEqual(before - 1000);
    expect(stored.victim).toMatchObject({ username: victim.username, subscription_plan: "free", subscription_status: "trial" });
    expect(stored.victimRows).toEqual([0, 0, 0, 0]);
    expect(stored.devices).toMatchObject({ user_id: mallory.id, is_active: 1 });
    expect(stored.malloryRows).toEqual([2, 1]);

    // Still an ordinary user everywhere it matters.
    expect((await call({ path: "/api/admin/users", cookie })).status).toBe(403);
    expect(json<{ user: { isAdmin: boolean; subscriptionPlan: string } }>(await me(cookie)).user).toMatchObject({ isAdmin: false, subscriptionPlan: "free" });

    // A password change and an account deletion naming the victim act on the caller alone.
    const asMallory = (method: string, path: string, body: Record<string, unknown>) =>
      call({ method, path, cookie, headers: own, json: { ...extra, username: victim.username, ...body } });
    expect((await asMallory("PUT", "/api/user/password", { currentPassword: PASSWORD, newPassword: "mallory-new-pass" })).status).toBe(200);
    expect((await asMallory("DELETE", "/api/user", { password: "mallory-new-pass" })).status).toBe(200);
    const victimLogin = await call({ method: "POST", path: "/api/login", headers: own, json: { username: victim.username, password: PASSWORD } });
    expect(victimLogin.status).toBe(200);
    expect(readDatabase(dbFile(), (db) => db.prepare("SELECT id FROM users WHERE id = ?").get(mallory.id))).toBeUndefined();
  });
});

describe("password storage", () => {
  it("stores passwords as scrypt with N, r, p, salt and key recorded, salted per user, and verifiable", async () => {
    // A server as deployed: SCRYPT_N unset, so the production cost (the others run cheap, harness.ts).
    const production = await startServer({ env: { SCRYPT_N: "" } });
    let hashes: string[];
    try {
      const one = await register("hash", {}, production);
      const two = await register("hash", {}, production);
      hashes = readDatabase(join(production.dataDir, "focus.db"), (db) =>
        [one.id, two.id].map((id) => (db.prepare("SELECT password_hash FROM users WHERE id = ?").get(id) as { password_hash: string }).password_hash),
      );
    } finally {
      await production.stop();
      removeDataDir(production.dataDir);
    }
    const parsed = hashes.map((hash) => {
      expect(hash).not.toContain(PASSWORD);
      const match = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(hash);
      expect(match, hash).not.toBeNull();
      const [, N, r, p, salt, key] = match ?? [];
      return { N: Number(N), r: Number(r), p: Number(p), salt: Buffer.from(salt ?? "", "base64"), key: Buffer.from(key ?? "", "base64") };
    });
    for (const { N, r, p, salt, key } of parsed) {
      // OWASP's minimum for scrypt: N=2^17, r=8, p=1.
      expect(N).toBeGreaterThanOrEqual(2 ** 17);
      expect(r).toBeGreaterThanOrEqual(8);
      expect(p).toBeGreaterThanOrEqual(1);
      expect(salt.length).toBeGreaterThanOrEqual(16);
      expect(key.length).toBeGreaterThanOrEqual(32);
      const derive = (password: string) => scryptSync(password.normalize("NFKC"), salt, key.length, { N, r, p, maxmem: 256 * N * r });
      expect(timingSafeEqual(derive(PASSWORD), key)).toBe(true);
    }
    const first = parsed[0];
    if (first) {
      const wrong = scryptSync("secret124", first.salt, first.key.length, { N: first.N, r: first.r, p: first.p, maxmem: 256 * first.N * first.r });
      expect(timingSafeEqual(wrong, first.key)).toBe(false);
    }
    // Same password, different salt and hash.
    expect(parsed[0]?.salt.equals(parsed[1]?.salt ?? Buffer.alloc(0))).toBe(false);
    expect(hashes[0]).not.toBe(hashes[1]);
  });
});

describe("security headers and the content security policy", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("sets helmet's headers on pages, sounds and errors, an API's on API answers, and a build script only those a subresource needs", async () => {
    const html = await call({ path: "/" });
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html.body)?.[1];
    expect(asset).toBeDefined();
    const script = await call({ path: asset ?? "" });
    expect(script.status).toBe(200);
    expect(script.headers["x-content-type-options"]).toBe("nosniff");
    expect(script.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(script.headers["content-security-policy"]).toBeUndefined();
    // A page asked for under /assets/ (the app's page for a missing file) is a document: every header.
    const page = await call({ path: "/assets/missing-Ab12.js", headers: { accept: "text/html" } });
    expect(String(page.headers["content-type"])).toContain("text/html");
    expect(String(page.headers["content-security-policy"])).toMatch(/script-src 'self'/);
    expect(page.headers["x-frame-options"]).toBe("SAMEORIGIN");
    // The API's answers are never rendered as a page: a policy that allows nothing, no framing.
    for (const path of ["/api/health", "/api/me", "/api/no-such-route"]) {
      const res = await call({ path });
      expect(res.headers["content-security-policy"], path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers["x-frame-options"], path).toBe("DENY");
      expect(res.headers["x-content-type-options"], path).toBe("nosniff");
      expect(res.headers["referrer-policy"], path).toBe("no-referrer");
      expect(res.headers["cross-origin-resource-policy"], path).toBe("same-origin");
      expect(res.headers["x-powered-by"], path).toBeUndefined();
      expect(res.headers["strict-transport-security"], path).toBeUndefined();
    }
    for (const path of ["/", "/app", "/api/docs", "/sounds/bell.mp3"]) {
      const res = await call({ path });
      const csp = String(res.headers["content-security-policy"]);
      expect(csp, path).toMatch(/default-src 'self'/);
      expect(csp, path).toMatch(/script-src 'self'(;|$)/);
      expect(csp, path).toMatch(/object-src 'none'/);
      expect(csp, path).toMatch(/frame-ancestors 'self'/);
      expect(csp, path).toMatch(/base-uri 'self'/);
      expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(res.headers["x-content-type-options"], path).toBe("nosniff");
      expect(res.headers["x-frame-options"], path).toBe("SAMEORIGIN");
      expect(res.headers["referrer-policy"], path).toBe("no-referrer");
      expect(res.headers["cross-origin-opener-policy"], path).toBe("same-origin");
      expect(res.headers["x-powered-by"], path).toBeUndefined();
      // Websockets to the app's own host only, not to any ws:/wss: address.
      const connect = /connect-src ([^;]*)/.exec(csp)?.[1]?.split(" ") ?? [];
      expect(connect, path).toEqual(expect.arrayContaining(["'self'", `ws://127.0.0.1:${server.port}`]));
      expect(connect, path).not.toContain("ws:");
      expect(connect, path).not.toContain("wss:");
      // Plain http: no HSTS (it would lock a local install out), no upgrade of requests.
      expect(res.headers["strict-transport-security"], path).toBeUndefined();
      expect(csp, path).not.toMatch(/upgrade-insecure-requests/);
    }
    // A forged Host header cannot write into the policy.
    const forged = await call({ path: "/", headers: { host: "evil.example;script-src *" } });
    expect(String(forged.headers["content-security-policy"])).not.toMatch(/evil\.example|script-src \*/);
  });

  it("loads every screen of the app in Chromium with zero CSP violations", async () => {
    const violations: string[] = [];
    let at = "";
    /** A fresh browser profile whose CSP violation events and CSP console errors are collected. */
    const openPage = async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.exposeBinding("reportCspViolation", (_source, text: string) => void violations.push(`${at}: event ${text}`));
      await context.addInitScript(() => {
        document.addEventListener(
          "securitypolicyviolation",
          (event) => {
            const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
            report(`${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
          },
          true,
        );
      });
      const page = await context.newPage();
      page.on("console", (message) => {
        const text = message.text();
        if (/Content Security Policy|Refused to (load|execute|apply|connect|frame|create)/i.test(text)) violations.push(`${at}: console ${text}`);
      });
      return page;
    };
    const visit = async (page: Page, path: string, text: string) => {
      at = path;
      await page.goto(`${server.url}${path}`);
      await page.getByText(text).filter({ visible: true }).first().waitFor({ timeout: 20_000 });
      // Lazy chunks, audio lists and the live socket settle.
      await page.waitForLoadState("networkidle");
    };

    const page = await openPage();
    // The detector works: an inline script, which the policy forbids, is reported both ways.
    await visit(page, "/extension", "Download Extension");
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.inlineRan = true";
      document.body.append(script);
    });
    await expect.poll(() => violations.filter((v) => v.includes(": event ")).length).toBe(1);
    await expect.poll(() => violations.filter((v) => v.includes(": console ")).length).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { inlineRan?: boolean }).inlineRan)).toBeUndefined();
    violations.length = 0;

    // Visitor screens, then registration through the form, then the user's screens.
    await visit(page, "/", "Start Focusing Now");
    await visit(page, "/auth", "Create Account");
    const username = uniqueName("csp");
    await page.getByLabel("Username", { exact: true }).fill(username);
    await page.getByLabel("Email").fill(`${username}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByRole("button", { name: "Continue with my trial" }).click();
    const liveSocket = page.waitForEvent("websocket", (ws) => new URL(ws.url()).pathname === "/ws/timer");
    await page.waitForURL(`${server.url}/app`);
    at = "/app";
    await page.getByText("Focus Arena").first().waitFor();
    // The live connection is allowed by connect-src and really opens.
    expect((await liveSocket).url()).toMatch(new RegExp(`^ws://127\\.0\\.0\\.1:${server.port}/ws/timer\\?tz=`));
    for (const [tab, text] of [["music", "Deep Work"], ["block", "Focus Shield"], ["stats", "Your Focus Journey"], ["settings", "Focus Settings"]] as const) {
      at = `/app (${tab} tab)`;
      await page.evaluate((t) => document.dispatchEvent(new CustomEvent("change-tab", { detail: { tab: t } })), tab);
      await page.getByText(text).filter({ visible: true }).first().waitFor({ timeout: 20_000 });
      await page.waitForLoadState("networkidle");
    }
    for (const [path, text] of [
      ["/settings", "Focus Settings"],
      ["/subscription", "Contact Support"],
      ["/music", "Deep Work"],
      ["/local-audio", "Random Track"],
      ["/audio-test", "alpha"],
      ["/mini-timer", "Open the mini timer from the Focus Arena"],
      ["/no-such-page", "404 Page Not Found"],
    ] as const) {
      await visit(page, path, text);
    }
    await page.context().close();

    // The admin's screen, in a profile of its own.
    const admin = await openPage();
    await visit(admin, "/auth?tab=login", "Sign In");
    await admin.getByLabel("Username or Email").fill(ADMIN.username);
    await admin.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await admin.getByRole("button", { name: "Sign In" }).click();
    await admin.waitForURL(`${server.url}/app`);
    await visit(admin, "/admin", "Refresh");
    await admin.context().close();

    expect(violations).toEqual([]);
  });
});
