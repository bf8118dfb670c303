/**
 * The fault and load suite against real server processes
 * (`node apps/api/dist/server.js`): hostile input on every route and websocket message,
 * kill -9 during concurrent writes, SIGTERM with requests in flight, event-loop overload, and
 * 1,000 live clients reconnecting after a restart with the core's own connection chart.
 * Every test kills what it started, even when it fails.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import {
  createSocketActor,
  EXTENSION_ID,
  LIVE_MAX_RECONNECT_ATTEMPTS,
  liveConnectionMachine,
  liveMessageSchema,
  NEXT_CURSOR_HEADER,
  reconnectDelayMs,
} from "@focus/core";
// The xstate the core's chart is built with (one version in the workspace, so one instance).
import { createActor, type Actor } from "xstate";
import {
  closeCode,
  cookieOf,
  killServer,
  loopback,
  nextMessage,
  openLiveSocket,
  raw,
  registerUser,
  signalAndWait,
  sleep,
  Sqlite,
  timerState,
  WebSocket,
  type RawResponse,
  type TestUser,
  type WsSocket,
} from "./faultHelpers";
import { removeDataDir, startServer, type RunningServer } from "./harness";

/** Servers and sockets a test started; afterEach ends them whatever happened. */
const started: RunningServer[] = [];
const sockets: WsSocket[] = [];
const dataDirs = new Set<string>();

async function start(options: Parameters<typeof startServer>[0] = {}): Promise<RunningServer> {
  const server = await startServer(options);
  started.push(server);
  dataDirs.add(server.dataDir);
  return server;
}

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await Promise.all(started.splice(0).map((server) => killServer(server)));
  for (const dir of dataDirs) removeDataDir(dir);
  dataDirs.clear();
});

const json = <T>(res: RawResponse): T => JSON.parse(res.body) as T;

/**
 * Lines the server logged at error or fatal level (pino: 50, 60): a swallowed failure.
 * Known and left out: @fastify/websocket's default error handler logs a frame over the cap
 * ("Max payload size exceeded", the documented 1009 close) at error level; plugins/live.ts
 * could pass an `errorHandler` that logs such client faults at warn.
 */
const errorLines = (server: RunningServer) =>
  server
    .output()
    .split("\n")
    .filter((line) => /"level":(50|60)\b/.test(line) && !line.includes('"message":"Max payload size exceeded"'));

/** No server this test started logged an error. */
function expectNoErrorLogs(): void {
  for (const server of started) expect(errorLines(server)).toEqual([]);
}

/** `METHOD /path` of every route, from the authorization matrix that must list them all. */
function enumeratedRoutes(): { method: string; path: string }[] {
  const file = fileURLToPath(new URL("../apps/api/test/authorizationMatrix.test.ts", import.meta.url));
  const routes = [...readFileSync(file, "utf8").matchAll(/^ {2}"(GET|POST|PUT|DELETE|PATCH) (\/[^"\s]*)": \{/gm)].map(
    (match) => ({ method: match[1] as string, path: match[2] as string }),
  );
  return routes;
}

/** Keys that have broken JavaScript servers before. */
const POLLUTING_KEYS = ["__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty"];
/** Field names the API's schemas use, so hostile values reach deep validation. */
const FIELD_NAMES = [
  "username", "password", "email", "currentPassword", "newPassword", "startTime", "endTime", "duration",
  "type", "completed", "clientId", "focusDuration", "shortBreakDuration", "longBreakDuration", "settings",
  "sessions", "version", "exportedAt", "domain", "name", "paused", "url", "blockedAt", "plan",
  "subscriptionPlan", "isAdmin", "format", "startDate", "endDate", "file", "categoryId", "token",
];

const hostileKey = fc.oneof(fc.constantFrom(...POLLUTING_KEYS, ...FIELD_NAMES), fc.string({ maxLength: 20 }));
const hostileScalar = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, -0, 1e308, -1e308, 2 ** 53 + 1, "", " ", "\u0000", "NaN", "1e999"),
  fc.double(),
  fc.integer(),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.integer({ min: 1000, max: 70_000 }).map((n) => "x".repeat(n)),
);
const { tree: hostileValue } = fc.letrec((tie) => ({
  tree: fc.oneof({ maxDepth: 4, depthSize: "small" }, hostileScalar, tie("array"), tie("object")),
  array: fc.array(tie("tree"), { maxLength: 5 }),
  object: fc.dictionary(hostileKey, tie("tree"), { maxKeys: 6 }),
}));

/** A request body: its bytes and the Content-Type it is sent with (or none). */
const hostileBody = fc.record({
  body: fc.oneof(
    hostileValue.map((value) => JSON.stringify(value) ?? "null"),
    fc.dictionary(hostileKey, hostileValue, { maxKeys: 8 }).map((value) => JSON.stringify(value)),
    fc.constantFrom(
      '{"__proto__":{"isAdmin":true}}',
      '{"constructor":{"prototype":{"isAdmin":true}}}',
      '{"a":',
      "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
      "",
      "null",
      "\uFEFF{}",
      '{"username":"a","username":"b"}',
    ),
    fc.string({ unit: "binary", maxLength: 300 }),
    fc.integer({ min: 60_000, max: 200_000 }).map((n) => JSON.stringify({ password: "p".repeat(n) })),
  ),
  contentType: fc.constantFrom(
    "application/json",
    "application/json; charset=utf-8",
    "application/json; charset=utf-16",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=xyz",
    "application/octet-stream",
    "application/jsonp",
    "application/json;;;",
    undefined,
  ),
});

/** A path parameter value, URL-encoded. */
const hostileParam = fc
  .oneof(
    fc.integer().map(String),
    fc.constantFrom("-1", "0", "1e999", "9999999999999999999999", "NaN", "..", "../../etc/passwd", "%00", "null", "__proto__", "constructor"),
    fc.string({ unit: "binary", minLength: 1, maxLength: 40 }),
    fc.integer({ min: 1000, max: 3000 }).map((n) => "9".repeat(n)),
  )
  .map((value) => encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, "\uFFFD")));

/** A query string of hostile keys and values (repeated keys become arrays). */
const hostileQuery = fc
  .array(fc.tuple(hostileKey, fc.oneof(hostileScalar.map(String), fc.constant(""))), { maxLength: 6 })
  .map((pairs) => {
    const params = new URLSearchParams();
    for (const [key, value] of pairs) params.append(key, value.slice(0, 300));
    const text = params.toString();
    return text ? `?${text}` : "";
  });

const DETAILS_MAX = 300;
const ADMIN_PASSWORD = "admin-password-1";
/** Hostile requests per route and identity. */
const FUZZ_RUNS = 40;
/** The API's body limit (apps/api/src/app.ts BODY_LIMIT). */
const BODY_LIMIT = 64 * 1024;

describe("fuzzing every route and websocket message", () => {
  it("answers hostile bodies, queries and params on every route with a 4xx or 2xx, never 5xx, and stays up", async () => {
    // With PAYMENT_URL set: without it the upgrade route answers a deliberate 503 "not configured".
    const server = await start({ env: { ADMIN_PASSWORD, PAYMENT_URL: "http://127.0.0.1:9/pay" } });
    const routes = enumeratedRoutes();
    expect(routes.length).toBeGreaterThan(30);
    let ip = 0;
    const user = await registerUser(server, loopback((ip += 1)));
    // A user with a session, a device and a blocked site, so ids near real ones exist.
    const auth = { cookie: user.cookie, origin: server.url, "content-type": "application/json" };
    await raw(`${server.url}/api/sessions`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ startTime: new Date().toISOString(), duration: 60, type: "focus", completed: true }),
    });
    await raw(`${server.url}/api/blocked-sites`, { method: "POST", headers: auth, body: JSON.stringify({ domain: "example.com" }) });

    const adminLogin = async () => {
      const res = await raw(`${server.url}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
        localAddress: loopback((ip = (ip % 200) + 1)),
      });
      expect(res.status, res.body).toBe(200);
      return cookieOf(res);
    };
    let adminCookie = await adminLogin();

    // The admin reaches the admin routes' validation too.
    const identities: { name: string; headers: () => Record<string, string> }[] = [
      { name: "anonymous", headers: () => ({ origin: server.url }) },
      { name: "user", headers: () => ({ origin: server.url, cookie: user.cookie }) },
      { name: "admin", headers: () => ({ origin: server.url, cookie: adminCookie }) },
    ];
    let requests = 0;
    let resets = 0;
    const statuses: Record<number, number> = {};
    const failures: string[] = [];
    for (const route of routes) {
      for (const identity of identities) {
        await fc.assert(
          fc.asyncProperty(hostileBody, hostileQuery, fc.array(hostileParam, { minLength: 3, maxLength: 3 }), async (body, query, params) => {
            let p = 0;
            const path = route.path.replace(/:[A-Za-z]+/g, () => params[p++] ?? "1");
            const headers: Record<string, string> = { ...identity.headers() };
            if (body.contentType) headers["content-type"] = body.contentType;
            const sendsBody = route.method !== "GET";
            let res: RawResponse;
            try {
              res = await raw(`${server.url}${path}${query}`, {
                method: route.method,
                headers,
                body: sendsBody ? body.body : undefined,
                localAddress: loopback((ip = (ip % 200) + 1)),
              });
            } catch (error) {
              // The server may answer 413 and close before an oversized body is fully written.
              const code = (error as NodeJS.ErrnoException).code;
              const oversized = sendsBody && Buffer.byteLength(body.body) > BODY_LIMIT;
              if (!(oversized && (code === "ECONNRESET" || code === "EPIPE"))) throw error;
              expect(server.process.exitCode).toBeNull();
              resets += 1;
              return true;
            }
            requests += 1;
            statuses[res.status] = (statuses[res.status] ?? 0) + 1;
            if (res.status >= 500) {
              failures.push(`${identity.name} ${route.method} ${path}${query}: ${res.status} ${res.body.slice(0, DETAILS_MAX)}`);
            }
            if (route.path.startsWith("/api/") && res.status >= 400) {
              // Errors are JSON { message } (`docs/api.md`).
              const message = (JSON.parse(res.body) as { message?: unknown }).message;
              expect(typeof message, `${route.method} ${path}: ${res.body.slice(0, DETAILS_MAX)}`).toBe("string");
            }
            // Collected, not thrown: one run reports every route that fails.
            return true;
          }),
          { numRuns: FUZZ_RUNS },
        );
        // A hostile call may end a session for good (logout, an admin deleting the user): renew it.
        if ((await raw(`${server.url}/api/me`, { headers: { cookie: user.cookie } })).status !== 200) {
          Object.assign(user, await registerUser(server, loopback((ip = (ip % 200) + 1))));
        }
        if ((await raw(`${server.url}/api/me`, { headers: { cookie: adminCookie } })).status !== 200) adminCookie = await adminLogin();
      }
    }
    if (failures.length > 0) console.error(server.output().slice(-4000));
    expect(failures).toEqual([]);
    expect(requests + resets).toBeGreaterThanOrEqual(routes.length * identities.length * FUZZ_RUNS);
    console.info(`fuzz: ${routes.length} routes, ${requests} answers (none 5xx), ${resets} oversized bodies cut off; statuses ${JSON.stringify(statuses)}`);
    expect(server.process.exitCode).toBeNull();
    expect((await raw(`${server.url}/api/health`)).status).toBe(200);
    expectNoErrorLogs();
  });

  it("drops malformed websocket frames of every kind without closing the socket, closes on an oversized one, and stays up", async () => {
    // The fuzzer sends far faster than a client may (10 frames a second): lift the rate limit
    // here, so every frame reaches the parser; liveHub.test.ts checks the limit itself.
    const server = await start({ env: { LIVE_FRAMES_PER_SECOND: "100000" } });
    const user = await registerUser(server, loopback(1));
    const socket = await openLiveSocket(server, user.cookie);
    const observer = await openLiveSocket(server, user.cookie);
    sockets.push(socket, observer);
    // Whatever the fuzzer sends, the user's other connection only ever sees valid messages.
    const relayed: unknown[] = [];
    observer.on("message", (data, isBinary) => relayed.push(isBinary ? "binary" : JSON.parse(data.toString("utf8"))));
    let pings = 0;
    const ping = async () => {
      pings += 1;
      const pong = nextMessage(socket, (m) => (m as { type?: unknown }).type === "pong");
      socket.send(JSON.stringify({ type: "ping" }));
      await pong;
    };

    const text = (value: unknown) => JSON.stringify(value) ?? "null";
    const frame = fc.oneof(
      fc.string({ unit: "binary", maxLength: 500 }),
      fc.constantFrom("", "{", "null", "[]", "{}", '{"type":null}', '{"__proto__":{"type":"ping"}}', "\uFEFF{}"),
      hostileValue.map(text),
      fc.record({ type: fc.oneof(fc.string({ maxLength: 30 }), hostileScalar) }, { requiredKeys: [] }).map(text),
      fc.record({ type: fc.constant("timer_update"), timerState: hostileValue }).map(text),
      fc
        .record({ isActive: hostileScalar, currentTime: hostileScalar, mode: hostileScalar, progress: hostileScalar })
        .map((timerState) => text({ type: "timer_update", timerState })),
      fc.record({ type: fc.constant("command"), action: hostileValue }).map(text),
      fc.record({ type: fc.constantFrom("ping", "pong"), extra: hostileValue }).map(text),
      fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
    );
    const MAX_FRAME = 4 * 1024;
    await fc.assert(
      fc.asyncProperty(fc.array(frame.filter((f) => Buffer.byteLength(f) <= MAX_FRAME), { minLength: 1, maxLength: 8 }), async (frames) => {
        for (const f of frames) socket.send(f);
        await ping();
        return socket.readyState === 1;
      }),
      { numRuns: 300 },
    );
    expect(pings).toBe(300);
    expect(relayed.every((m) => liveMessageSchema.safeParse(m).success)).toBe(true);

    // Over the documented cap (LIVE_MAX_FRAME_BYTES): closed with 1009, the only way to lose the socket.
    const closed = closeCode(socket);
    socket.send(JSON.stringify({ type: "timer_update", timerState: timerState(1), pad: "x".repeat(MAX_FRAME) }));
    expect(await closed).toBe(1009);

    expect(observer.readyState).toBe(1);
    const again = await openLiveSocket(server, user.cookie);
    sockets.push(again);
    expect(again.readyState).toBe(1);
    expect(server.process.exitCode).toBeNull();
    expect((await raw(`${server.url}/api/health`)).status).toBe(200);
    expectNoErrorLogs();
  });
});

/**
 * SIGKILL rounds of the kill -9 test: 10 by default (about 12 s); `E2E_KILL_ROUNDS=50` for the
 * long soak (about a minute).
 */
const KILL_ROUNDS = (() => {
  const value = process.env.E2E_KILL_ROUNDS;
  if (value === undefined || value === "") return 10;
  const rounds = Number(value);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 1000) throw new Error(`E2E_KILL_ROUNDS must be a whole number from 1 to 1000, got "${value}"`);
  return rounds;
})();

describe("kill -9 during concurrent writes", () => {
  it(`keeps every acknowledged session and an intact database over ${KILL_ROUNDS} SIGKILLs`, async () => {
    const ROUNDS = KILL_ROUNDS;
    const CLIENTS = 6;
    let server = await start();
    const { dataDir, port } = server;
    const user = await registerUser(server, loopback(1));
    const acked = new Set<string>();
    let sent = 0;
    let lost = 0;
    let retried = 0;
    /** Writes the kill cut off: the client does not know whether they were stored. */
    const unknown: string[] = [];
    const session = (clientId: string) =>
      JSON.stringify({ startTime: new Date().toISOString(), duration: 1500, type: "focus", completed: true, clientId });

    /** The acknowledged clientIds the API does not list (every page of `GET /api/sessions`). */
    const missingAcked = async (s: RunningServer) => {
      const present = new Set<string | undefined>();
      let path = "/api/sessions";
      for (;;) {
        const res = await raw(`${s.url}${path}`, { headers: { cookie: user.cookie } });
        expect(res.status).toBe(200);
        for (const row of json<{ clientId?: string }[]>(res)) present.add(row.clientId);
        const next = res.headers[NEXT_CURSOR_HEADER.toLowerCase()];
        if (typeof next !== "string") break;
        path = `/api/sessions?cursor=${encodeURIComponent(next)}`;
      }
      return [...acked].filter((id) => !present.has(id));
    };

    /** As the app's offline queue does: sends the unanswered writes again with their clientId. */
    const resendUnknown = async (s: RunningServer) => {
      for (const clientId of unknown.splice(0)) {
        const res = await raw(`${s.url}/api/sessions`, {
          method: "POST",
          headers: { cookie: user.cookie, origin: s.url, "content-type": "application/json" },
          body: session(clientId),
        });
        expect(res.status, res.body).toBeLessThan(300);
        acked.add(clientId);
        retried += 1;
      }
    };

    for (let round = 0; round < ROUNDS; round += 1) {
      if (round > 0) {
        server = await start({ dataDir, port });
        expect(await missingAcked(server)).toEqual([]);
        await resendUnknown(server);
      }
      const current = server;
      let killed = false;
      const writer = async () => {
        while (!killed) {
          const clientId = randomUUID();
          sent += 1;
          try {
            const res = await raw(`${current.url}/api/sessions`, {
              method: "POST",
              headers: { cookie: user.cookie, origin: current.url, "content-type": "application/json" },
              body: session(clientId),
            });
            if (res.status >= 200 && res.status < 300) acked.add(clientId);
            else if (!killed) throw new Error(`POST /api/sessions: ${res.status} ${res.body}`);
          } catch (error) {
            // A connection cut by the kill: this write was never acknowledged.
            if (!killed) throw error;
            lost += 1;
            unknown.push(clientId);
          }
        }
      };
      const writers = Array.from({ length: CLIENTS }, writer);
      await sleep(30 + ((round * 37) % 250));
      killed = true;
      const exit = await signalAndWait(current.process, "SIGKILL");
      expect(exit.signal).toBe("SIGKILL");
      await Promise.all(writers);

      // Every round, the crashed file as it is (WAL replayed by SQLite on open): intact.
      const crashed = new Sqlite(`${dataDir}/focus.db`);
      try {
        expect(crashed.pragma("integrity_check", { simple: true })).toBe("ok");
      } finally {
        crashed.close();
      }
    }

    server = await start({ dataDir, port });
    expect(await missingAcked(server)).toEqual([]);
    await resendUnknown(server);
    const exit = await signalAndWait(server.process, "SIGTERM");
    expect(exit.code).toBe(0);
    const db = new Sqlite(`${dataDir}/focus.db`);
    try {
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      const rows = db.prepare("SELECT client_id FROM focus_sessions WHERE client_id IS NOT NULL").all() as { client_id: string }[];
      const stored = new Set(rows.map((row) => row.client_id));
      expect([...acked].filter((id) => !stored.has(id))).toEqual([]);
      // Idempotency by clientId: a write sent again after the kill never made a second row.
      expect(stored.size).toBe(rows.length);
    } finally {
      db.close();
    }
    expect(acked.size).toBeGreaterThan(ROUNDS);
    expectNoErrorLogs();
    console.info(`kill -9: ${ROUNDS} rounds, ${sent} writes sent, ${acked.size} acknowledged, ${lost} cut by the kill, ${retried} of those sent again`);
  }, 60_000 + KILL_ROUNDS * 4_000);
});

describe("SIGTERM drain", () => {
  it("finishes requests in flight, answers new ones 503, closes sockets with 1001 and exits 0 within 10 s", async () => {
    // The production scrypt cost (SCRYPT_N unset): the logins below must be slow to be in flight.
    const server = await start({ env: { SCRYPT_N: "" } });
    const user: TestUser = await registerUser(server, loopback(1));
    const live = await Promise.all([1, 2, 3].map(() => openLiveSocket(server, user.cookie)));
    sockets.push(...live);
    const closes = live.map((socket) => closeCode(socket, 10_000));

    // Slow requests: 12 logins (scrypt, 4 at a time on libuv's pool: about three rounds of
    // scrypt) from 12 addresses, under the per-IP login limit.
    let lastInFlightDone = 0;
    const sent: Promise<void>[] = [];
    const logins = Array.from({ length: 12 }, (_, i) => {
      let onSent = () => {};
      sent.push(new Promise<void>((resolve) => (onSent = resolve)));
      return raw(`${server.url}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify({ username: user.username, password: user.password }),
        localAddress: loopback(10 + i),
        onSent,
      }).then((res) => {
        lastInFlightDone = Date.now();
        return res;
      });
    });
    // Every login fully written, then one round trip on a later connection: the server has
    // read them (its event loop is free while scrypt runs on the pool), so they are in flight.
    await Promise.all(sent);
    expect((await raw(`${server.url}/api/health`)).status).toBe(200);
    const exited = signalAndWait(server.process, "SIGTERM");
    const sigtermAt = Date.now();

    // New requests on fresh connections until the process is gone.
    const probes: { at: number; status: number | string }[] = [];
    let gone = false;
    void exited.then(() => (gone = true));
    while (!gone && Date.now() - sigtermAt < 12_000) {
      const at = Date.now();
      try {
        const res = await raw(`${server.url}/api/health`, { timeoutMs: 2000 });
        probes.push({ at, status: res.status });
      } catch (error) {
        probes.push({ at, status: (error as NodeJS.ErrnoException).code ?? String(error) });
      }
      await sleep(20);
    }

    const results = await Promise.all(logins);
    for (const res of results) {
      expect(res.status).toBe(200);
      expect(json<{ user: { username: string } }>(res).user.username).toBe(user.username);
    }
    const exit = await exited;
    expect(exit.code).toBe(0);
    expect(exit.ms).toBeLessThan(10_000);
    for (const code of await Promise.all(closes)) expect(code).toBe(1001);

    // Once the signal is handled (allow it 100 ms), nothing new is served: 503 while the logins
    // still run (the listener stays open), then refused connections once it has closed. (The
    // client sees the last login's answer a little after the server sent it, so the listener may
    // already be closed before lastInFlightDone on a loaded machine.)
    const afterSignal = probes.filter((probe) => probe.at > sigtermAt + 100);
    const timeline = JSON.stringify({ sigtermAt, lastInFlightDone, probes });
    expect(afterSignal.filter((probe) => probe.at < lastInFlightDone && probe.status === 503).length, timeline).toBeGreaterThan(0);
    const firstRefused = afterSignal.findIndex((probe) => probe.status === "ECONNREFUSED");
    const draining = firstRefused === -1 ? afterSignal : afterSignal.slice(0, firstRefused);
    const closed = firstRefused === -1 ? [] : afterSignal.slice(firstRefused);
    expect(draining.map((probe) => probe.status), timeline).toEqual(draining.map(() => 503));
    expect(closed.map((probe) => probe.status), timeline).toEqual(closed.map(() => "ECONNREFUSED"));
    expectNoErrorLogs();
    console.info(`SIGTERM: exit 0 after ${exit.ms} ms, ${draining.length} requests answered 503 during the drain`);
  });
});

describe("overload", () => {
  it("answers 503 with Retry-After and a JSON message when the event loop lags, keeps /api/health at 200, and recovers", async () => {
    const server = await start({ env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: "50" } });
    const setupStart = Date.now();
    const user = await registerUser(server, loopback(1));
    // 40,000 sessions: each export reads and serialises them on the event loop (~100 ms), so
    // a few concurrent ones keep the loop's mean delay above the 50 ms configured here.
    const day = Date.parse("2025-01-01T08:00:00Z");
    const sessions = Array.from({ length: 40_000 }, (_, i) => ({
      startTime: new Date(day + i * 3_600_000).toISOString(),
      duration: 1500,
      type: "focus",
      completed: true,
    }));
    const settings = json<unknown>(await raw(`${server.url}/api/settings`, { headers: { cookie: user.cookie } }));
    const imported = await raw(`${server.url}/api/import`, {
      method: "POST",
      headers: { cookie: user.cookie, origin: server.url, "content-type": "application/json" },
      body: JSON.stringify({ version: 1, exportedAt: new Date().toISOString(), settings, sessions }),
    });
    expect(imported.status, imported.body).toBe(200);
    // The import itself blocked the loop: wait for the guard's next sample to see it idle again.
    let idle = false;
    for (let i = 0; i < 40 && !idle; i += 1) {
      idle = (await raw(`${server.url}/api/me`, { headers: { cookie: user.cookie } })).status === 200;
      if (!idle) await sleep(250);
    }
    expect(idle).toBe(true);
    console.info(`overload: setup took ${Date.now() - setupStart} ms`);

    const loadStart = Date.now();
    let firstRefusal = 0;
    let loading = true;
    const exportLoad = async () => {
      while (loading) {
        await raw(`${server.url}/api/export?format=json`, { headers: { cookie: user.cookie }, timeoutMs: 60_000 }).catch(() => undefined);
      }
    };
    const load = Array.from({ length: 30 }, exportLoad);
    const refused: RawResponse[] = [];
    const healthDuringPressure: number[] = [];
    const deadline = Date.now() + 40_000;
    while (Date.now() < deadline && (refused.length < 3 || healthDuringPressure.length < 3)) {
      const [me, health] = await Promise.all([
        raw(`${server.url}/api/me`, { headers: { cookie: user.cookie }, timeoutMs: 60_000 }),
        raw(`${server.url}/api/health`, { timeoutMs: 60_000 }),
      ]);
      if (me.status === 503) {
        firstRefusal ||= Date.now() - loadStart;
        refused.push(me);
        healthDuringPressure.push(health.status);
      } else {
        expect(me.status).toBe(200);
      }
      await sleep(50);
    }
    loading = false;
    await Promise.all(load);

    expect(refused.length).toBeGreaterThanOrEqual(3);
    for (const res of refused) {
      expect(res.headers["retry-after"]).toBe("5");
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(json<{ message: string }>(res).message).toMatch(/overloaded/);
    }
    expect(healthDuringPressure).toEqual(healthDuringPressure.map(() => 200));

    // Without the load the event loop catches up and requests are served again.
    let recovered = false;
    for (let i = 0; i < 30 && !recovered; i += 1) {
      await sleep(500);
      recovered = (await raw(`${server.url}/api/me`, { headers: { cookie: user.cookie } })).status === 200;
    }
    expect(recovered).toBe(true);
    expect(server.process.exitCode).toBeNull();
    expectNoErrorLogs();
    console.info(`overload: first 503 after ${firstRefusal} ms of load, ${refused.length} refused, /api/health ${healthDuringPressure.join(",")}`);
  }, 120_000);
});

describe("1,000 live clients and a server restart", () => {
  it("brings all 1,000 core connection charts (cookie and device token) back within the reconnect schedule, relaying again", async () => {
    // 100 users × 10 sockets (the most the server keeps for one user): 5 with the session
    // cookie (tabs), 5 with a device token (extensions; 2 linked devices).
    const USERS = 100;
    const PER_USER = 10;
    const COOKIE_SOCKETS = 5;
    const DEVICES = 2;
    const phase = Date.now();
    let server = await start();
    const { dataDir, port, url } = server;

    // Registration is limited to 10 a minute per IP: 10 users from each loopback address.
    const users: TestUser[] = [];
    for (let batch = 0; batch < USERS; batch += 4) {
      const made = await Promise.all(
        [0, 1, 2, 3].filter((k) => batch + k < USERS).map((k) => registerUser(server, loopback(Math.floor((batch + k) / 10)), "live")),
      );
      users.push(...made);
    }
    const tokens = await Promise.all(
      users.map(async (user) => {
        const list: string[] = [];
        for (let d = 0; d < DEVICES; d += 1) {
          const res = await raw(`${url}/api/linked-devices`, {
            method: "POST",
            headers: { cookie: user.cookie, origin: url, "content-type": "application/json" },
            body: JSON.stringify({ name: `Chrome ${d}` }),
          });
          expect(res.status, res.body).toBe(201);
          list.push(json<{ token: string }>(res).token);
        }
        return list;
      }),
    );
    const setupMs = Date.now() - phase;

    interface Client {
      user: number;
      connected: number[];
      messages: unknown[];
      actor: Actor<typeof liveConnectionMachine>;
    }
    const wsUrl = `${url.replace(/^http/, "ws")}/ws/timer`;
    const extensionOrigin = `chrome-extension://${EXTENSION_ID}`;
    const clients: Client[] = [];
    for (let u = 0; u < USERS; u += 1) {
      const cookie = users[u]?.cookie ?? "";
      for (let k = 0; k < PER_USER; k += 1) {
        const device = k >= COOKIE_SOCKETS ? (tokens[u]?.[k % DEVICES] ?? "") : null;
        const target = device === null ? wsUrl : `${wsUrl}?token=${encodeURIComponent(device)}`;
        const headers: Record<string, string> = device === null ? { cookie, origin: url } : { origin: extensionOrigin };
        const factory = () => new WebSocket(target, { headers });
        const actor = createActor(liveConnectionMachine.provide({ actors: { socket: createSocketActor(factory) } }), {
          input: { url: target },
        });
        const client: Client = { user: u, connected: [], messages: [], actor };
        actor.on("connected", () => client.connected.push(Date.now()));
        actor.on("message", (event) => client.messages.push(event.message));
        clients.push(client);
      }
    }
    expect(clients.length).toBe(1000);
    const waitFor = async (condition: () => boolean, ms: number) => {
      const until = Date.now() + ms;
      while (!condition() && Date.now() < until) await sleep(100);
      return condition();
    };
    try {
      const connectStart = Date.now();
      for (const client of clients) client.actor.start();
      expect(await waitFor(() => clients.every((c) => c.connected.length === 1), 60_000)).toBe(true);
      const connectMs = Date.now() - connectStart;

      const sigtermAt = Date.now();
      const stopped = await signalAndWait(server.process, "SIGTERM");
      expect(stopped.code).toBe(0);
      server = await start({ dataDir, port });
      const downMs = Date.now() - sigtermAt;

      // Worst case of the core's schedule: every attempt's delay, plus 20 s for the attempts themselves.
      const schedule = Array.from({ length: LIVE_MAX_RECONNECT_ATTEMPTS }, (_, n) => reconnectDelayMs(n)).reduce((a, b) => a + b, 0);
      await waitFor(() => clients.every((c) => c.connected.length >= 2), schedule + 20_000);
      const missing = clients.filter((c) => c.connected.length < 2).length;
      expect(missing, `${missing} clients did not reconnect`).toBe(0);
      expect(clients.filter((c) => !c.actor.getSnapshot().matches({ online: "open" })).length).toBe(0);
      const slowest = Math.max(...clients.map((c) => (c.connected[1] ?? Infinity) - sigtermAt));
      expect(slowest).toBeLessThan(schedule + 20_000);

      // After the restart the relay works for every user: the first tab's update reaches the
      // user's 9 other connections, tabs and extensions alike.
      for (const c of clients) c.messages.length = 0;
      for (let u = 0; u < USERS; u += 1) {
        clients[u * PER_USER]?.actor.send({ type: "SEND", message: { type: "timer_update", timerState: timerState(1000 + u) } });
      }
      const received = (c: Client) =>
        c.messages.some((m) => (m as { timerState?: { currentTime?: number } }).timerState?.currentTime === 1000 + c.user);
      await waitFor(() => clients.every((c, i) => i % PER_USER === 0 || received(c)), 30_000);
      expect(clients.filter((c, i) => i % PER_USER !== 0 && !received(c)).length).toBe(0);
      expectNoErrorLogs();
      console.info(
        `1,000 clients: setup ${setupMs} ms, connected in ${connectMs} ms; after SIGTERM the server was back in ${downMs} ms ` +
          `and all clients in ${slowest} ms (schedule worst case ${schedule} ms + 20 s)`,
      );
    } finally {
      for (const client of clients) client.actor.stop();
    }
  }, 240_000);
});
