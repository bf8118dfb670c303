import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import { join } from "node:path";
import { DEFAULT_SETTINGS, NEXT_CURSOR_HEADER } from "@focus/core/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeCode, nextMessage, openLiveSocket, sleep, timerState, WebSocket, type WsSocket } from "./faultHelpers";
import { removeDataDir, startServer, uniqueName, type RunningServer } from "./harness";
import { raw, readDatabase, sessionCookie, writeDatabase, type RawRequest, type RawResponse } from "./securityHelpers";

/**
 * The abuse suite: what an attacker with an ordinary account tries against the built server,
 * over real HTTP and websockets, and that each is refused with a clear 4xx (or 429/503 with
 * Retry-After) while nothing else breaks. One test per finding: plan rules through import;
 * import as a denial of service and unbounded lists; websocket amplification; dates that
 * would break an account; out-of-range live durations; NUL bytes; weak account protections.
 * (The extension's blocked page refusing forged reports is tested where the extension runs:
 * extension.e2e.ts.)
 *
 * The server hashes at 2^15 (about a tenth of the production cost) so a burst of sign-ins
 * really queues, and takes requests for at most 3 s so a drip-fed one is cut in this test's time.
 */
const ADMIN = { username: "admin", password: "admin-pass-123" };
const PASSWORD = "calm-focus-42";
const REQUEST_TIMEOUT_MS = 3000;

let server: RunningServer;

const call = (req: RawRequest) => raw(server.url, req);
const json = <T>(res: RawResponse): T => JSON.parse(res.body) as T;
const dbFile = () => join(server.dataDir, "focus.db");

interface Account {
  id: number;
  username: string;
  cookie: string;
}

let clients = 0;
/** Another loopback address per call: a different client as far as per-address limits go. */
const nextClient = () => `127.0.${1 + Math.floor(clients / 200)}.${10 + (clients++ % 200)}`;

async function register(prefix: string): Promise<Account> {
  const username = uniqueName(prefix);
  const res = await call({ method: "POST", path: "/api/register", localAddress: nextClient(), json: { username, email: `${username}@example.com`, password: PASSWORD } });
  expect(res.status, res.body).toBe(201);
  return { id: json<{ user: { id: number } }>(res).user.id, username, cookie: sessionCookie(res) };
}

async function login(username: string, password: string): Promise<RawResponse> {
  return call({ method: "POST", path: "/api/login", localAddress: nextClient(), json: { username, password } });
}

/** An export document of `count` focus sessions an hour apart from `start`. */
function exportDocument(count: number, start = Date.parse("2024-01-01T08:00:00Z")) {
  return {
    version: 1,
    exportedAt: new Date().toISOString(),
    settings: DEFAULT_SETTINGS,
    sessions: Array.from({ length: count }, (_, i) => ({
      startTime: new Date(start + i * 3_600_000).toISOString(),
      duration: 1500,
      type: "focus",
      completed: true,
      clientId: randomUUID(),
    })),
  };
}

/** The known-device cookie a sign-in response set, as `name=value`. */
function knownDeviceCookie(res: RawResponse): string {
  const lines = [res.headers["set-cookie"] ?? []].flat();
  const line = lines.find((cookie) => cookie.startsWith("focus.device="));
  if (!line) throw new Error(`no known-device cookie in the response (${res.status})`);
  return line.split(";", 1)[0] ?? "";
}

/**
 * Another user's `GET /api/me` (through `ask`) every 10 ms until `attack` settles: each answer's
 * status, and a line with the latencies' p50 and p99 (ms) to print.
 */
async function bystanderDuring(ask: () => Promise<RawResponse>, attack: Promise<unknown>): Promise<{ statuses: Set<number>; line: string }> {
  let attacking = true;
  const done = attack.finally(() => (attacking = false));
  const latencies: number[] = [];
  const statuses = new Set<number>();
  while (attacking) {
    const started = performance.now();
    statuses.add((await ask()).status);
    latencies.push(performance.now() - started);
    await sleep(10);
  }
  await done;
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN).toFixed(1);
  return { statuses, line: `another user's GET /api/me p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms over ${latencies.length} requests` };
}

/** How many times each value occurs. */
const countBy = (values: number[]) => values.reduce<Record<number, number>>((counts, value) => ({ ...counts, [value]: (counts[value] ?? 0) + 1 }), {});

const importAs = (account: Account, document: unknown) => call({ method: "POST", path: "/api/import", cookie: account.cookie, json: document });

beforeAll(async () => {
  server = await startServer({
    env: {
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SCRYPT_N: String(2 ** 15),
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    },
  });
});

afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

describe("abuse by an ordinary account", () => {
  it("1: the plan's rules hold through import: a cancelled user can neither record nor import a third focus session a day", async () => {
    const user = await register("plan");
    const admin = await login(ADMIN.username, ADMIN.password);
    expect(admin.status).toBe(200);
    expect((await call({ method: "POST", path: `/api/subscription/cancel/${user.id}`, cookie: sessionCookie(admin) })).status).toBe(200);
    // Two focus sessions a day are the Free plan's; a third of the same day is refused by either door.
    // All of one day (UTC), whatever the time the test runs.
    const day = new Date("2026-03-01T09:00:00Z");
    const session = (minute: number) => ({ startTime: new Date(day.getTime() + minute * 60_000).toISOString(), duration: 60, type: "focus", completed: true, clientId: randomUUID() });
    for (const minute of [0, 5]) expect((await call({ method: "POST", path: "/api/sessions", cookie: user.cookie, headers: { "x-time-zone": "UTC" }, json: session(minute) })).status).toBe(201);
    const third = await call({ method: "POST", path: "/api/sessions", cookie: user.cookie, headers: { "x-time-zone": "UTC" }, json: session(10) });
    expect(third.status).toBe(403);
    const imported = await call({
      method: "POST",
      path: "/api/import",
      cookie: user.cookie,
      headers: { "x-time-zone": "UTC" },
      json: { version: 1, exportedAt: new Date().toISOString(), settings: DEFAULT_SETTINGS, sessions: [session(20), session(25)] },
    });
    expect(imported.status).toBe(403);
    expect(json<{ message: string }>(imported).message).toMatch(/more than the Free plan's 2 focus sessions a day/);
    const stored = readDatabase(dbFile(), (db) => db.prepare("SELECT COUNT(*) AS n FROM focus_sessions WHERE user_id = ?").get(user.id) as { n: number });
    expect(stored.n).toBe(2);
  });

  it("2: a large import runs in batches while another user is served, one at a time, 5 per 10 minutes; the list comes in pages", async () => {
    const attacker = await register("importer");
    const bystander = await register("bystander");
    const big = exportDocument(20_000);
    const importing = importAs(attacker, big);
    // Once the first batch is in, the other user's request is answered before the import ends.
    const count = () => readDatabase(dbFile(), (db) => (db.prepare("SELECT COUNT(*) AS n FROM focus_sessions WHERE user_id = ?").get(attacker.id) as { n: number }).n);
    let done = false;
    void importing.then(() => (done = true));
    while (!done && count() === 0) await sleep(5);
    // 20,000 sessions are 40 batches: the import is still running when the first is in.
    expect(done).toBe(false);
    const order: string[] = [];
    const meanwhile = call({ path: "/api/me", cookie: bystander.cookie }).then((res) => {
      order.push("bystander");
      return res;
    });
    // A second import of the same account while the first runs.
    const second = await importAs(attacker, exportDocument(1, Date.parse("2023-01-01T08:00:00Z")));
    const first = await importing.then((res) => {
      order.push("import");
      return res;
    });
    expect((await meanwhile).status).toBe(200);
    expect(first.status, first.body).toBe(200);
    expect(json(first)).toEqual({ imported: 20_000, skipped: 0, breaksOverDailyLimit: 0, settingsApplied: true });
    expect(order).toEqual(["bystander", "import"]);
    expect(second.status).toBe(409);

    // The list comes 1,000 at a time, never 20,000 in one answer.
    let pages = 0;
    let total = 0;
    let path = "/api/sessions";
    for (;;) {
      const page = await call({ path, cookie: attacker.cookie });
      expect(page.status).toBe(200);
      const sessions = json<unknown[]>(page);
      expect(sessions.length).toBeLessThanOrEqual(1000);
      total += sessions.length;
      pages += 1;
      const next = page.headers[NEXT_CURSOR_HEADER.toLowerCase()];
      if (typeof next !== "string") break;
      path = `/api/sessions?cursor=${encodeURIComponent(next)}`;
    }
    expect([pages, total]).toEqual([20, 20_000]);

    // An import loop: the account's fifth import in the window passes, the sixth is refused.
    const results: number[] = [];
    for (let n = 0; n < 4; n++) results.push((await importAs(attacker, exportDocument(1, Date.parse(`202${n}-06-01T08:00:00Z`)))).status);
    expect(results).toEqual([200, 200, 200, 429]);
    const refused = await importAs(attacker, exportDocument(1));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("3: one account's sockets are capped at 10 and a flooding socket is closed; the relay never multiplies", async () => {
    const user = await register("sockets");
    const other = await register("neighbour");
    const sockets: WsSocket[] = [];
    for (let n = 0; n < 10; n++) sockets.push(await openLiveSocket(server, user.cookie));
    const oldestClosed = closeCode(sockets[0]!);
    sockets.push(await openLiveSocket(server, user.cookie));
    expect(await oldestClosed).toBe(4429);

    // One socket sends 300 timer commands at once: what its siblings receive (one account_timer
    // per change the account's timer made) stays within the bucket.
    let relayed = 0;
    const listener = sockets[1]!;
    listener.on("message", (data: Buffer) => {
      if (String(data).includes('"account_timer"')) relayed += 1;
    });
    const flooder = sockets[2]!;
    const flooderClosed = closeCode(flooder);
    for (let n = 0; n < 300; n++) flooder.send(JSON.stringify({ type: "command", action: n % 2 === 0 ? "start" : "pause" }));
    expect(await flooderClosed).toBe(4429);
    // A command of the listener's own runs after every command the flooder got in (one queue per
    // account): once its answer (the account_timer with `replies`) is there, so is all they relayed.
    const answered = nextMessage(listener, (message) => (message as { type?: string; replies?: unknown }).type === "account_timer" && "replies" in (message as object), 20_000);
    listener.send(JSON.stringify({ type: "command", action: "pause" }));
    await answered;
    relayed -= 1;
    expect(relayed).toBeGreaterThan(0);
    expect(relayed).toBeLessThanOrEqual(40);

    // The neighbour's own socket still answers at once.
    const theirs = await openLiveSocket(server, other.cookie);
    const pong = nextMessage(theirs, (message) => (message as { type?: string }).type === "pong");
    theirs.send(JSON.stringify({ type: "ping" }));
    await expect(pong).resolves.toMatchObject({ type: "pong" });
    for (const socket of [...sockets, theirs]) socket.close();
  });

  it("4: a start in the year 9999 or 0 is refused; the account still lists, exports and imports", async () => {
    const user = await register("dates");
    for (const startTime of ["9999-12-31T23:59:59-23:59", "0000-01-01T00:00:00Z", "1999-12-31T23:59:59Z"]) {
      const res = await call({ method: "POST", path: "/api/sessions", cookie: user.cookie, json: { startTime, duration: 60, type: "focus", completed: true } });
      expect(res.status, startTime).toBe(400);
      expect(json<{ message: string }>(res).message).toBe("startTime must be in the years 2000 to 2100");
    }
    const bad = exportDocument(1);
    bad.sessions[0]!.startTime = "9999-12-31T23:59:59-23:59";
    expect((await importAs(user, bad)).status).toBe(400);
    expect((await call({ method: "POST", path: "/api/sessions", cookie: user.cookie, json: { startTime: new Date().toISOString(), duration: 60, type: "focus", completed: true } })).status).toBe(201);
    expect((await call({ path: "/api/sessions", cookie: user.cookie })).status).toBe(200);
    const exported = await call({ path: "/api/export?format=json", cookie: user.cookie });
    expect(exported.status).toBe(200);
    expect(json(await importAs(user, JSON.parse(exported.body)))).toMatchObject({ imported: 0, skipped: 1 });
  });

  it("5: a live state with an absurd duration is dropped; blocked attempts keep recording", async () => {
    const user = await register("duration");
    const socket = await openLiveSocket(server, user.cookie);
    socket.send(JSON.stringify({ type: "timer_update", timerState: { ...timerState(1500), isActive: true, endsAt: Date.now() + 1_500_000, durationMs: 1e16 } }));
    // A socket's frames are handled in order: the pong says the state above was dealt with.
    const pong = nextMessage(socket, (message) => (message as { type?: string }).type === "pong", 20_000);
    socket.send(JSON.stringify({ type: "ping" }));
    await pong;
    // Attempts come from the user's linked extension (its device token): only it may report them.
    const device = await call({ method: "POST", path: "/api/linked-devices", cookie: user.cookie, json: { name: "Chrome" } });
    const { token } = JSON.parse(device.body) as { token: string };
    const attempt = await call({ method: "POST", path: "/api/blocked-attempts", headers: { authorization: `Bearer ${token}` }, json: { domain: "news.example", at: new Date().toISOString() } });
    expect(attempt.status, attempt.body).toBe(201);
    socket.close();
  });

  it("6: a NUL byte in a username, device name or cancellation reason is a 400, never a 500", async () => {
    const user = await register("nul");
    const answers = [
      await call({ method: "POST", path: "/api/login", localAddress: nextClient(), json: { username: "ad\u0000min", password: PASSWORD } }),
      await call({ method: "POST", path: "/api/linked-devices", cookie: user.cookie, json: { name: "My\u0000laptop" } }),
      await call({ method: "POST", path: "/api/subscription/cancel", cookie: user.cookie, json: { reason: "Too\u0000expensive", feedback: "", email: "" } }),
    ];
    for (const res of answers) {
      expect(res.status, res.body).toBe(400);
      expect(json<{ message: string }>(res).message).toBe("Text must not contain NUL characters");
    }
  });

  it("8a: sign-ins are limited per account across addresses, and a burst of sign-ins queues, then gets 503 with Retry-After", async () => {
    const victim = await register("victim");
    for (let n = 0; n < 10; n++) expect((await login(victim.username, `wrong-guess-${n}`)).status).toBe(401);
    const locked = await login(victim.username, PASSWORD);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);

    // 80 sign-ins of unknown names at once, from 80 addresses: 2 are hashed at a time and 32 wait.
    const burst = await Promise.all(Array.from({ length: 80 }, (_, n) => login(`nobody-${n}-${randomUUID().slice(0, 8)}`, "some-password")));
    const statuses = burst.map((res) => res.status);
    expect(statuses.filter((status) => status !== 401 && status !== 503)).toEqual([]);
    const busy = burst.filter((res) => res.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]?.headers["retry-after"]).toBe("5");
    expect(json<{ message: string }>(busy[0]!).message).toBe("The server is busy, please try again in a few seconds.");
    // Once the queue drained, sign-in works.
    expect((await login(ADMIN.username, ADMIN.password)).status).toBe(200);
  });

  it("8b: weak passwords, a stolen session and strange input are refused", async () => {
    const user = await register("weak");
    // Passwords of spaces and common passwords are refused for new accounts.
    for (const password of ["      ", "password123"]) {
      const username = uniqueName("weakpw");
      const res = await call({ method: "POST", path: "/api/register", localAddress: nextClient(), json: { username, email: `${username}@example.com`, password } });
      expect(res.status, password).toBe(400);
    }
    // A browser someone else holds is signed out by a password change; an email change needs the password.
    const stolen = sessionCookie(await login(user.username, PASSWORD));
    expect((await call({ method: "PUT", path: "/api/user/email", cookie: stolen, json: { email: "thief@example.com" } })).status).toBe(400);
    const changed = await call({ method: "PUT", path: "/api/user/password", cookie: user.cookie, json: { currentPassword: PASSWORD, newPassword: "a-new-calm-focus-43" } });
    expect(changed.status).toBe(200);
    expect((await call({ path: "/api/me", cookie: stolen })).status).toBe(401);
    expect((await call({ path: "/api/me", cookie: user.cookie })).status).toBe(200);
    // Ids are plain decimals; lengths are whole minutes; /api answers are never cached.
    const admin = sessionCookie(await login(ADMIN.username, ADMIN.password));
    expect((await call({ method: "POST", path: `/api/subscription/activate/0x${user.id.toString(16)}`, cookie: admin })).status).toBe(400);
    expect((await call({ method: "POST", path: "/api/settings", cookie: user.cookie, json: { focusDuration: 25.5 } })).status).toBe(400);
    expect((await call({ path: "/api/me", cookie: user.cookie })).headers["cache-control"]).toBe("no-store");
  });

  it("8c: a drip-fed request is cut with 408 after REQUEST_TIMEOUT_MS, and the server goes on serving", async () => {
    const socket = connect(server.port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => (answer += String(chunk)));
    // The server hangs up on a client that is still dripping: a drip that meets the closed
    // connection gets a reset (ECONNRESET, EPIPE), which is the point, not a failure. Any other
    // socket error fails the test.
    const errors: string[] = [];
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") errors.push(String(error));
    });
    const closed = new Promise<number>((resolve) => socket.on("close", () => resolve(Date.now())));
    const started = Date.now();
    socket.write("POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{");
    const drip = setInterval(() => socket.write(" "), 500);
    const closedAt = await closed;
    clearInterval(drip);
    expect(errors).toEqual([]);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAt - started).toBeLessThan(REQUEST_TIMEOUT_MS + 5000);
    expect((await call({ path: "/api/health" })).status).toBe(200);
  });

  it("8d: a stranger's guesses never lock the owner out of their own browser, and a stolen session cannot guess the password", async () => {
    const owner = await register("owner");
    const registered = await call({ method: "POST", path: "/api/login", localAddress: nextClient(), json: { username: owner.username, password: PASSWORD } });
    const ownBrowser = knownDeviceCookie(registered);
    // Ten guesses from ten addresses, by username and by email, then twenty more: one account, locked for strangers.
    const bystander = await register("bystander");
    const guesses: number[] = [];
    const guessing = (async () => {
      for (let n = 0; n < 30; n++) {
        const typed = n % 2 === 0 ? owner.username : `${owner.username}@example.com`;
        guesses.push((await login(typed, `wrong-guess-${n}`)).status);
      }
    })();
    const during = await bystanderDuring(() => call({ path: "/api/me", cookie: bystander.cookie }), guessing);
    console.info(`sign-in attack: answers ${JSON.stringify(countBy(guesses))}; ${during.line}`);
    expect([...during.statuses]).toEqual([200]);
    expect(guesses).toEqual([...Array(10).fill(401), ...Array(20).fill(429)]);
    expect((await login(owner.username, PASSWORD)).status).toBe(429);
    // The owner's own browser signs in.
    const own = await call({ method: "POST", path: "/api/login", localAddress: nextClient(), cookie: ownBrowser, json: { username: owner.username, password: PASSWORD } });
    expect(own.status, own.body).toBe(200);

    // A stolen session guessing the current password: refused with 429 once the account is locked.
    const victim = await register("stolen");
    const statuses: number[] = [];
    for (let n = 0; n < 11; n++) {
      const res = await call({
        method: "PUT",
        path: "/api/user/password",
        localAddress: nextClient(),
        cookie: victim.cookie,
        json: { currentPassword: `guess-${n}`, newPassword: "a-new-calm-focus-44" },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
  });

  it("9: exports of long histories stream while other users are served; loops end in 429 (409 and 503 on the way)", async () => {
    const exporters = [await register("exporter"), await register("exporter"), await register("exporter")];
    const bystander = await register("bystander");
    // 100,000 sessions each, written straight into the database (importing them would take long).
    writeDatabase(dbFile(), (db) => {
      for (const account of exporters) {
        db.prepare(
          `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 99999)
           INSERT INTO focus_sessions (user_id, start_time, duration, type, completed, client_id, created_at)
           SELECT ?, strftime('%Y-%m-%dT%H:%M:%fZ', '2001-01-01', '+' || i || ' minutes'), 60, 'break', 1, NULL, ? FROM n`,
        ).run(account.id, new Date().toISOString());
      }
    });
    // Three export loops, JSON and CSV, until each account is refused; the bystander asks who they are meanwhile.
    const exportStatuses: number[] = [];
    const statusesOf = new Map<number, number[]>();
    let exportBytes = 0;
    const loop = async (account: Account) => {
      for (let n = 0; n < 12; n++) {
        const res = await call({ path: `/api/export?format=${n % 2 === 0 ? "json" : "csv"}`, cookie: account.cookie });
        exportStatuses.push(res.status);
        statusesOf.set(account.id, [...(statusesOf.get(account.id) ?? []), res.status]);
        exportBytes += res.body.length;
        if (res.status === 429) return;
      }
    };
    const started = Date.now();
    const loops = Promise.all([...exporters.map(loop), loop(exporters[0]!)]);
    const during = await bystanderDuring(() => call({ path: "/api/me", cookie: bystander.cookie }), loops);
    console.info(
      `exports: ${exportStatuses.length} answers (${JSON.stringify(countBy(exportStatuses))}), ${(exportBytes / 2 ** 20).toFixed(1)} MiB in ${Date.now() - started} ms; ${during.line}`,
    );
    expect([...during.statuses]).toEqual([200]);
    // Done (200), one export per account at a time (409), 6 per account (429), 2 streaming at once (503).
    expect(exportStatuses.filter((status) => ![200, 409, 429, 503].includes(status))).toEqual([]);
    for (const account of exporters) expect(statusesOf.get(account.id)?.filter((status) => status === 200).length ?? 0).toBeLessThanOrEqual(6);
    expect(exportStatuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(3);
  });

  it("logged no error for anything the attacker sent", () => {
    const errors = server
      .output()
      .split("\n")
      .filter((line) => /"level":(50|60)/.test(line));
    expect(errors).toEqual([]);
  });
});

/**
 * Focus rooms under abuse (`docs/rooms.md`, Limits under load, Who sees names, The list), against
 * a server of their own: the presence flood (10 accounts x 10 sockets alternating statuses for
 * 3 s) with its figures printed, usernames an anonymous caller could harvest, and a list filled
 * with empty rooms.
 */
describe("focus rooms under abuse", () => {
  let rooms: RunningServer;
  let roomClients = 0;
  const roomCall = (req: RawRequest) => raw(rooms.url, req);
  const sockets: WsSocket[] = [];

  async function roomAccount(prefix: string): Promise<Account> {
    const username = uniqueName(prefix);
    const localAddress = `127.0.9.${10 + (roomClients++ % 200)}`;
    const res = await roomCall({ method: "POST", path: "/api/register", localAddress, json: { username, email: `${username}@example.com`, password: PASSWORD } });
    expect(res.status, res.body).toBe(201);
    return { id: json<{ user: { id: number } }>(res).user.id, username, cookie: sessionCookie(res) };
  }

  async function openRoom(owner: Account, name: string): Promise<string> {
    const res = await roomCall({ method: "POST", path: "/api/rooms", cookie: owner.cookie, json: { name, visibility: "public" } });
    expect(res.status, res.body).toBe(201);
    return json<{ slug: string }>(res).slug;
  }

  async function liveSocket(cookie: string): Promise<WsSocket> {
    const socket = await openLiveSocket(rooms, cookie);
    sockets.push(socket);
    return socket;
  }

  beforeAll(async () => {
    rooms = await startServer({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });
  });
  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.terminate();
    await rooms?.stop();
    if (rooms) removeDataDir(rooms.dataDir);
  });

  it("absorbs a presence flood: one room_state a second at most, nothing amplified, other users served", async () => {
    const owner = await roomAccount("roomowner");
    const slug = await openRoom(owner, "Flooded");
    const attackers = await Promise.all(Array.from({ length: 10 }, () => roomAccount("flooder")));
    const floods = (await Promise.all(attackers.map((a) => Promise.all(Array.from({ length: 10 }, () => liveSocket(a.cookie)))))).flat();
    const watcher = new WebSocket(`${rooms.url.replace(/^http/, "ws")}/ws/rooms/${slug}`, { headers: { origin: rooms.url } });
    sockets.push(watcher);
    await new Promise((resolve) => watcher.on("open", () => resolve(undefined)));
    const bystander = await roomAccount("bystander");
    let messagesOut = 0;
    let bytesOut = 0;
    const statesPerSocket = new Map<WsSocket, number>();
    /** The statuses the last room_state to each flooding socket showed. */
    const lastStatuses = new Map<WsSocket, string[]>();
    for (const socket of [...floods, watcher]) {
      socket.on("message", (data: Buffer) => {
        const text = data.toString("utf8");
        if (!text.includes('"type":"room_')) return;
        messagesOut += 1;
        bytesOut += data.byteLength;
        if (!text.includes('"type":"room_state"')) return;
        statesPerSocket.set(socket, (statesPerSocket.get(socket) ?? 0) + 1);
        const members = (JSON.parse(text) as { room?: { members?: { status?: string }[] } }).room?.members ?? [];
        lastStatuses.set(socket, members.map((member) => member.status ?? ""));
      });
    }
    let framesIn = 0;
    const send = (socket: WsSocket, message: object) => {
      framesIn += 1;
      socket.send(JSON.stringify(message));
    };
    const flood = (async () => {
      for (const socket of floods) send(socket, { type: "room_join", slug, status: "A" });
      // Three seconds of status changes, ten a second from every socket: the attack itself.
      const end = Date.now() + 3000;
      let last = "A";
      for (let round = 0; Date.now() < end; round += 1) {
        last = round % 2 === 0 ? "B" : "A";
        for (const socket of floods) send(socket, { type: "room_status", status: `${last} ${"x".repeat(70)}` });
        await sleep(110);
      }
      // The last change is always sent: the flood is over once a member sees everyone's last status.
      const settled = () => [...lastStatuses.values()].some((statuses) => statuses.length > 0 && statuses.every((status) => status.startsWith(`${last} `)));
      await expect.poll(settled, { timeout: 20_000, interval: 50 }).toBe(true);
    })();
    const during = await bystanderDuring(() => roomCall({ path: "/api/me", cookie: bystander.cookie }), flood);
    expect([...during.statuses]).toEqual([200]);
    const mostStates = Math.max(...statesPerSocket.values());
    console.log(
      `[e2e room flood] frames in ${framesIn}; room messages out ${messagesOut} (${(bytesOut / 1024).toFixed(1)} KiB); most room_state to one socket ${mostStates}; ${during.line}`,
    );
    expect(mostStates).toBeLessThanOrEqual(7);
    expect(messagesOut).toBeLessThan(framesIn);
    for (const socket of sockets.splice(0)) socket.terminate();
  }, 60_000);

  it("shows an anonymous caller how many people are in a room, never who; empty spam rooms never push it off the list", async () => {
    const real = await roomAccount("realroom");
    const slug = await openRoom(real, "Real people");
    const member = await liveSocket(real.cookie);
    member.send(JSON.stringify({ type: "room_join", slug, status: "Thesis" }));
    await nextMessage(member, (m) => (m as { type: string }).type === "room_state");
    const spammers = await Promise.all(Array.from({ length: 17 }, () => roomAccount("spammer")));
    for (const spammer of spammers) for (let n = 0; n < 3; n++) await openRoom(spammer, `Spam ${n}`);
    // A fourth room is refused (409), and a burst of creates cannot pass the cap either.
    const burst = await Promise.all(Array.from({ length: 5 }, () => roomCall({ method: "POST", path: "/api/rooms", cookie: spammers[0]?.cookie, json: { name: "More", visibility: "public" } })));
    expect(burst.map((res) => res.status)).toEqual([409, 409, 409, 409, 409]);

    const anonymous = await roomCall({ path: "/api/rooms" });
    const list = json<{ slug: string; memberCount: number; members: unknown[]; ownerName: string | null }[]>(anonymous);
    // The real room comes before every spam room (the flood's room may still be above it).
    const realAt = list.findIndex((room) => room.slug === slug);
    expect(list[realAt]).toMatchObject({ memberCount: 1, members: [], ownerName: null });
    expect(list.slice(0, realAt).every((room) => room.memberCount > 0)).toBe(true);
    expect(anonymous.body).not.toContain(real.username);
    for (const spammer of spammers) expect(anonymous.body).not.toContain(spammer.username);
    const signedIn = json<{ members: { name: string }[] }[]>(await roomCall({ path: "/api/rooms", cookie: spammers[1]?.cookie }));
    expect(signedIn[realAt]?.members.map((m) => m.name)).toEqual([real.username]);

    // The admin hides a spam room: it leaves the list.
    const admin = sessionCookie(await roomCall({ method: "POST", path: "/api/login", localAddress: "127.0.9.250", json: ADMIN }));
    const spamSlug = list.find((room) => room.memberCount === 0)?.slug ?? "";
    expect((await roomCall({ method: "PUT", path: `/api/admin/rooms/${spamSlug}/hidden`, cookie: real.cookie, json: { hidden: true } })).status).toBe(403);
    expect((await roomCall({ method: "PUT", path: `/api/admin/rooms/${spamSlug}/hidden`, cookie: admin, json: { hidden: true } })).status).toBe(200);
    expect(json<{ slug: string }[]>(await roomCall({ path: "/api/rooms" })).map((room) => room.slug)).not.toContain(spamSlug);
  }, 60_000);
});
