/**
 * Websocket figures (`pnpm bench` sections ws and mem) on one built API server (its own
 * process, throwaway SQLite) with many logged-in users (see users.ts):
 * - mem: server RSS and V8 heap used (bytes, after a full GC, read by memProbe.mjs preloaded
 *   into the server) before and after opening BENCH_MEM_SOCKETS idle authenticated sockets
 *   held by BENCH_MEM_CLIENTS client processes (socketClient.ts); per socket in KiB.
 * - ws: the account timer's latency (ms): BENCH_WS_USERS users × BENCH_WS_SOCKETS_PER_USER
 *   sockets held by the bench process; in each of BENCH_WS_ROUNDS rounds every user sends one
 *   timer command (start, then pause, alternately) from one of its sockets (paced at
 *   BENCH_WS_RATE sends/s over all users), which the server runs on the account's timer (one
 *   database transaction) and sends to every connection of the user; the time until each of
 *   the user's other sockets receives the new version is one sample. Sender and receivers
 *   share one clock (performance.now in this process).
 * Memory runs first, on the fresh server, so the relay's garbage does not blur "before".
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import type WebSocketType from "ws";
import { LIVE_LIMITS } from "../apps/api/src/live/hub";
import { removeDataDir, type RunningServer, startServer } from "../e2e/harness";
import { spawnTs } from "./lib/child";
import { fmt, type Knobs, mapLimit, onCleanup, percentile, repoRoot, requestJson, sleep } from "./lib/common";
import { closeSockets, openSockets } from "./lib/sockets";
import { type BenchUser, createUsers } from "./users";

export interface MemorySample {
  rss: number;
  heapUsed: number;
  external: number;
}

export interface MemoryResult {
  requested: number;
  sockets: number;
  failed: number;
  /** Upgrades answered 503 (overload guard) and retried. */
  refused: number;
  users: number;
  clientProcesses: number;
  before: MemorySample;
  after: MemorySample;
}

export interface RelayResult {
  /** Upgrades answered 503 (overload guard) and retried while opening. */
  refused: number;
  users: number;
  socketsPerUser: number;
  sends: number;
  rate: number;
  expected: number;
  received: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface LiveResult {
  memory?: MemoryResult;
  relay?: RelayResult;
}

/** Asks memProbe.mjs in the server for a GC'd memory sample. */
async function serverMemory(server: RunningServer, file: string): Promise<MemorySample> {
  rmSync(file, { force: true });
  server.process.kill("SIGUSR2");
  for (let i = 0; i < 200 && !existsSync(file); i++) await sleep(50);
  await sleep(50);
  const sample = JSON.parse(readFileSync(file, "utf8")) as MemorySample;
  return { rss: sample.rss, heapUsed: sample.heapUsed, external: sample.external };
}

type ClientReply = { type: "opened"; opened: number; failed: number; refused: number; firstError: string | null } | { type: "closed"; received: number };

function nextReply(child: ReturnType<typeof spawnTs>, type: ClientReply["type"], timeoutMs: number): Promise<ClientReply> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket client: no "${type}" in ${timeoutMs} ms:\n${child.output()}`)), timeoutMs);
    const onMessage = (message: ClientReply) => {
      if (message.type !== type) return;
      clearTimeout(timer);
      child.process.off("message", onMessage);
      resolve(message);
    };
    child.process.on("message", onMessage);
  });
}

async function benchMemory(server: RunningServer, users: BenchUser[], knobs: Knobs, memFile: string, log: (line: string) => void): Promise<MemoryResult> {
  await sleep(1000);
  const before = await serverMemory(server, memFile);
  const clients = Array.from({ length: knobs.memClients }, () => spawnTs("bench/socketClient.ts"));
  try {
    await Promise.all(clients.map((c) => c.waitFor(/ready/)));
    const accounts = users.map(({ cookie, localAddress }) => ({ cookie, localAddress }));
    const started = Date.now();
    const shares = clients.map((_, i) => Math.floor(knobs.memSockets / clients.length) + (i < knobs.memSockets % clients.length ? 1 : 0));
    const replies = await Promise.all(
      clients.map((client, i) => {
        const reply = nextReply(client, "opened", 300_000);
        // Each client takes a contiguous slice of users so every user's sockets are spread evenly.
        const share = shares[i] ?? 0;
        const offset = Math.floor((i * users.length) / clients.length);
        const rotated = [...accounts.slice(offset), ...accounts.slice(0, offset)];
        client.process.send({ type: "open", url: server.url, accounts: rotated, count: share });
        return reply;
      }),
    );
    let opened = 0;
    let failed = 0;
    let refused = 0;
    for (const reply of replies) {
      if (reply.type !== "opened") continue;
      opened += reply.opened;
      failed += reply.failed;
      refused += reply.refused;
      if (reply.firstError) log(`socket client error (first): ${reply.firstError}`);
    }
    log(`${opened} idle sockets open (${failed} given up, ${refused} upgrades refused and retried) in ${((Date.now() - started) / 1000).toFixed(1)} s; settling 3 s`);
    await sleep(3000);
    const after = await serverMemory(server, memFile);
    const result: MemoryResult = { requested: knobs.memSockets, sockets: opened, failed, refused, users: users.length, clientProcesses: clients.length, before, after };
    log(
      `server RSS ${fmt(before.rss / 2 ** 20)} → ${fmt(after.rss / 2 ** 20)} MiB, heap used ${fmt(before.heapUsed / 2 ** 20)} → ${fmt(after.heapUsed / 2 ** 20)} MiB: ` +
        `${fmt((after.rss - before.rss) / Math.max(opened, 1) / 1024, 2)} KiB RSS and ${fmt((after.heapUsed - before.heapUsed) / Math.max(opened, 1) / 1024, 2)} KiB heap per socket`,
    );
    await Promise.all(
      clients.map(async (client) => {
        const closed = nextReply(client, "closed", 60_000);
        client.process.send({ type: "close" });
        await closed.catch(() => undefined);
      }),
    );
    return result;
  } finally {
    await Promise.all(clients.map((c) => c.stop()));
  }
}

async function benchRelay(server: RunningServer, users: BenchUser[], knobs: Knobs, log: (line: string) => void): Promise<RelayResult> {
  const perUser = knobs.wsSocketsPerUser;
  const started = Date.now();
  const groups = await mapLimit(users, 32, async (user) => openSockets(server.url, [user], perUser, perUser));
  const all = groups.flatMap((g) => g.sockets);
  const stop = onCleanup("relay sockets", () => closeSockets(all));
  try {
    const failed = groups.reduce((n, g) => n + g.failed, 0);
    const refused = groups.reduce((n, g) => n + g.refused, 0);
    if (failed > 0) throw new Error(`${failed} sockets could not open: ${groups.find((g) => g.firstError)?.firstError}`);
    log(`${all.length} sockets open for ${users.length} users in ${((Date.now() - started) / 1000).toFixed(1)} s (${refused} upgrades refused and retried)`);

    // Per user: the version the next change will have, and when its command was sent.
    const pending = new Map<number, { version: number; sentAt: number; left: number }>();
    const versions = new Map<number, number>();
    const latencies: number[] = [];
    groups.forEach((group, user) => {
      for (const socket of group.sockets) {
        socket.on("message", (data: WebSocketType.RawData) => {
          const at = performance.now();
          const text = data.toString();
          if (!text.includes('"account_timer"')) return;
          const message = JSON.parse(text) as { timer: { version: number }; replies?: unknown };
          versions.set(user, Math.max(versions.get(user) ?? 0, message.timer.version));
          // The sender's own answer carries replies: only the other connections are samples.
          const entry = pending.get(user);
          if (message.replies || !entry || message.timer.version !== entry.version) return;
          latencies.push(at - entry.sentAt);
          if (--entry.left === 0) pending.delete(user);
        });
      }
    });
    await sleep(1000);

    const total = knobs.wsRounds * users.length;
    const sendStarted = performance.now();
    let sent = 0;
    while (sent < total) {
      const due = Math.min(total, Math.floor(((performance.now() - sendStarted) / 1000) * knobs.wsRate) + 1);
      for (; sent < due; sent++) {
        const round = Math.floor(sent / users.length);
        const user = sent % users.length;
        const group = groups[user];
        const sender = group?.sockets[round % perUser];
        if (!group || !sender) continue;
        pending.set(user, { version: (versions.get(user) ?? 0) + 1, sentAt: performance.now(), left: group.sockets.length - 1 });
        sender.send(JSON.stringify({ type: "command", action: round % 2 === 0 ? "start" : "pause" }));
      }
      await sleep(5);
    }
    for (let i = 0; i < 100 && pending.size > 0; i++) await sleep(100);
    const expected = total * (perUser - 1);
    const result: RelayResult = {
      refused,
      users: users.length,
      socketsPerUser: perUser,
      sends: total,
      rate: knobs.wsRate,
      expected,
      received: latencies.length,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      maxMs: percentile(latencies, 100),
    };
    log(
      `${total} sends in ${((performance.now() - sendStarted) / 1000).toFixed(1)} s, ${latencies.length}/${expected} deliveries: ` +
        `p50 ${fmt(result.p50Ms, 2)} ms, p99 ${fmt(result.p99Ms, 2)} ms, max ${fmt(result.maxMs, 2)} ms`,
    );
    return result;
  } finally {
    await stop();
  }
}

/**
 * Waits (at most 30 s) until the server's overload guard lets requests through again after a
 * burst of closes: three `GET /api/me` in a row answered 200, half a second apart
 * (`/api/health` is exempt from the guard, so it cannot tell).
 */
async function settle(server: RunningServer, user: BenchUser): Promise<void> {
  let ok = 0;
  for (let i = 0; i < 60 && ok < 3; i++) {
    await sleep(500);
    const me = await requestJson(`${server.url}/api/me`, { cookie: user.cookie, localAddress: user.localAddress }).catch(() => null);
    ok = me?.status === 200 ? ok + 1 : 0;
  }
}

/** Fills `result` as sections finish, so a later failure keeps the earlier figures. */
export async function benchLive(knobs: Knobs, log: (line: string) => void, result: LiveResult): Promise<void> {
  const probe = pathToFileURL(join(repoRoot, "bench/memProbe.mjs")).href;
  const memFile = join(tmpdir(), `focus-bench-memory-${process.pid}.json`);
  const server = await startServer({ env: { NODE_OPTIONS: `--import ${probe}`, BENCH_MEM_FILE: memFile } });
  const stopServer = onCleanup("websocket bench server", async () => {
    await server.stop();
    removeDataDir(server.dataDir);
    rmSync(memFile, { force: true });
  });
  try {
    // The idle sockets are spread over enough users that none holds more than the hub allows.
    const memUsers = Math.max(Math.min(knobs.wsUsers, knobs.memSockets), Math.ceil(knobs.memSockets / LIVE_LIMITS.connectionsPerUser));
    const count = Math.max(knobs.sections.has("ws") ? knobs.wsUsers : 0, knobs.sections.has("mem") ? memUsers : 0);
    const users = await createUsers(server, count, log);
    if (knobs.sections.has("mem")) {
      result.memory = await benchMemory(server, users, knobs, memFile, log);
      const settling = Date.now();
      if (users[0]) await settle(server, users[0]);
      log(`server answering without 503 again ${((Date.now() - settling) / 1000).toFixed(1)} s after the idle sockets closed`);
    }
    if (knobs.sections.has("ws")) result.relay = await benchRelay(server, users.slice(0, knobs.wsUsers), knobs, log);
  } finally {
    await stopServer();
  }
}
