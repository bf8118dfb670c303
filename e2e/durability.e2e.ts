/**
 * Hostile input and crashes against real server processes (`node apps/api/dist/server.js`):
 * hostile bodies, queries and params on every route and hostile websocket messages, and kill -9
 * during concurrent writes. Neither measures time, so they run beside other e2e files.
 * Every test kills what it started, even when it fails.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { liveMessageSchema } from "@focus/core/protocol";
import { NEXT_CURSOR_HEADER } from "@focus/core/schemas";
import {
  closeCode,
  cookieOf,
  json,
  loopback,
  nextMessage,
  openLiveSocket,
  raw,
  registerUser,
  signalAndWait,
  Sqlite,
  timerState,
  useFaultServers,
  type RawResponse,
} from "./faultHelpers";
import type { RunningServer } from "./harness";

const { start, sockets, expectNoErrorLogs } = useFaultServers();

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
  }, FUZZ_TEST_TIMEOUT_MS);

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

/**
 * Only a guard against a hang: each round starts a server, which took over 20 s beside busy
 * processes (about 1 s on a quiet machine).
 */
const KILL_TEST_TIMEOUT_MS = 60_000 + KILL_ROUNDS * 40_000;

/**
 * The route fuzzer's guard against a hang: about 55 s of CPU-bound requests on a quiet machine,
 * over 300 s beside busy processes at a load average of 25 to 30.
 */
const FUZZ_TEST_TIMEOUT_MS = 600_000;

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
      // The kill comes once this round's writers have had 2 to 8 writes acknowledged (a different
      // number each round), so every round cuts writes in flight, however slow the machine.
      const killAfterAcks = 2 + ((round * 5) % 7);
      let ackedThisRound = 0;
      let enoughAcked: () => void = () => undefined;
      const acksReached = new Promise<void>((resolve) => (enoughAcked = resolve));
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
            if (res.status >= 200 && res.status < 300) {
              acked.add(clientId);
              ackedThisRound += 1;
              if (ackedThisRound >= killAfterAcks) enoughAcked();
            } else if (!killed) throw new Error(`POST /api/sessions: ${res.status} ${res.body}`);
          } catch (error) {
            // A connection cut by the kill: this write was never acknowledged.
            if (!killed) throw error;
            lost += 1;
            unknown.push(clientId);
          }
        }
      };
      const writers = Array.from({ length: CLIENTS }, writer);
      // A writer that fails ends the wait with its error.
      await Promise.race([acksReached, Promise.all(writers)]);
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
  }, KILL_TEST_TIMEOUT_MS);
});
