/**
 * HTTP throughput (`pnpm bench` section 1): autocannon against a bare Fastify hello-world
 * (its own process) and, on the built API (its own process), `GET /api/me`, `GET /api/sessions`
 * and `POST /api/sessions` as a logged-in user (session cookie, the app's Origin). Figures:
 * requests/s (mean of autocannon's per-second samples), p50/p99 latency (ms, of the 2xx
 * answers, from autocannon's per-response times), non-2xx and errors,
 * and each app route as a ratio to the baseline. Every target gets the same connections and
 * duration, after a short warm-up that is not counted.
 */
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { type RunningServer, removeDataDir, startServer } from "../e2e/harness";
import { spawnTs } from "./lib/child";
import { fmt, type Knobs, onCleanup, percentile, requestJson } from "./lib/common";

export interface HttpTargetResult {
  name: string;
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
}

const SESSION_TYPES = ["focus", "focus", "break"] as const;
const SEEDED_SESSIONS = 20;

/** A valid, different session body each call (unique clientId; focus or break, varied length and start). */
function sessionBody(n: number) {
  const type = SESSION_TYPES[n % SESSION_TYPES.length] ?? "focus";
  const duration = type === "focus" ? 1500 - (n % 600) : 300 + (n % 600);
  return {
    startTime: new Date(Date.now() - (n % 86_400) * 1000).toISOString(),
    duration,
    type,
    completed: n % 5 !== 0,
    clientId: randomUUID(),
  };
}

async function cannon(
  name: string,
  options: autocannon.Options,
  knobs: Knobs,
): Promise<HttpTargetResult> {
  const base = { connections: knobs.connections, pipelining: 1, timeout: 10 };
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
    requestsPerSecond: result.requests.average,
    p99Ms: percentile(samples, 99),
    p50Ms: percentile(samples, 50),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes: codes,
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
    const username = `bench${Date.now().toString(36)}`;
    const registered = await requestJson(`${server.url}/api/register`, {
      body: { username, email: `${username}@example.com`, password: "bench-password-1" },
    });
    if (registered.status !== 201 || !registered.cookie) {
      throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
    }
    const cookie = registered.cookie;
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
              setupRequest: (request) => ({ ...request, body: JSON.stringify(sessionBody(n++)) }),
            },
          ],
        },
        knobs,
      ),
    );
    return { connections: knobs.connections, durationS: knobs.durationS, seededSessions: SEEDED_SESSIONS, baseline, routes };
  } finally {
    await stopServer();
    await baselineServer.stop();
  }
}

/** Prints the section's lines as it finishes. */
export function printHttp(result: HttpResult, log: (line: string) => void): void {
  for (const t of [result.baseline, ...result.routes]) {
    log(
      `${t.name}: ${t.requestsPerSecond.toFixed(0)} req/s, p50 ${fmt(t.p50Ms, 2)} ms, p99 ${fmt(t.p99Ms, 2)} ms, ` +
        `${t.requests} requests, non-2xx ${t.non2xx}, errors ${t.errors} [${t.statusCodes}]`,
    );
  }
}
