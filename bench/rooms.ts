/**
 * Focus rooms at scale (`pnpm bench` section `rooms`, `docs/rooms.md`): BENCH_ROOMS rooms of
 * BENCH_ROOM_MEMBERS members (200 × 10 = 2,000 members by default). Every member is a socket of
 * its own, of a user no one else in its room is (each user holds 10 sockets in 10 different
 * rooms: the hub's per-user cap). Before anyone joins, every room's schedule is moved in the
 * database so its first focus round ends at one instant a few seconds after all have joined.
 * Figures:
 * - fan-out: for each member, the time from that instant (the break round's start, on this
 *   machine's one clock) until the `room_state` announcing the break reached it; p50, p99,
 *   max (ms), and how many members it reached;
 * - memory: the server's V8 heap and RSS after a full GC (memProbe.mjs) with every socket open,
 *   before and after they joined their rooms: KiB per member.
 * Run on one instance (SQLite) and, when Debian's PostgreSQL 15 is there, on two instances
 * sharing a throwaway PostgreSQL with every room's members split between them (memory: instance
 * A's, per member it holds).
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { LiveMessage } from "@focus/core/protocol";
import type BetterSqlite3 from "better-sqlite3";
import type WsWebSocket from "ws";
import { INITDB, startThrowawayPostgres } from "../apps/api/test/postgres";
import { removeDataDir, startServer, type RunningServer } from "../e2e/harness";
import { apiRequire, fmt, loopbackAddress, mapLimit, onCleanup, percentile, repoRoot, requestJson, sleep } from "./lib/common";

const Database = apiRequire("better-sqlite3") as typeof BetterSqlite3;
const WebSocket = apiRequire("ws") as typeof WsWebSocket;
/** The `pg` client of the API's dependencies, as much of it as this file uses. */
interface PgClient {
  connect(): Promise<void>;
  query(sql: string, values: unknown[]): Promise<unknown>;
  end(): Promise<void>;
}
const pg = apiRequire("pg") as { Client: new (options: { connectionString: string }) => PgClient };

export interface RoomsRunResult {
  name: string;
  rooms: number;
  members: number;
  /** Members the next round's `room_state` reached. */
  reached: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Growth per member of instance A's heap and RSS, KiB. */
  heapKiBPerMember: number;
  rssKiBPerMember: number;
}

export interface RoomsResult {
  runs: RoomsRunResult[];
  /** Why the two-instance run did not happen, when it did not. */
  skipped?: string;
}

const PASSWORD = "bench-password-1";
/** A room's focus round, minutes (the default). */
const FOCUS_MINUTES = 25;
/** Sockets per user: the hub's per-user cap. */
const SOCKETS_PER_USER = 10;

interface Seat {
  socket: WsWebSocket;
  room: number;
  /** On instance A (where memory is read). */
  onFirst: boolean;
  /** When the break round's `room_state` arrived, epoch ms. */
  reachedAt: number | null;
}

/** Registers `count` users through the API, 10 per loopback address (the sign-up limit per address). */
async function registerUsers(server: RunningServer, count: number): Promise<{ cookie: string; localAddress: string }[]> {
  const prefix = `r${Date.now().toString(36)}`;
  return mapLimit(Array.from({ length: count }, (_, i) => i), 8, async (i) => {
    const username = `${prefix}u${i}`;
    const localAddress = loopbackAddress(i, 10);
    const res = await requestJson(`${server.url}/api/register`, { body: { username, email: `${username}@example.com`, password: PASSWORD }, localAddress });
    if (res.status !== 201 || !res.cookie) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { cookie: res.cookie, localAddress };
  });
}

/** Asks memProbe.mjs in the server for a GC'd memory sample (bytes). */
async function serverMemory(server: RunningServer, file: string): Promise<{ rss: number; heapUsed: number }> {
  rmSync(file, { force: true });
  server.process.kill("SIGUSR2");
  for (let i = 0; i < 200 && !existsSync(file); i++) await sleep(50);
  await sleep(50);
  return JSON.parse(readFileSync(file, "utf8")) as { rss: number; heapUsed: number };
}

function openSocket(server: RunningServer, cookie: string, localAddress: string): Promise<WsWebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${server.url.replace(/^http/, "ws")}/ws/timer`, { headers: { cookie, origin: server.url }, localAddress });
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
  });
}

/** Sets the rooms' first round start so their first focus round ends at `endsAt` (epoch ms). */
type MoveRounds = (slugs: string[], startedAt: string) => Promise<void>;

async function runOnce(
  name: string,
  servers: RunningServer[],
  memFile: string,
  moveRounds: MoveRounds,
  rooms: number,
  perRoom: number,
  log: (line: string) => void,
): Promise<RoomsRunResult> {
  const first = servers[0];
  if (!first) throw new Error("no server");
  const seats = rooms * perRoom;
  const users = await registerUsers(first, Math.max(rooms, Math.ceil(seats / SOCKETS_PER_USER)));
  // Each room opened by another user (an owner may hold 3 open rooms and open 10 an hour).
  const slugs = await mapLimit(Array.from({ length: rooms }, (_, r) => r), 8, async (r) => {
    const owner = users[r % users.length]!;
    const res = await requestJson(`${first.url}/api/rooms`, { body: { name: `Bench room ${r}`, visibility: "link" }, cookie: owner.cookie, localAddress: owner.localAddress });
    if (res.status !== 201) throw new Error(`opening a room failed: ${res.status} ${JSON.stringify(res.body)}`);
    return (res.body as { slug: string }).slug;
  });

  // Seat s: user ⌊s/10⌋, room s mod rooms: a user's 10 seats are 10 different rooms, and a
  // room's members are users rooms/10 apart (distinct while rooms ≥ 10 × perRoom / 10).
  const open = await mapLimit(Array.from({ length: seats }, (_, s) => s), 32, async (s): Promise<Seat> => {
    const user = users[Math.floor(s / SOCKETS_PER_USER)]!;
    const onFirst = Math.floor(s / rooms) % servers.length === 0;
    const socket = await openSocket(onFirst ? first : servers[1]!, user.cookie, user.localAddress);
    return { socket, room: s % rooms, onFirst, reachedAt: null };
  });
  const cleanup = onCleanup(`${name} room sockets`, () => {
    for (const seat of open) seat.socket.terminate();
  });
  try {
    log(`${name}: ${users.length} users, ${rooms} rooms, ${open.length} sockets open`);
    await sleep(1000);
    const before = await serverMemory(first, memFile);

    // Every room's first focus round ends one instant, after a join window.
    const joinWindowMs = Math.max(8000, seats * 4);
    const boundary = Date.now() + joinWindowMs;
    await moveRounds(slugs, new Date(boundary - FOCUS_MINUTES * 60_000).toISOString());
    const joinedAt = Date.now();
    await Promise.all(
      open.map(
        (seat) =>
          new Promise<void>((resolve) => {
            let joined = false;
            seat.socket.on("message", (data: Buffer) => {
              const message = JSON.parse(data.toString("utf8")) as LiveMessage;
              if (message.type !== "room_state") return;
              if (!joined) {
                joined = true;
                resolve();
              }
              if (message.room.round.index === 1 && seat.reachedAt === null) seat.reachedAt = Date.now();
            });
            seat.socket.send(JSON.stringify({ type: "room_join", slug: slugs[seat.room] }));
          }),
      ),
    );
    log(`${name}: ${open.length} members joined in ${((Date.now() - joinedAt) / 1000).toFixed(1)} s`);
    if (Date.now() > boundary - 2000) log(`${name}: WARNING joins ended less than 2 s before the round change`);
    await sleep(Math.max(0, boundary - Date.now() - 1500));
    const after = await serverMemory(first, memFile);
    await sleep(Math.max(0, boundary - Date.now()) + 3000);

    const latencies = open.flatMap((seat) => (seat.reachedAt === null ? [] : [seat.reachedAt - boundary]));
    const held = open.filter((seat) => seat.onFirst).length;
    const result: RoomsRunResult = {
      name,
      rooms,
      members: open.length,
      reached: latencies.length,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      maxMs: latencies.length ? Math.max(...latencies) : Number.NaN,
      heapKiBPerMember: (after.heapUsed - before.heapUsed) / Math.max(held, 1) / 1024,
      rssKiBPerMember: (after.rss - before.rss) / Math.max(held, 1) / 1024,
    };
    printRoomsRun(result, log);
    return result;
  } finally {
    await cleanup();
  }
}

/** One line of a run's figures. */
export function printRoomsRun(run: RoomsRunResult, log: (line: string) => void): void {
  log(
    `${run.name}: round change reached ${run.reached}/${run.members} members: p50 ${fmt(run.p50Ms)} ms, p99 ${fmt(run.p99Ms)} ms ` +
      `(target ≤ 100 ms: ${run.p99Ms <= 100 && run.reached === run.members ? "met" : "MISSED"}), max ${fmt(run.maxMs)} ms; ` +
      `${fmt(run.heapKiBPerMember, 2)} KiB heap and ${fmt(run.rssKiBPerMember, 2)} KiB RSS per member`,
  );
}

/** The section: one instance on SQLite, then two on PostgreSQL when it is installed. */
export async function benchRooms(rooms: number, perRoom: number, log: (line: string) => void): Promise<RoomsResult> {
  const probe = pathToFileURL(join(repoRoot, "bench/memProbe.mjs")).href;
  const memFile = join(tmpdir(), `focus-bench-rooms-memory-${process.pid}.json`);
  const memEnv = { NODE_OPTIONS: `--import ${probe}`, BENCH_MEM_FILE: memFile };
  const result: RoomsResult = { runs: [] };

  const single = await startServer({ env: memEnv });
  const stopSingle = onCleanup("rooms bench server", async () => {
    await single.stop();
    removeDataDir(single.dataDir);
    rmSync(memFile, { force: true });
  });
  try {
    const moveSqlite: MoveRounds = async (slugs, startedAt) => {
      const db = new Database(join(single.dataDir, "focus.db"));
      try {
        db.pragma("busy_timeout = 10000");
        const update = db.prepare("UPDATE rooms SET started_at = ? WHERE slug = ?");
        db.transaction(() => {
          for (const slug of slugs) update.run(startedAt, slug);
        })();
      } finally {
        db.close();
      }
    };
    result.runs.push(await runOnce("one instance (SQLite)", [single], memFile, moveSqlite, rooms, perRoom, log));
  } finally {
    await stopSingle();
  }

  if (!existsSync(INITDB)) {
    result.skipped = `no PostgreSQL 15 (${INITDB})`;
    log(`two instances: skipped, ${result.skipped}`);
    return result;
  }
  const database = await startThrowawayPostgres();
  const stopDatabase = onCleanup("rooms bench PostgreSQL", () => database.stop());
  const servers: RunningServer[] = [];
  const stopServers = onCleanup("rooms bench servers", async () => {
    for (const server of servers) {
      await server.stop();
      removeDataDir(server.dataDir);
    }
  });
  try {
    // One after the other: the first runs the migrations.
    servers.push(await startServer({ env: { ...memEnv, DATABASE_URL: database.url } }));
    servers.push(await startServer({ env: { DATABASE_URL: database.url } }));
    const movePostgres: MoveRounds = async (slugs, startedAt) => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await client.query("UPDATE rooms SET started_at = $1 WHERE slug = ANY($2)", [startedAt, slugs]);
      } finally {
        await client.end();
      }
    };
    result.runs.push(await runOnce("two instances (PostgreSQL)", servers, memFile, movePostgres, rooms, perRoom, log));
  } finally {
    await stopServers();
    await stopDatabase();
    rmSync(memFile, { force: true });
  }
  return result;
}
