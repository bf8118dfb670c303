import { type LiveMessage } from "@focus/core/protocol";
import { ROOM_EMPTY_CLOSE_MS } from "@focus/core/rooms";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ROOM_CLOSED_BY_OWNER, ROOM_GONE_MESSAGE, ROOM_LEFT_MESSAGE } from "../src/live/rooms";
import { createTestApp, registerUser, runClockFrom, type TestApp } from "./helpers";
import { connect, listen, refusal, type LiveTestClient } from "./liveHelpers";

type RoomState = Extract<LiveMessage, { type: "room_state" }>;

/** How often a room's state may go out in these tests, ms (1 s in production). */
const TEST_ROOM_STATE_INTERVAL_MS = 50;

describe("focus rooms", () => {
  let t: TestApp;
  let origin: string;
  let url: string;
  let wsBase: string;
  const open: LiveTestClient[] = [];

  beforeEach(async () => {
    // Noon UTC: sessions recorded an hour or so back are today's (the Free plan's day), whatever the wall clock's hour.
    runClockFrom("2026-12-02T12:00:00Z");
    // A room's state goes out every 50 ms here, not every second: these tests wait for the
    // states the members see, not for the limit (roomAbuse.test.ts holds the room to its second).
    t = await createTestApp({ ROOM_STATE_INTERVAL_MS: String(TEST_ROOM_STATE_INTERVAL_MS) });
    const listening = await listen(t.app);
    origin = listening.origin;
    wsBase = listening.wsBase;
    url = `${listening.wsBase}/ws/timer`;
  });
  afterEach(async () => {
    for (const client of open.splice(0)) client.ws.terminate();
    await t.close();
    vi.unstubAllGlobals();
  });

  async function live(cookie: string): Promise<LiveTestClient> {
    const client = await connect(url, { cookie, origin });
    open.push(client);
    return client;
  }

  /** A `/ws/rooms/<slug>` socket from the app's page, without a cookie (a visitor's) unless given one. */
  async function watch(slug: string, cookie?: string): Promise<LiveTestClient> {
    const client = await connect(`${wsBase}/ws/rooms/${slug}`, { origin, ...(cookie === undefined ? {} : { cookie }) });
    open.push(client);
    return client;
  }

  /**
   * The next `room_state` (or room_error/room_closed) a client receives, skipping the timer sync
   * and `room_membership_changed` (the account joined a room on another connection).
   */
  async function nextRoomMessage(client: LiveTestClient): Promise<LiveMessage> {
    for (;;) {
      const message = await client.next();
      if (message.type.startsWith("room_") && message.type !== "room_membership_changed") return message;
    }
  }

  /** The first `room_state` that `matches` (a room's state is sent at most once an interval, the latest). */
  async function stateWhere(client: LiveTestClient, matches: (state: RoomState) => boolean): Promise<RoomState> {
    for (;;) {
      const message = await nextRoomMessage(client);
      if (message.type === "room_state" && matches(message)) return message;
    }
  }

  function createRoom(cookie: string, body: object = { name: "Morning writers", visibility: "public" }) {
    return t.app.inject({ method: "POST", url: "/api/rooms", headers: { cookie }, payload: body });
  }

  it("opens a room whose first focus round starts now, listed for everyone, and reached by its link", async () => {
    const owner = await registerUser(t.app);
    const before = Date.now();
    const res = await createRoom(owner.cookie, { name: "  Morning writers ", visibility: "public", focusMinutes: 50, breakMinutes: 10 });
    expect(res.statusCode).toBe(201);
    const room = res.json();
    expect(room).toMatchObject({ name: "Morning writers", visibility: "public", isOwner: true, focusMinutes: 50, breakMinutes: 10, endedAt: null, members: [] });
    expect(room.slug).toMatch(/^[A-Za-z0-9_-]{10}$/);
    expect(room.round).toMatchObject({ index: 0, phase: "focus" });
    expect(room.round.startedAt).toBeGreaterThanOrEqual(before);
    expect(room.round.endsAt - room.round.startedAt).toBe(50 * 60_000);
    expect(room.ownerName).toBe(owner.credentials.username);

    // A visitor sees it in the list; a link room is not listed but opens by its link.
    const link = (await createRoom(owner.cookie, { name: "Just us", visibility: "link" })).json();
    const list = await t.app.inject({ method: "GET", url: "/api/rooms" });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((r: { slug: string }) => r.slug)).toEqual([room.slug]);
    expect(list.json()[0].isOwner).toBe(false);
    const byLink = await t.app.inject({ method: "GET", url: `/api/rooms/${link.slug}` });
    expect(byLink.json()).toMatchObject({ name: "Just us", visibility: "link", isOwner: false });
    expect((await t.app.inject({ method: "GET", url: "/api/rooms/AAAAAAAAAA" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/rooms/..%2F..%2Fx" })).statusCode).toBe(404);
  });

  it("refuses a visitor, bad input, and a fourth open room, each with a clear message", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/rooms", payload: { name: "x", visibility: "public" } })).statusCode).toBe(401);
    const owner = await registerUser(t.app);
    for (const [body, message] of [
      [{ name: " ", visibility: "public" }, "Name is required"],
      [{ name: "A", visibility: "secret" }, "visibility must be public or link"],
      [{ name: "A", visibility: "public", focusMinutes: 7 }, "Focus rounds last a multiple of 5 minutes"],
      [{ name: "A", visibility: "public", breakMinutes: 30 }, "Breaks last 1 to 15 minutes"],
      [{ name: "x".repeat(61), visibility: "public" }, "Name must be at most 60 characters"],
    ] as const) {
      const res = await createRoom(owner.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    for (let n = 0; n < 3; n++) expect((await createRoom(owner.cookie)).statusCode).toBe(201);
    const fourth = await createRoom(owner.cookie);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe("You already have 3 open rooms. End one to open another.");
  });

  it("shows who is in the room to everyone in it, with their status; leaving and closing the tab take them out", async () => {
    const ada = await registerUser(t.app);
    const bo = await registerUser(t.app);
    const room = (await createRoom(ada.cookie)).json();
    const adaLive = await live(ada.cookie);
    adaLive.send({ type: "room_join", slug: room.slug, status: "Chapter 3" });
    const first = (await nextRoomMessage(adaLive)) as RoomState;
    expect(first.type).toBe("room_state");
    expect(first.room.members).toEqual([{ name: ada.credentials.username, status: "Chapter 3", limitReached: false, checkIn: null }]);
    expect(first.room.round).toEqual(room.round);

    const boLive = await live(bo.cookie);
    boLive.send({ type: "room_join", slug: room.slug });
    const seenByBo = (await nextRoomMessage(boLive)) as RoomState;
    expect(seenByBo.room.members.map((m) => m.name)).toEqual([ada.credentials.username, bo.credentials.username]);
    // Same round, same end: the room's clock.
    expect(seenByBo.room.round.endsAt).toBe(room.round.endsAt);
    expect(((await nextRoomMessage(adaLive)) as RoomState).room.members).toHaveLength(2);

    boLive.send({ type: "room_status", status: "Taxes" });
    expect(((await nextRoomMessage(adaLive)) as RoomState).room.members[1]).toEqual({ name: bo.credentials.username, status: "Taxes", limitReached: false, checkIn: null });
    await nextRoomMessage(boLive);
    // A status change keeps the order of joining.
    adaLive.send({ type: "room_status", status: "Chapter 4" });
    expect(((await nextRoomMessage(boLive)) as RoomState).room.members).toEqual([
      { name: ada.credentials.username, status: "Chapter 4", limitReached: false, checkIn: null },
      { name: bo.credentials.username, status: "Taxes", limitReached: false, checkIn: null },
    ]);
    await nextRoomMessage(adaLive);
    // The room's page shows them too, by name to a signed-in user, as a count to a visitor.
    const listed = (await t.app.inject({ method: "GET", url: `/api/rooms/${room.slug}`, headers: { cookie: bo.cookie } })).json();
    expect(listed.members).toHaveLength(2);
    const anonymous = (await t.app.inject({ method: "GET", url: `/api/rooms/${room.slug}` })).json();
    expect(anonymous).toMatchObject({ memberCount: 2, members: [], ownerName: null });

    boLive.send({ type: "room_leave" });
    expect(((await nextRoomMessage(adaLive)) as RoomState).room.members).toEqual([{ name: ada.credentials.username, status: "Chapter 4", limitReached: false, checkIn: null }]);
    boLive.send({ type: "room_join", slug: room.slug });
    await nextRoomMessage(adaLive);
    boLive.ws.close();
    expect(((await nextRoomMessage(adaLive)) as RoomState).room.members).toHaveLength(1);
  });

  it("shows each member's check-in on the focus round that just ended to the room during its break, and never to a visitor", async () => {
    const ada = await registerUser(t.app);
    const bo = await registerUser(t.app);
    const room = (await createRoom(ada.cookie)).json();
    const adaLive = await live(ada.cookie);
    const boLive = await live(bo.cookie);
    // During a focus round there is nothing to check in on: the answer is not shown.
    adaLive.send({ type: "room_join", slug: room.slug });
    expect(((await nextRoomMessage(adaLive)) as RoomState).room.round.phase).toBe("focus");
    adaLive.send({ type: "room_check_in", outcome: "done" });
    adaLive.send({ type: "room_status", status: "Chapter 3" });
    expect((await stateWhere(adaLive, (state) => state.room.members[0]?.status === "Chapter 3")).room.members[0]?.checkIn).toBeNull();
    // The room opened at 11:34 on the test's day (the clock runs from noon UTC): its first focus
    // round ended a minute ago and its break runs (a join reads the room again).
    await t.app.db.updateTable("rooms").set({ started_at: "2026-12-02T11:34:00.000Z" }).where("slug", "=", room.slug).execute();
    boLive.send({ type: "room_join", slug: room.slug });
    const joined = (await nextRoomMessage(boLive)) as RoomState;
    expect(joined.room.round).toMatchObject({ phase: "break", index: 1 });
    boLive.send({ type: "room_check_in", outcome: "stuck" });
    const seen = await stateWhere(adaLive, (state) => state.room.members[1]?.checkIn !== null);
    expect(seen.room.members).toEqual([
      { name: ada.credentials.username, status: "Chapter 3", limitReached: false, checkIn: null },
      { name: bo.credentials.username, status: "", limitReached: false, checkIn: "stuck" },
    ]);
    // Changed to "partly": the room sees the latest.
    boLive.send({ type: "room_check_in", outcome: "partly" });
    expect((await stateWhere(adaLive, (state) => state.room.members[1]?.checkIn === "partly")).room.members[1]?.name).toBe(bo.credentials.username);
    // A visitor sees how many people, no names and no check-ins.
    const visitor = (await t.app.inject({ method: "GET", url: `/api/rooms/${room.slug}` })).json();
    expect(visitor).toMatchObject({ memberCount: 2, members: [] });
    // A malformed check-in is refused as such and changes nothing.
    boLive.send({ type: "room_check_in", outcome: "great" });
    boLive.send({ type: "room_status", status: "Taxes" });
    expect((await stateWhere(adaLive, (state) => state.room.members[1]?.status === "Taxes")).room.members[1]?.checkIn).toBe("partly");
  });

  it("shows a member's check-in again after a reload in the break, read from their session of that round", async () => {
    const ada = await registerUser(t.app);
    const bo = await registerUser(t.app);
    const room = (await createRoom(ada.cookie)).json();
    // The room opened at 11:34: its first focus round ran to 11:59 and its break runs now.
    await t.app.db.updateTable("rooms").set({ started_at: "2026-12-02T11:34:00.000Z" }).where("slug", "=", room.slug).execute();
    const round = { startTime: "2026-12-02T11:34:00.000Z", duration: 25 * 60, type: "focus", completed: true };
    const recorded = await t.app.inject({ method: "POST", url: "/api/sessions", headers: { cookie: bo.cookie }, payload: round });
    expect(recorded.statusCode).toBe(201);
    // An earlier session of Bo's, answered, that is not this round's.
    const earlier = { startTime: "2026-12-02T09:00:00.000Z", duration: 25 * 60, type: "focus", completed: true };
    const earlierId = (await t.app.inject({ method: "POST", url: "/api/sessions", headers: { cookie: bo.cookie }, payload: earlier })).json().id;
    await t.app.inject({ method: "PATCH", url: `/api/sessions/${earlierId}`, headers: { cookie: bo.cookie }, payload: { outcome: "stuck" } });
    const adaLive = await live(ada.cookie);
    adaLive.send({ type: "room_join", slug: room.slug });
    await nextRoomMessage(adaLive);
    // Bo joins before answering: no check-in (the earlier session's answer is not this round's).
    let boLive = await live(bo.cookie);
    boLive.send({ type: "room_join", slug: room.slug });
    expect(((await stateWhere(adaLive, (state) => state.room.members.length === 2)).room.members[1])).toMatchObject({ name: bo.credentials.username, checkIn: null });
    // Bo answers, as the page does: to the room and on the round's session.
    boLive.send({ type: "room_check_in", outcome: "done" });
    await t.app.inject({ method: "PATCH", url: `/api/sessions/${recorded.json().id}`, headers: { cookie: bo.cookie }, payload: { outcome: "done" } });
    await stateWhere(adaLive, (state) => state.room.members[1]?.checkIn === "done");
    // A reload: the connection goes, a new one joins in the same break.
    boLive.ws.terminate();
    await stateWhere(adaLive, (state) => state.room.members.length === 1);
    boLive = await live(bo.cookie);
    boLive.send({ type: "room_join", slug: room.slug });
    const back = await stateWhere(adaLive, (state) => state.room.members.length === 2);
    expect(back.room.members[1]).toEqual({ name: bo.credentials.username, status: "", limitReached: false, checkIn: "done" });
  });

  it("keeps the account in one room on every device: a join from the room's page makes it the account's and tells the other devices; leaving on one leaves on all", async () => {
    const ada = await registerUser(t.app);
    const room = (await createRoom(ada.cookie)).json();
    const accountRoom = async () => (await t.app.inject({ method: "GET", url: "/api/me/room", headers: { cookie: ada.cookie } })).json();
    /** The next message of `type` the client gets, skipping the others (the timer's sync). */
    async function nextOfType(client: LiveTestClient, type: LiveMessage["type"]): Promise<LiveMessage> {
      for (;;) {
        const message = await client.next();
        if (message.type === type) return message;
      }
    }
    expect(await accountRoom()).toEqual({ room: null });
    const laptop = await live(ada.cookie);
    const phone = await live(ada.cookie);
    // A rejoin of a room the account is not in is refused: only the room's page puts it in one.
    phone.send({ type: "room_join", slug: room.slug, rejoin: true });
    expect(await nextRoomMessage(phone)).toEqual({ type: "room_error", slug: room.slug, message: ROOM_LEFT_MESSAGE });
    laptop.send({ type: "room_join", slug: room.slug });
    expect(((await nextRoomMessage(laptop)) as RoomState).room.members).toHaveLength(1);
    // The phone is told, reads the account's room, and follows it.
    await nextOfType(phone, "room_membership_changed");
    expect(await accountRoom()).toEqual({ room: { slug: room.slug, name: "Morning writers" } });
    phone.send({ type: "room_join", slug: room.slug, rejoin: true });
    expect(((await nextRoomMessage(phone)) as RoomState).room.members).toEqual([{ name: ada.credentials.username, status: "", limitReached: false, checkIn: null }]);
    // Left on the phone: the server takes the account out and tells the laptop, whose next join (a reconnection) is refused.
    const left = await t.app.inject({ method: "DELETE", url: "/api/me/room", headers: { cookie: ada.cookie } });
    expect(left.json()).toEqual({ room: null });
    await nextOfType(laptop, "room_membership_changed");
    expect(await accountRoom()).toEqual({ room: null });
    const reconnected = await live(ada.cookie);
    reconnected.send({ type: "room_join", slug: room.slug, rejoin: true });
    expect(await nextRoomMessage(reconnected)).toEqual({ type: "room_error", slug: room.slug, message: ROOM_LEFT_MESSAGE });
    // A room that ended is no account's room.
    laptop.send({ type: "room_join", slug: room.slug });
    await vi.waitFor(async () => expect((await accountRoom()).room).not.toBeNull());
    await t.app.inject({ method: "POST", url: `/api/rooms/${room.slug}/end`, headers: { cookie: ada.cookie } });
    expect(await accountRoom()).toEqual({ room: null });
    // Signed out: no account, no room.
    expect((await t.app.inject({ method: "GET", url: "/api/me/room" })).statusCode).toBe(401);
  });

  it("counts one user with two tabs once, and refuses a room that does not exist", async () => {
    const ada = await registerUser(t.app);
    const room = (await createRoom(ada.cookie)).json();
    const tab1 = await live(ada.cookie);
    const tab2 = await live(ada.cookie);
    tab1.send({ type: "room_join", slug: room.slug });
    await nextRoomMessage(tab1);
    tab2.send({ type: "room_join", slug: room.slug });
    expect(((await nextRoomMessage(tab2)) as RoomState).room.members).toHaveLength(1);
    // A second tab changes nothing the room shows, so tab 1 is told nothing.
    // The status shown is the one set last, from either tab.
    tab2.send({ type: "room_status", status: "From tab 2" });
    expect(((await nextRoomMessage(tab1)) as RoomState).room.members).toEqual([{ name: ada.credentials.username, status: "From tab 2", limitReached: false, checkIn: null }]);
    await nextRoomMessage(tab2);
    tab1.send({ type: "room_status", status: "From tab 1" });
    expect(((await nextRoomMessage(tab2)) as RoomState).room.members).toEqual([{ name: ada.credentials.username, status: "From tab 1", limitReached: false, checkIn: null }]);
    await nextRoomMessage(tab1);
    tab2.send({ type: "room_join", slug: "AAAAAAAAAA" });
    expect(await nextRoomMessage(tab2)).toEqual({ type: "room_error", slug: "AAAAAAAAAA", message: ROOM_GONE_MESSAGE });
  });

  it("lets only the owner end the room: its members are told and it leaves the list", async () => {
    const ada = await registerUser(t.app);
    const bo = await registerUser(t.app);
    const room = (await createRoom(ada.cookie)).json();
    const boLive = await live(bo.cookie);
    boLive.send({ type: "room_join", slug: room.slug });
    await nextRoomMessage(boLive);
    const refused = await t.app.inject({ method: "POST", url: `/api/rooms/${room.slug}/end`, headers: { cookie: bo.cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only the room's owner can end it.");
    const ended = await t.app.inject({ method: "POST", url: `/api/rooms/${room.slug}/end`, headers: { cookie: ada.cookie } });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().endedAt).toEqual(expect.any(Number));
    expect(await nextRoomMessage(boLive)).toEqual({ type: "room_closed", slug: room.slug, reason: ROOM_CLOSED_BY_OWNER });
    expect((await t.app.inject({ method: "GET", url: "/api/rooms" })).json()).toEqual([]);
    boLive.send({ type: "room_join", slug: room.slug });
    expect(await nextRoomMessage(boLive)).toMatchObject({ type: "room_error", message: ROOM_GONE_MESSAGE });
  });

  it("closes a room nobody has been in for 10 minutes, and keeps one with a member", async () => {
    const ada = await registerUser(t.app);
    const empty = (await createRoom(ada.cookie)).json();
    const busy = (await createRoom(ada.cookie, { name: "Busy", visibility: "public" })).json();
    const adaLive = await live(ada.cookie);
    adaLive.send({ type: "room_join", slug: busy.slug });
    await nextRoomMessage(adaLive);
    // Nine minutes on, nothing closes; eleven minutes on, the empty one does.
    expect(await t.app.rooms.sweep(Date.now() + ROOM_EMPTY_CLOSE_MS - 60_000)).toBe(0);
    expect(await t.app.rooms.sweep(Date.now() + ROOM_EMPTY_CLOSE_MS + 60_000)).toBe(1);
    const list = (await t.app.inject({ method: "GET", url: "/api/rooms" })).json();
    expect(list.map((r: { slug: string }) => r.slug)).toEqual([busy.slug]);
    const closed = (await t.app.inject({ method: "GET", url: `/api/rooms/${empty.slug}` })).json();
    expect(closed.endedAt).toEqual(expect.any(Number));
  });

  it("pushes who is there to a visitor watching the room, at once and on every join and leave, and tells them it ended", async () => {
    const ada = await registerUser(t.app);
    const bo = await registerUser(t.app);
    const room = (await createRoom(ada.cookie)).json();
    const visitor = await watch(room.slug);
    const signedIn = await watch(room.slug, bo.cookie);
    const first = (await visitor.next()) as RoomState;
    expect(first).toMatchObject({ type: "room_state", room: { slug: room.slug, members: [], memberCount: 0, ownerName: null } });
    expect(Math.abs(first.serverNow - Date.now())).toBeLessThan(1000);
    expect(((await signedIn.next()) as RoomState).room.ownerName).toBe(ada.credentials.username);

    const adaLive = await live(ada.cookie);
    adaLive.send({ type: "room_join", slug: room.slug, status: "Chapter 3" });
    // The visitor gets how many people are there, never who; a signed-in viewer gets names.
    expect(((await visitor.next()) as RoomState).room).toMatchObject({ memberCount: 1, members: [] });
    expect(((await signedIn.next()) as RoomState).room.members).toEqual([{ name: ada.credentials.username, status: "Chapter 3", limitReached: false, checkIn: null }]);
    // Leaving and closing the tab each show in the room's next state.
    adaLive.send({ type: "room_leave" });
    expect(((await visitor.next()) as RoomState).room.memberCount).toBe(0);
    adaLive.send({ type: "room_join", slug: room.slug });
    expect(((await visitor.next()) as RoomState).room.memberCount).toBe(1);
    adaLive.ws.close();
    expect(((await visitor.next()) as RoomState).room.memberCount).toBe(0);

    // A ping is answered with the server's clock; anything else it sends is ignored.
    visitor.send({ type: "room_join", slug: room.slug });
    visitor.send({ type: "ping", sentAt: 42 });
    const pong = await visitor.next();
    expect(pong).toMatchObject({ type: "pong", sentAt: 42 });
    expect(Math.abs(((pong as { serverNow: number }).serverNow) - Date.now())).toBeLessThan(1000);
    expect(await visitor.quiet()).toBe(true);
    expect(((await t.app.inject({ method: "GET", url: `/api/rooms/${room.slug}` })).json() as { members: unknown[] }).members).toEqual([]);

    await t.app.inject({ method: "POST", url: `/api/rooms/${room.slug}/end`, headers: { cookie: ada.cookie } });
    expect(await visitor.next()).toEqual({ type: "room_closed", slug: room.slug, reason: ROOM_CLOSED_BY_OWNER });
    expect((await visitor.closed).code).toBe(1000);
  });

  it("refuses to show a room to another origin, and says when it does not exist or has ended", async () => {
    const ada = await registerUser(t.app);
    const room = (await createRoom(ada.cookie)).json();
    expect(await refusal(`${wsBase}/ws/rooms/${room.slug}`, { origin: "https://evil.example" })).toEqual({
      status: 403,
      body: { message: `This page was opened at https://evil.example, but Focus Flow runs at ${origin}. Open ${origin} instead.` },
    });
    expect(await refusal(`${wsBase}/ws/rooms/AAAAAAAAAA`, { origin })).toEqual({ status: 404, body: { message: "Room not found" } });
    await t.app.inject({ method: "POST", url: `/api/rooms/${room.slug}/end`, headers: { cookie: ada.cookie } });
    expect(await refusal(`${wsBase}/ws/rooms/${room.slug}`, { origin })).toEqual({ status: 410, body: { message: "This room has ended." } });
    const plain = await t.app.inject({ method: "GET", url: `/ws/rooms/${room.slug}` });
    expect(plain.statusCode).toBe(426);
  });

  it("shows a Free-plan member whose focus sessions of the day are used up as kept out of the focus round", async () => {
    const ada = await registerUser(t.app);
    const bo = await registerUser(t.app);
    const cy = await registerUser(t.app);
    // Bo and Cy are on the Free plan; Bo has completed today's two focus sessions, Cy one.
    for (const user of [bo, cy]) {
      await t.app.db.updateTable("users").set({ trial_end_date: new Date(Date.now() - 86_400_000).toISOString() }).where("username", "=", user.credentials.username).execute();
    }
    const doneAgo = (minutes: number) => ({ startTime: new Date(Date.now() - (minutes + 25) * 60_000).toISOString(), duration: 1500, type: "focus", completed: true });
    for (const [user, sessions] of [[bo, [doneAgo(1), doneAgo(2)]], [cy, [doneAgo(1)]]] as const) {
      for (const payload of sessions) {
        const res = await t.app.inject({ method: "POST", url: "/api/sessions", headers: { cookie: user.cookie, "x-time-zone": "UTC" }, payload });
        expect(res.statusCode).toBe(201);
      }
    }
    const room = (await createRoom(ada.cookie)).json();
    const visitor = await watch(room.slug, ada.cookie);
    await visitor.next();
    for (const user of [ada, bo, cy]) {
      const client = await connect(`${url}?tz=UTC`, { cookie: user.cookie, origin });
      open.push(client);
      client.send({ type: "room_join", slug: room.slug, status: "Tax return" });
      await visitor.next();
    }
    const seen = ((await t.app.inject({ method: "GET", url: `/api/rooms/${room.slug}`, headers: { cookie: ada.cookie } })).json() as { members: { name: string; limitReached: boolean }[] }).members;
    expect(seen.map((m) => [m.name, m.limitReached])).toEqual([
      [ada.credentials.username, false],
      [bo.credentials.username, true],
      [cy.credentials.username, false],
    ]);
    expect((visitor.received.at(-1) as RoomState).room.members.map((m) => m.limitReached)).toEqual([false, true, false]);
  });

  it("checks the daily limit again when a round begins: a member who used up the day shows so from then on", async () => {
    const ada = await registerUser(t.app);
    const cy = await registerUser(t.app);
    await t.app.db.updateTable("users").set({ trial_end_date: new Date(Date.now() - 86_400_000).toISOString() }).where("username", "=", cy.credentials.username).execute();
    const doneAgo = (minutes: number) => ({ startTime: new Date(Date.now() - (minutes + 25) * 60_000).toISOString(), duration: 1500, type: "focus", completed: true });
    const record = (minutes: number) => t.app.inject({ method: "POST", url: "/api/sessions", headers: { cookie: cy.cookie, "x-time-zone": "UTC" }, payload: doneAgo(minutes) });
    expect((await record(30)).statusCode).toBe(201);
    const room = (await createRoom(ada.cookie)).json();
    // The room's first focus round ends in a second and a half.
    await t.app.db.updateTable("rooms").set({ started_at: new Date(Date.now() - 25 * 60_000 + 1500).toISOString() }).where("slug", "=", room.slug).execute();
    const cyLive = await live(cy.cookie);
    cyLive.send({ type: "room_join", slug: room.slug });
    expect(((await nextRoomMessage(cyLive)) as RoomState).room.members).toEqual([{ name: cy.credentials.username, status: "", limitReached: false, checkIn: null }]);
    // Cy completes her second free session of the day (say, in another tab) before the round ends.
    expect((await record(1)).statusCode).toBe(201);
    const updated = await stateWhere(cyLive, (state) => state.room.members[0]?.limitReached === true);
    expect(updated.room.round.phase).toBe("break");
    expect(updated.room.members).toEqual([{ name: cy.credentials.username, status: "", limitReached: true, checkIn: null }]);
  });
});
