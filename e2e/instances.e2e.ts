import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { createServer, request, type IncomingMessage, type Server } from "node:http";
import { connect } from "node:net";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { INITDB, startThrowawayPostgres, type ThrowawayPostgres } from "../apps/api/test/postgres";
import { closeCode, cookieOf, raw, WebSocket, type WsSocket } from "./faultHelpers";
import { CHROMIUM_ARGS, clockSeconds, freePort, launchBrowser, removeDataDir, roomClock, roomMembers, startServer, uniqueName, type RunningServer } from "./harness";

/**
 * Scale-out as deployed (`docs/api.md`, Live sync): two `node apps/api/dist/server.js` processes on
 * one PostgreSQL, behind one public origin. A login made on one is valid on the other, and a
 * user's timer_update relays between their sockets on the two processes (LISTEN/NOTIFY).
 * Browsers reach the processes through a small balancer at the public origin (focus.test,
 * resolved to 127.0.0.1 by Chromium) that sends each browser to the process its user agent
 * names, so one user is on one process and another on the other.
 * Needs Debian's PostgreSQL 15 (as the `api-pg` project does); said so when it is absent.
 */
let PUBLIC_ORIGIN = "http://focus.test";
const available = !!process.env.FOCUS_TEST_POSTGRES_URL || (existsSync(INITDB) && process.env.FOCUS_TEST_POSTGRES !== "off");
if (!available) console.warn("PostgreSQL two-process e2e skipped: no PostgreSQL 15 (or FOCUS_TEST_POSTGRES=off)");

let pg: ThrowawayPostgres | null = null;
const servers: RunningServer[] = [];
const sockets: WsSocket[] = [];
let balancer: Server | null = null;
/** Websocket upgrades the balancer passed to each process. */
const upgrades = [0, 0];

/** The user agent that sends a browser to the second process; any other goes to the first. */
const ON_SECOND_PROCESS = "focus-e2e-second-process";

/**
 * The load balancer in front of the two processes, listening on `port`: HTTP requests and
 * websocket upgrades pass through unchanged (Host and Origin included) to the process the
 * request's user agent picks.
 */
async function startBalancer(port: number): Promise<Server> {
  const target = (req: IncomingMessage) => new URL(servers[(req.headers["user-agent"] ?? "").includes(ON_SECOND_PROCESS) ? 1 : 0]!.url);
  const proxy = createServer((req, res) => {
    const { hostname, port } = target(req);
    const upstream = request({ hostname, port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  proxy.on("upgrade", (req, socket, head) => {
    const { hostname, port } = target(req);
    upgrades[Number(port) === Number(new URL(servers[1]!.url).port) ? 1 : 0]! += 1;
    const upstream = connect(Number(port), hostname, () => {
      const headers = Object.entries(req.headers).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => `${name}: ${v}`));
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers.join("\r\n")}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(port, "127.0.0.1", resolve));
  return proxy;
}

interface Client {
  socket: WsSocket;
  /** Every text frame received since the upgrade (a join is answered in the same packet). */
  received: unknown[];
}

function openSocket(server: RunningServer, cookie: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${server.url.replace(/^http/, "ws")}/ws/timer`, { headers: { cookie, origin: PUBLIC_ORIGIN } });
    const received: unknown[] = [];
    sockets.push(socket);
    socket.on("message", (data: Buffer) => received.push(JSON.parse(data.toString("utf8"))));
    socket.on("open", () => resolve({ socket, received }));
    socket.on("error", reject);
  });
}

/** Resolves once `client` has received the account's timer in `status`, at `version` or later; returns that version. */
async function accountTimer(client: Client, status: string, version = 0): Promise<number> {
  const deadline = Date.now() + 20_000;
  const found = () =>
    client.received.find((m): m is { type: "account_timer"; timer: { status: string; version: number } } => {
      const message = m as { type?: string; timer?: { status: string; version: number } };
      return message.type === "account_timer" && message.timer?.status === status && message.timer.version >= version;
    });
  for (let seen = found(); ; seen = found()) {
    if (seen) return seen.timer.version;
    if (Date.now() > deadline) throw new Error(`no account_timer ${status}; received ${JSON.stringify(client.received)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  if (!available) return;
  const url = process.env.FOCUS_TEST_POSTGRES_URL;
  if (!url) pg = await startThrowawayPostgres();
  const balancerPort = await freePort();
  PUBLIC_ORIGIN = `http://focus.test:${balancerPort}`;
  const env = { DATABASE_URL: url ?? pg!.url, PUBLIC_ORIGIN };
  // One after the other: the first runs the migrations, the second finds them done.
  servers.push(await startServer({ env }));
  servers.push(await startServer({ env }));
  balancer = await startBalancer(balancerPort);
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  balancer?.closeAllConnections();
  await new Promise((resolve) => (balancer ? balancer.close(resolve) : resolve(undefined)));
  for (const server of servers) {
    await server.stop();
    removeDataDir(server.dataDir);
  }
  pg?.stop();
});

describe.skipIf(!available)("two API processes on one PostgreSQL", () => {
  it("share logins and the account's timer between a user's sockets on either process", async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const username = `inst${Date.now().toString(36)}`;
    const registered = await raw(`${a.url}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: PUBLIC_ORIGIN },
      body: JSON.stringify({ username, password: "calm-focus-42", email: `${username}@example.com` }),
    });
    expect(registered.status, registered.body).toBe(201);
    const cookie = cookieOf(registered);

    const me = await raw(`${b.url}/api/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body).user.username).toBe(username);

    const onA = await openSocket(a, cookie);
    const onB = await openSocket(b, cookie);
    // A start on A reaches the user's socket on B, a pause on B the socket on A.
    onA.socket.send(JSON.stringify({ type: "command", action: "start" }));
    const started = await accountTimer(onB, "running");
    onB.socket.send(JSON.stringify({ type: "command", action: "pause" }));
    const paused = await accountTimer(onA, "paused", started + 1);

    // A socket opened later on A is answered at once with the account's timer, changed on B.
    expect(await accountTimer(await openSocket(a, cookie), "paused")).toBe(paused);

    // Logging out on B ends that login's sockets on A too.
    const closed = closeCode(onA.socket);
    const out = await raw(`${b.url}/api/logout`, { method: "POST", headers: { cookie, origin: PUBLIC_ORIGIN } });
    expect(out.status).toBeLessThan(300);
    expect(await closed).toBe(4401); // unauthorized: the login ended
  });

  it("hold one set of limits: an account locked on one process is locked on the other, and an 11th socket closes the oldest on the other", async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const username = `lim${Date.now().toString(36)}`;
    const registered = await raw(`${a.url}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: PUBLIC_ORIGIN },
      body: JSON.stringify({ username, password: "calm-focus-42", email: `${username}@example.com` }),
    });
    expect(registered.status, registered.body).toBe(201);
    const sessionOnly = cookieOf(registered)
      .split("; ")
      .filter((pair) => pair.startsWith("focus.sid="))
      .join("; ");
    const signIn = (server: RunningServer, password: string, n: number) =>
      raw(`${server.url}/api/login`, {
        method: "POST",
        localAddress: `127.0.3.${n + 1}`,
        headers: { "content-type": "application/json", origin: PUBLIC_ORIGIN },
        body: JSON.stringify({ username, password }),
      });
    // Ten wrong guesses, five on each process, from ten addresses.
    for (let n = 0; n < 10; n++) expect((await signIn(n % 2 === 0 ? a : b, `wrong-${n}`, n)).status).toBe(401);
    for (const server of [a, b]) {
      const locked = await signIn(server, "calm-focus-42", 20);
      expect(locked.status, locked.body).toBe(429);
      expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    }

    // Ten sockets, the oldest on B; the eleventh, on A, closes it.
    const first = await openSocket(b, sessionOnly);
    const oldestClosed = closeCode(first.socket);
    for (let n = 1; n < 10; n++) {
      await openSocket(n % 2 === 0 ? b : a, sessionOnly);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await openSocket(a, sessionOnly);
    expect(await oldestClosed).toBe(4429);
  });

  it("show a focus room's members and round to people on either process, and their leaving", async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const register = async (server: RunningServer, prefix: string) => {
      const username = `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const res = await raw(`${server.url}/api/register`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: PUBLIC_ORIGIN },
        body: JSON.stringify({ username, password: "calm-focus-42", email: `${username}@example.com` }),
      });
      expect(res.status, res.body).toBe(201);
      return { username, cookie: cookieOf(res) };
    };
    const ada = await register(a, "roomA");
    const bo = await register(b, "roomB");
    const created = await raw(`${a.url}/api/rooms`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: PUBLIC_ORIGIN, cookie: ada.cookie },
      body: JSON.stringify({ name: "Two processes", visibility: "link" }),
    });
    expect(created.status, created.body).toBe(201);
    const room = JSON.parse(created.body) as { slug: string; round: { endsAt: number } };

    type RoomState = { type: "room_state"; room: { members: { name: string }[]; round: { endsAt: number } } };
    const roomStates = (client: Client) => client.received.filter((m): m is RoomState => (m as { type?: string }).type === "room_state");
    const until = async (what: () => boolean, label: string) => {
      const deadline = Date.now() + 20_000;
      while (!what()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const adaOnA = await openSocket(a, ada.cookie);
    adaOnA.socket.send(JSON.stringify({ type: "room_join", slug: room.slug, status: "Essay" }));
    await until(() => roomStates(adaOnA).length > 0, "ada's room_state");
    const boOnB = await openSocket(b, bo.cookie);
    boOnB.socket.send(JSON.stringify({ type: "room_join", slug: room.slug }));
    // Each sees both names, whichever process they are on, and the same round end.
    const names = (client: Client) => roomStates(client).at(-1)?.room.members.map((m) => m.name).sort() ?? [];
    const both = [ada.username, bo.username].sort();
    await until(() => JSON.stringify(names(boOnB)) === JSON.stringify(both), "bo to see ada");
    await until(() => JSON.stringify(names(adaOnA)) === JSON.stringify(both), "ada to see bo");
    expect(roomStates(boOnB).at(-1)?.room.round.endsAt).toBe(room.round.endsAt);
    // The room page of either process lists both to a signed-in user, and counts them for a visitor.
    const seenOnB = JSON.parse((await raw(`${b.url}/api/rooms/${room.slug}`, { headers: { cookie: bo.cookie } })).body) as { members: unknown[] };
    expect(seenOnB.members).toHaveLength(2);
    expect(JSON.parse((await raw(`${b.url}/api/rooms/${room.slug}`, {})).body)).toMatchObject({ memberCount: 2, members: [] });

    // Bo leaves on B: ada, on A, sees it.
    boOnB.socket.send(JSON.stringify({ type: "room_leave" }));
    await until(() => JSON.stringify(names(adaOnA)) === JSON.stringify([ada.username]), "ada to see bo leave");
  });

  it("put two browsers, one on each process, in one focus room with the same round", async () => {
    const browser: Browser = await launchBrowser({ args: [...CHROMIUM_ARGS, "--host-resolver-rules=MAP focus.test 127.0.0.1"] });
    try {
      /** A browser of its own for a new user, sent to the first or second process. */
      const signUp = async (process: 0 | 1, prefix: string): Promise<{ page: Page; context: BrowserContext; username: string }> => {
        const context = await browser.newContext({
          userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36${process === 1 ? ` ${ON_SECOND_PROCESS}` : ""}`,
        });
        const page = await context.newPage();
        await page.goto(`${PUBLIC_ORIGIN}/auth`);
        const username = uniqueName(prefix);
        // Through the page's own fetch, so the browser sends its Origin and keeps the cookie.
        const status = await page.evaluate(async (name) => {
          const res = await fetch("/api/register", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ username: name, email: `${name}@example.com`, password: "calm-focus-42" }),
          });
          return res.status;
        }, username);
        expect(status).toBe(201);
        return { page, context, username };
      };
      const ada = await signUp(0, "procA");
      const bo = await signUp(1, "procB");
      const slug = await ada.page.evaluate(async () => {
        const res = await fetch("/api/rooms", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Across processes", visibility: "link" }) });
        return ((await res.json()) as { slug: string }).slug;
      });
      const upgradesBefore = [...upgrades];
      for (const { page } of [ada, bo]) {
        await page.goto(`${PUBLIC_ORIGIN}/rooms/${slug}`);
        await page.getByRole("button", { name: "Join this room" }).click();
      }
      // Each browser sees both people, though each is connected to a different process.
      const both = [expect.stringContaining(ada.username), expect.stringContaining(bo.username)];
      await expect.poll(() => roomMembers(ada.page).allInnerTexts(), { timeout: 20_000 }).toEqual(both);
      await expect.poll(() => roomMembers(bo.page).allInnerTexts(), { timeout: 20_000 }).toEqual(both);
      expect(upgrades[0]).toBeGreaterThan(upgradesBefore[0]!);
      expect(upgrades[1]).toBeGreaterThan(upgradesBefore[1]!);

      // The same round on both, to within a second, in the room clock and the personal timer. The
      // four clocks are read one after the other and each page redraws once a second, so on a
      // loaded machine one read can land a redraw late (24:55 against 24:53 once): the reads are
      // repeated until they agree, and rounds that really differ never do.
      const readClocks = () =>
        Promise.all([ada.page, bo.page].flatMap((page) => [roomClock(page).getAttribute("aria-label"), page.getByTestId("header-timer").getAttribute("aria-label")]));
      let shown: (string | null)[] = [];
      await expect
        .poll(async () => {
          shown = await readClocks();
          const seconds = shown.map(clockSeconds);
          return Math.max(...seconds) - Math.min(...seconds);
        }, { message: "the room clocks and timers of both browsers agree to within a second" })
        .toBeLessThanOrEqual(1)
        .catch((error: unknown) => {
          throw new Error(`${String(error)}; last read: ${JSON.stringify(shown)}`);
        });
      expect(shown[0]).toMatch(/^Focus round/);

      // Bo leaves on the second process: Ada, on the first, sees it.
      await bo.page.getByRole("button", { name: "Leave room" }).click();
      await expect.poll(() => roomMembers(ada.page).allInnerTexts(), { timeout: 20_000 }).toEqual([expect.stringContaining(ada.username)]);
    } finally {
      await browser.close();
    }
  });
});
