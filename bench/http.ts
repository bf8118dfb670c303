/**
 * HTTP throughput (`pnpm bench` section 1): autocannon against a bare Fastify hello-world
 * (its own process) and, on the built API (its own process), `GET /api/me`, `GET /api/sessions`
 * and `POST /api/sessions` as a logged-in user (session cookie, the app's Origin). Figures:
 * requests/s (mean of autocannon's per-second samples), p50/p99 latency (ms, of the 2xx
 * answers, from autocannon's per-response times), non-2xx and errors,
 * and each app route as a ratio to the baseline, next to its target (ROUTE_TARGETS). Every
 * target gets the same connections and duration, after a short warm-up that is not counted.
 *
 * Then the abuse figure: while one user posts large imports back to back (ABUSE_WORKERS at
 * once, a valid export of ABUSE_IMPORT_SESSIONS sessions each; the server's own limits answer
 * most of them 429 or 409, which the loop takes and goes on), another user's `GET /api/me`
 * runs at VICTIM_CONNECTIONS connections; its p99 is the figure (target ABUSE_P99_TARGET_MS).
 */
import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { DAY_MS } from "@focus/core/constants";
import autocannon from "autocannon";
import { type RunningServer, removeDataDir, startServer } from "../e2e/harness";
import { spawnTs } from "./lib/child";
import { fmt, type Knobs, onCleanup, percentile, registerBenchUser, requestJson } from "./lib/common";

export interface HttpTargetResult {
  name: string;
  /** What the route should reach: at least this share of the baseline's req/s, p99 at most this (ms). */
  target?: { minRatio: number; maxP99Ms: number };
  requestsPerSecond: number;
  p99Ms: number;
  p50Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  statusCodes: string;
}

export interface HttpResult {
  connections: number;
  durationS: number;
  /** Focus sessions the user had while GET /api/sessions was measured. */
  seededSessions: number;
  baseline: HttpTargetResult;
  routes: HttpTargetResult[];
  abuse: AbuseResult;
}

export interface AbuseResult {
  /** The other user's GET /api/me while the abuse ran. */
  victim: HttpTargetResult;
  victimConnections: number;
  /** Imports posted by the abusing user, by answer status (`200×5 429×40`), and their body size. */
  abuserStatuses: string;
  abuserRequests: number;
  importBytes: number;
  /** The figure's target: the victim's p99 at most this, ms. */
  maxP99Ms: number;
}

/**
 * The targets of the app's routes (ratio of the baseline's req/s; p99 ms), at 50 connections:
 * reads at half the bare server's rate or better, a recorded session at three tenths.
 */
export const ROUTE_TARGETS: Record<string, { minRatio: number; maxP99Ms: number }> = {
  "GET /api/me": { minRatio: 0.5, maxP99Ms: 25 },
  "GET /api/sessions": { minRatio: 0.5, maxP99Ms: 25 },
  "POST /api/sessions": { minRatio: 0.3, maxP99Ms: 25 },
};
/** The victim's p99 target while another user abuses the API, ms. */
export const ABUSE_P99_TARGET_MS = 100;
/** Concurrent import loops of the abusing user. */
const ABUSE_WORKERS = 2;
/** Sessions in each import document (a few years of daily use; about 1.3 MiB of JSON). */
const ABUSE_IMPORT_SESSIONS = 10_000;
/** Connections of the other user's GET /api/me during the abuse. */
const VICTIM_CONNECTIONS = 10;

const SESSION_TYPES = ["focus", "focus", "break"] as const;
const SEEDED_SESSIONS = 20;
/** Accounts the POST /api/sessions figure records into, in turn. */
const POST_USERS = 4;

/**
 * A valid, different session body each call (unique clientId; focus or break, varied length and
 * start). Breaks go back an hour per call, so no day holds more than the 100 breaks it keeps.
 */
function sessionBody(n: number) {
  const type = SESSION_TYPES[n % SESSION_TYPES.length] ?? "focus";
  const duration = type === "focus" ? 1500 - (n % 600) : 300 + (n % 600);
  const back = type === "focus" ? (n % 86_400) * 1000 : n * 3_600_000;
  return {
    startTime: new Date(Date.now() - back).toISOString(),
    duration,
    type,
    completed: n % 5 !== 0,
    clientId: randomUUID(),
  };
}

/** autocannon against one target after an uncounted warm-up: req/s, p50/p99 of the 2xx answers (ms), non-2xx, errors. */
export async function cannon(
  name: string,
  options: autocannon.Options,
  knobs: Knobs,
  connections = knobs.connections,
): Promise<HttpTargetResult> {
  const base = { connections, pipelining: 1, timeout: 10 };
  if (knobs.warmupS > 0) await autocannon({ ...base, ...options, duration: knobs.warmupS });
  // autocannon's histogram keeps whole milliseconds, under which the baseline's p99 vanishes;
  // its per-response times (hrtime, ms with decimals) give the percentiles instead.
  const samples: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ ...base, ...options, duration: knobs.durationS }, (error, done) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done),
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) samples.push(responseTime);
    });
  });
  const codes = Object.entries(result.statusCodeStats ?? {})
    .map(([code, stat]) => `${code}×${(stat as { count: number }).count}`)
    .join(" ");
  return {
    name,
    target: ROUTE_TARGETS[name],
    requestsPerSecond: result.requests.average,
    p99Ms: percentile(samples, 99),
    p50Ms: percentile(samples, 50),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes: codes,
  };
}

/** A valid export document with `count` past sessions (each a new clientId), for POST /api/import. */
function importDocument(settings: unknown, count: number): string {
  const now = Date.now();
  const sessions = Array.from({ length: count }, (_, n) => ({
    ...sessionBody(n),
    // Past days only, one every 2 hours: never today's Free-plan count.
    startTime: new Date(now - 2 * DAY_MS - n * 7_200_000).toISOString(),
  }));
  return JSON.stringify({ version: 1, exportedAt: new Date(now).toISOString(), settings, sessions });
}

/**
 * Another user's GET /api/me (`victimCookie`) while the abusing user (`abuserCookie`) posts
 * large imports back to back; every answer (200, 409 one at a time, 429 over the limit, 413)
 * is counted and the loop goes on.
 */
async function benchAbuse(
  url: string,
  abuserCookie: string,
  victimCookie: string,
  knobs: Knobs,
): Promise<AbuseResult> {
  const exported = await requestJson(`${url}/api/export?format=json`, { cookie: abuserCookie });
  if (exported.status !== 200) throw new Error(`export failed: ${exported.status}`);
  const body = importDocument((exported.body as { settings: unknown }).settings, ABUSE_IMPORT_SESSIONS);
  const statuses = new Map<string, number>();
  let running = true;
  const post = () =>
    new Promise<string>((resolve) => {
      const target = new URL(`${url}/api/import`);
      const req = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: "POST",
          headers: { origin: target.origin, cookie: abuserCookie, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(String(res.statusCode)));
        },
      );
      // A server that answers before reading the whole body may close the connection under it.
      req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
      req.end(body);
    });
  const worker = async () => {
    while (running) {
      const status = await post();
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  const workers = Array.from({ length: ABUSE_WORKERS }, worker);
  let victim: HttpTargetResult;
  try {
    victim = await cannon("GET /api/me (another user, during abuse)", { url: `${url}/api/me`, headers: { cookie: victimCookie, origin: url } }, knobs, VICTIM_CONNECTIONS);
  } finally {
    running = false;
    await Promise.all(workers);
  }
  return {
    victim,
    victimConnections: VICTIM_CONNECTIONS,
    abuserStatuses: [...statuses].map(([status, count]) => `${status}×${count}`).join(" "),
    abuserRequests: [...statuses.values()].reduce((a, b) => a + b, 0),
    importBytes: Buffer.byteLength(body),
    maxP99Ms: ABUSE_P99_TARGET_MS,
  };
}

export async function benchHttp(knobs: Knobs, log: (line: string) => void): Promise<HttpResult> {
  const baselineServer = spawnTs("bench/baselineServer.ts");
  const [, port] = await baselineServer.waitFor(/listening (\d+)/);
  const baselineUrl = `http://127.0.0.1:${port}`;

  const server: RunningServer = await startServer();
  const stopServer = onCleanup("http bench server", async () => {
    await server.stop();
    removeDataDir(server.dataDir);
  });
  try {
    const cookie = await registerBenchUser(server.url, "bench");
    for (let n = 0; n < SEEDED_SESSIONS; n++) {
      const posted = await requestJson(`${server.url}/api/sessions`, { body: sessionBody(n), cookie });
      if (posted.status !== 201) throw new Error(`seeding a session failed: ${posted.status} ${JSON.stringify(posted.body)}`);
    }
    const headers = { cookie, origin: server.url };

    log(`baseline GET / (bare fastify) …`);
    const baseline = await cannon("baseline GET / (bare fastify)", { url: `${baselineUrl}/` }, knobs);
    const routes: HttpTargetResult[] = [];
    log(`GET /api/me …`);
    routes.push(await cannon("GET /api/me", { url: `${server.url}/api/me`, headers }, knobs));
    log(`GET /api/sessions …`);
    routes.push(await cannon(`GET /api/sessions`, { url: `${server.url}/api/sessions`, headers }, knobs));
    log(`POST /api/sessions …`);
    // Spread over POST_USERS accounts: one account keeps at most MAX_SESSIONS_PER_USER (100,000)
    // sessions, which the warm-up and the run together would pass at about 8,000 a second.
    const posters = [cookie];
    while (posters.length < POST_USERS) posters.push(await registerBenchUser(server.url, `poster${posters.length}`));
    let n = SEEDED_SESSIONS;
    routes.push(
      await cannon(
        "POST /api/sessions",
        {
          url: server.url,
          requests: [
            {
              method: "POST",
              path: "/api/sessions",
              headers: { ...headers, "content-type": "application/json" },
              setupRequest: (request) => {
                const body = JSON.stringify(sessionBody(n));
                const poster = posters[n % POST_USERS] ?? cookie;
                n += 1;
                return { ...request, headers: { ...request.headers, cookie: poster }, body };
              },
            },
          ],
        },
        knobs,
      ),
    );
    log(`abuse: another user's GET /api/me while one user posts large imports …`);
    const abuse = await benchAbuse(server.url, await registerBenchUser(server.url, "abuser"), await registerBenchUser(server.url, "victim"), knobs);
    return { connections: knobs.connections, durationS: knobs.durationS, seededSessions: SEEDED_SESSIONS, baseline, routes, abuse };
  } finally {
    await stopServer();
    await baselineServer.stop();
  }
}

/** "0.31× (target ≥ 0.30× met)"-style text of a route's ratio to the baseline. */
export function ratioText(route: HttpTargetResult, baseline: HttpTargetResult): string {
  const ratio = route.requestsPerSecond / baseline.requestsPerSecond;
  if (!route.target) return `${fmt(ratio, 2)}× baseline`;
  const verdict = ratio >= route.target.minRatio ? "met" : "MISSED";
  return `${fmt(ratio, 2)}× baseline (target ≥ ${fmt(route.target.minRatio, 2)}×: ${verdict})`;
}

/** "p99 21.30 ms (target ≤ 25 ms: met)"-style text. */
export function p99Text(p99Ms: number, maxP99Ms: number | undefined): string {
  if (maxP99Ms === undefined) return `p99 ${fmt(p99Ms, 2)} ms`;
  return `p99 ${fmt(p99Ms, 2)} ms (target ≤ ${maxP99Ms} ms: ${p99Ms <= maxP99Ms ? "met" : "MISSED"})`;
}

/** Prints the section's lines as it finishes. */
export function printHttp(result: HttpResult, log: (line: string) => void): void {
  for (const t of [result.baseline, ...result.routes]) {
    const ratio = t === result.baseline ? "" : `, ${ratioText(t, result.baseline)}`;
    log(
      `${t.name}: ${t.requestsPerSecond.toFixed(0)} req/s${ratio}, p50 ${fmt(t.p50Ms, 2)} ms, ${p99Text(t.p99Ms, t.target?.maxP99Ms)}, ` +
        `${t.requests} requests, non-2xx ${t.non2xx}, errors ${t.errors} [${t.statusCodes}]`,
    );
  }
  const { abuse } = result;
  log(
    `abuse: another user's GET /api/me at ${abuse.victimConnections} connections: ${p99Text(abuse.victim.p99Ms, abuse.maxP99Ms)}, ` +
      `${abuse.victim.requestsPerSecond.toFixed(0)} req/s, non-2xx ${abuse.victim.non2xx}, errors ${abuse.victim.errors}; ` +
      `meanwhile ${abuse.abuserRequests} imports of ${fmt(abuse.importBytes / 2 ** 20, 1)} MiB [${abuse.abuserStatuses}]`,
  );
}
