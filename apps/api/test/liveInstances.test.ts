/**
 * Two API instances on one PostgreSQL database (`docs/api.md`, Live sync): a user's
 * timer relays between sockets on different instances through LISTEN/NOTIFY. PostgreSQL
 * only: on SQLite there is one process and no relay, so only the `api-pg` project runs this file.
 */
import { sql } from "kysely";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LIVE_CLOSE_CODES } from "../src/live/hub";
import { LIVE_RELAY_APPLICATION_NAME, PgLiveHub } from "../src/live/pgHub";
import { ADMIN_ENV, createTestApp, loginAdmin, registerUser, TEST_ENGINE, type TestApp, userRow } from "./helpers";
import { connect, eventually, EXTENSION_ORIGIN, listen, type LiveTestClient, nextOfType } from "./liveHelpers";

/** Both instances answer for this origin, as behind one load balancer. */
const PUBLIC_ORIGIN = "http://focus.test";

let commandIds = 0;
/** A `timer_commands` message with one command given now, from a device that has seen `baseVersion`. */
function commands(type: "start" | "pause" | "reset", baseVersion: number) {
  commandIds += 1;
  const id = `00000000-0000-4000-8000-${String(commandIds).padStart(12, "0")}`;
  return { type: "timer_commands", commands: [{ id, command: { type }, at: Date.now() }], baseVersion };
}


describe.skipIf(TEST_ENGINE !== "postgres")("two API instances on one PostgreSQL (LISTEN/NOTIFY relay)", () => {
  let t: TestApp;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let wsA: string;
  let wsB: string;
  const open: LiveTestClient[] = [];

  beforeEach(async () => {
    t = await createTestApp({ PUBLIC_ORIGIN });
    a = t.app;
    b = await t.rebuild();
    wsA = `${(await listen(a)).wsBase}/ws/timer`;
    wsB = `${(await listen(b)).wsBase}/ws/timer`;
  });
  afterEach(async () => {
    for (const client of open.splice(0)) client.ws.terminate();
    await t.close();
  });

  async function web(url: string, cookie: string): Promise<LiveTestClient> {
    const client = await connect(url, { cookie, origin: PUBLIC_ORIGIN });
    open.push(client);
    return client;
  }

  it("uses the PostgreSQL hub on both instances", () => {
    expect(a.liveHub).toBeInstanceOf(PgLiveHub);
    expect(b.liveHub).toBeInstanceOf(PgLiveHub);
    expect((a.liveHub as PgLiveHub).instanceId).not.toBe((b.liveHub as PgLiveHub).instanceId);
  });

  it("accepts a login made on instance A on instance B (secret and session store shared through the database)", async () => {
    const { cookie } = await registerUser(a);
    expect((await b.inject({ method: "GET", url: "/api/me", headers: { cookie } })).statusCode).toBe(200);
    // The cookie secret, and the VAPID key pair pushes are signed with (`src/push/vapid.ts`).
    const secrets = await a.db.selectFrom("app_secrets").select("name").orderBy("name").execute();
    expect(secrets).toEqual([{ name: "session" }, { name: "vapid" }]);
  });

  it("runs a command given on instance A and shows it on the user's socket on instance B; a new socket on B gets the timer", async () => {
    const { cookie } = await registerUser(a);
    const onA = await web(wsA, cookie);
    const onB = await web(wsB, cookie);
    const { timer } = await nextOfType(onA, "account_timer");
    await nextOfType(onB, "account_timer");

    onA.send(commands("start", timer.version));
    const seenOnB = await nextOfType(onB, "account_timer");
    expect(seenOnB.timer).toMatchObject({ status: "running", version: timer.version + 1 });
    expect((await nextOfType(onB, "timer_update")).timerState.isActive).toBe(true);

    const later = await web(wsB, cookie);
    expect((await nextOfType(later, "account_timer")).timer).toEqual(seenOnB.timer);
    // The commanding socket hears its own change once, with the reply.
    expect((await nextOfType(onA, "account_timer")).replies).toEqual([expect.objectContaining({ outcome: "applied" })]);
    expect(await onA.quiet(300)).toBe(true);
  });

  it("keeps two devices' commands on two instances in one order: the second sees the first's change", async () => {
    const { cookie } = await registerUser(a);
    const onA = await web(wsA, cookie);
    const onB = await web(wsB, cookie);
    const base = (await nextOfType(onA, "account_timer")).timer.version;
    await nextOfType(onB, "account_timer");
    onA.send(commands("start", base));
    // The same command from both, so whichever runs second finds the timer changed, in either order.
    onB.send(commands("start", base));
    // Each socket may first hear the other device's change (no replies) before its own answer.
    const replyTo = async (client: LiveTestClient) => {
      let message = await nextOfType(client, "account_timer");
      while (!message.replies) message = await nextOfType(client, "account_timer");
      return message.replies;
    };
    const [repliesA, repliesB] = await Promise.all([replyTo(onA), replyTo(onB)]);
    // Exactly one of the two ran: the other had not seen it and is stale.
    const outcomes = [...repliesA, ...repliesB].map((r) => r.outcome).sort();
    expect(outcomes).toEqual(["applied", "stale"]);
  });

  it("shows a visitor watching a focus room on instance B who joins and leaves it on instance A, at once", async () => {
    const { cookie, credentials } = await registerUser(a);
    const room = (await a.inject({ method: "POST", url: "/api/rooms", headers: { cookie, origin: PUBLIC_ORIGIN }, payload: { name: "Across", visibility: "link" } })).json();
    const watcher = await connect(`${wsB.replace("/ws/timer", "")}/ws/rooms/${room.slug}`, { origin: PUBLIC_ORIGIN });
    open.push(watcher);
    const named = await connect(`${wsB.replace("/ws/timer", "")}/ws/rooms/${room.slug}`, { origin: PUBLIC_ORIGIN, cookie });
    open.push(named);
    expect((await nextOfType(watcher, "room_state")).room.memberCount).toBe(0);
    expect((await nextOfType(named, "room_state")).room.members).toEqual([]);
    const onA = await web(wsA, cookie);
    onA.send({ type: "room_join", slug: room.slug, status: "Essay" });
    // A visitor gets the count, a signed-in viewer the names (`docs/rooms.md`, Who sees names).
    expect((await nextOfType(watcher, "room_state")).room).toMatchObject({ memberCount: 1, members: [] });
    expect((await nextOfType(named, "room_state")).room.members).toEqual([{ name: credentials.username, status: "Essay", limitReached: false, checkIn: null }]);
    onA.send({ type: "room_leave" });
    // States go out at most once a second per room (the latest).
    expect((await nextOfType(watcher, "room_state", 2500)).room.memberCount).toBe(0);
  });

  it("keeps users apart across instances", async () => {
    const alice = await registerUser(a);
    const bob = await registerUser(b);
    const aliceOnA = await web(wsA, alice.cookie);
    const bobOnB = await web(wsB, bob.cookie);
    await nextOfType(bobOnB, "timer_update");
    const { timer } = await nextOfType(aliceOnA, "account_timer");
    aliceOnA.send(commands("start", timer.version));
    await nextOfType(aliceOnA, "account_timer");
    expect(await bobOnB.quiet(300)).toBe(true);
  });

  it("closes a deleted user's sockets on every instance", async () => {
    const { cookie, res } = await registerUser(a);
    const userId = (res.json() as { user: { id: number } }).user.id;
    const onB = await web(wsB, cookie);
    await web(wsA, cookie);
    a.liveHub.closeUser(userId);
    expect((await onB.closed).code).toBe(LIVE_CLOSE_CODES.unauthorized);
  });

  it("closes the sockets of a login session logged out on another instance, and a revoked device's", async () => {
    const { cookie } = await registerUser(a);
    const onB = await web(wsB, cookie);
    const logout = await a.inject({ method: "POST", url: "/api/logout", headers: { cookie, origin: PUBLIC_ORIGIN } });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await onB.closed).code).toBe(LIVE_CLOSE_CODES.unauthorized);

    const other = await registerUser(a);
    const paired = await a.inject({
      method: "POST",
      url: "/api/linked-devices",
      headers: { cookie: other.cookie, origin: PUBLIC_ORIGIN },
      payload: { name: "Chrome" },
    });
    const device = paired.json() as { id: number; token: string };
    const extension = await connect(`${wsB}?token=${encodeURIComponent(device.token)}`, { origin: EXTENSION_ORIGIN });
    open.push(extension);
    a.liveHub.closeDevice(device.id, LIVE_CLOSE_CODES.devicePaused, "This device is paused");
    expect(await extension.closed).toEqual({ code: LIVE_CLOSE_CODES.devicePaused, reason: "This device is paused" });
  });

  it("reconnects its LISTEN connection after PostgreSQL drops it, and relays again", async () => {
    const { cookie } = await registerUser(a);
    const onA = await web(wsA, cookie);
    const onB = await web(wsB, cookie);
    const { timer } = await nextOfType(onA, "account_timer");
    await nextOfType(onB, "timer_update");
    const hubA = a.liveHub as PgLiveHub;
    const hubB = b.liveHub as PgLiveHub;

    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and application_name = ${LIVE_RELAY_APPLICATION_NAME}`.execute(a.db);
    await eventually(() => !hubA.listening || !hubB.listening);
    await eventually(() => hubA.listening && hubB.listening);

    onA.send(commands("start", timer.version));
    expect((await nextOfType(onB, "account_timer")).timer.status).toBe("running");
  });
});

describe.skipIf(TEST_ENGINE !== "postgres")("login session cache across two instances (focus_auth NOTIFY)", () => {
  let t: TestApp;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeEach(async () => {
    // A cache far longer than the test: only the NOTIFY can make instance B forget in time.
    t = await createTestApp({ ...ADMIN_ENV, PUBLIC_ORIGIN, SESSION_CACHE_MS: "60000" });
    a = t.app;
    b = await t.rebuild();
  });
  afterEach(async () => t.close());

  const me = (app: FastifyInstance, cookie: string) => app.inject({ method: "GET", url: "/api/me", headers: { cookie } });

  it("ends on instance B a session logged out on instance A, though B had it cached", async () => {
    const { cookie } = await registerUser(a);
    expect((await me(b, cookie)).statusCode).toBe(200);
    const out = await a.inject({ method: "POST", url: "/api/logout", headers: { cookie, origin: PUBLIC_ORIGIN } });
    expect(out.statusCode).toBe(200);
    await eventually(async () => (await me(b, cookie)).statusCode === 401);
  });

  it("shows on instance B a plan change the admin made on instance A", async () => {
    const { cookie, credentials } = await registerUser(a);
    expect((await me(b, cookie)).json().user.subscriptionPlan).toBe("free");
    const { id } = await userRow(a, credentials.username);
    const admin = await loginAdmin(a);
    const activated = await a.inject({
      method: "POST",
      url: `/api/subscription/activate/${id}`,
      headers: { cookie: admin, origin: PUBLIC_ORIGIN },
    });
    expect(activated.statusCode).toBe(200);
    await eventually(async () => (await me(b, cookie)).json().user.subscriptionPlan === "premium");
  });

  it("forgets on both instances a change made to the database by another client", async () => {
    const { cookie, credentials } = await registerUser(a);
    expect((await me(a, cookie)).statusCode).toBe(200);
    expect((await me(b, cookie)).statusCode).toBe(200);
    // Raw SQL: not seen by either instance's query plugin, only by the row trigger's NOTIFY.
    await sql`update users set email = ${"changed@example.com"} where username = ${credentials.username}`.execute(a.db);
    for (const app of [a, b]) {
      await eventually(async () => (await me(app, cookie)).json().user.email === "changed@example.com");
    }
  });
});
