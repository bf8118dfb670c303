/**
 * Shared pieces of `pnpm bench`: the env knobs, cleanup of everything the bench starts,
 * percentiles, loopback HTTP helpers (with a chosen loopback source address) and the
 * server's own dependencies (ws, fastify, better-sqlite3), resolved from apps/api.
 */
import { request as httpRequest } from "node:http";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../../", import.meta.url));

/** Resolves packages the way apps/api does (the bench has no dependencies of its own). */
export const apiRequire = createRequire(new URL("../../apps/api/package.json", import.meta.url));

function numberKnob(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`${name}="${raw}" must be a number between ${min} and ${max}`);
  }
  return value;
}

export const SECTIONS = ["http", "ws", "mem", "rooms", "js", "lighthouse", "drift", "render"] as const;
export type Section = (typeof SECTIONS)[number];
/** The names BENCH_ONLY may give besides the app's sections: benches scripts/bench.mjs runs itself. */
const OTHER_BENCHES = ["audio", "build"];

/** The knobs (environment variables); defaults are the full run. */
export function readKnobs() {
  const only = (process.env.BENCH_ONLY ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  for (const name of only) {
    if (!(SECTIONS as readonly string[]).includes(name) && !OTHER_BENCHES.includes(name)) {
      throw new Error(`BENCH_ONLY: unknown section "${name}" (known: ${[...SECTIONS, ...OTHER_BENCHES].join(", ")})`);
    }
  }
  return {
    sections: new Set<Section>(only.length ? (only.filter((s) => !OTHER_BENCHES.includes(s)) as Section[]) : SECTIONS),
    /** autocannon: seconds per target, connections (the HTTP targets are set at 50), warm-up seconds. */
    durationS: numberKnob("BENCH_DURATION_S", 10, 1, 120),
    connections: numberKnob("BENCH_CONNECTIONS", 50, 1, 1000),
    warmupS: numberKnob("BENCH_WARMUP_S", 2, 0, 30),
    /** Websocket relay: users, sockets per user, rounds (each user sends once a round), sends/s. */
    wsUsers: numberKnob("BENCH_WS_USERS", 1000, 2, 5000),
    wsSocketsPerUser: numberKnob("BENCH_WS_SOCKETS_PER_USER", 3, 2, 10),
    wsRounds: numberKnob("BENCH_WS_ROUNDS", 5, 1, 100),
    wsRate: numberKnob("BENCH_WS_RATE", 500, 10, 20_000),
    /** Idle sockets for the memory figure, and client processes that hold them. */
    memSockets: numberKnob("BENCH_MEM_SOCKETS", 10_000, 10, 30_000),
    memClients: numberKnob("BENCH_MEM_CLIENTS", 2, 1, 8),
    /** Focus rooms: rooms, and members in each (every member a socket of a distinct user in its room). */
    rooms: numberKnob("BENCH_ROOMS", 200, 1, 1000),
    roomMembers: numberKnob("BENCH_ROOM_MEMBERS", 10, 1, 50),
    /** Timer drift: seconds the page is frozen (hidden), seconds the main thread is blocked. */
    driftHiddenS: numberKnob("BENCH_DRIFT_HIDDEN_S", 180, 1, 900),
    driftBlockS: numberKnob("BENCH_DRIFT_BLOCK_S", 10, 1, 60),
    /** Lighthouse: runs per page (the median run is reported). */
    lighthouseRuns: numberKnob("BENCH_LIGHTHOUSE_RUNS", 3, 1, 9),
  };
}
export type Knobs = ReturnType<typeof readKnobs>;

const cleanups: Array<{ name: string; run: () => Promise<void> | void }> = [];

/** Registers something to stop at the end (last registered, first stopped). */
export function onCleanup(name: string, run: () => Promise<void> | void): () => Promise<void> {
  const entry = { name, run };
  cleanups.push(entry);
  return async () => {
    const index = cleanups.indexOf(entry);
    if (index >= 0) cleanups.splice(index, 1);
    await run();
  };
}

/** Stops everything still registered; never throws. */
export async function runCleanups(): Promise<void> {
  while (cleanups.length) {
    const entry = cleanups.pop();
    if (!entry) break;
    try {
      await entry.run();
    } catch (error) {
      console.error(`cleanup of ${entry.name} failed:`, error);
    }
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The p-th percentile (0-100) of `values` by nearest rank; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");

/**
 * A loopback source address for client number `index`, `groupSize` clients per address
 * (127.1.x.y; all of 127.0.0.0/8 is loopback on Linux). The login and register routes are
 * rate limited per IP (10 a minute), so many users log in from many loopback addresses.
 */
export function loopbackAddress(index: number, groupSize = 10): string {
  const group = Math.floor(index / groupSize);
  return `127.1.${Math.floor(group / 250)}.${(group % 250) + 1}`;
}

export interface JsonResponse {
  status: number;
  /** `name=value` of the Set-Cookie headers, joined for a Cookie header. */
  cookie: string;
  body: unknown;
}

/** A JSON request over loopback from `localAddress`, with the app's own Origin. */
export function requestJson(
  url: string,
  options: { method?: string; body?: unknown; cookie?: string; localAddress?: string } = {},
): Promise<JsonResponse> {
  const target = new URL(url);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: options.method ?? (payload ? "POST" : "GET"),
        localAddress: options.localAddress,
        headers: {
          origin: target.origin,
          ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
        timeout: 30_000,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          const setCookie = res.headers["set-cookie"] ?? [];
          const cookie = setCookie.map((c) => c.split(";", 1)[0]).join("; ");
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, cookie, body });
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error(`timeout: ${url}`)));
    req.on("error", reject);
    req.end(payload);
  });
}

/** Runs `task` over `items` with at most `limit` at once; results in order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Registers a new user (`<prefix><time>`) through the API; returns its session cookie (`focus.sid=…`). Throws unless 201. */
export async function registerBenchUser(url: string, prefix: string): Promise<string> {
  const username = `${prefix}${Date.now().toString(36)}`;
  const registered = await requestJson(`${url}/api/register`, {
    body: { username, email: `${username}@example.com`, password: "bench-password-1" },
  });
  if (registered.status !== 201 || !registered.cookie) {
    throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  }
  return registered.cookie;
}
