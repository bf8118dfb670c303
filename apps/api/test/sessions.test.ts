import { DATA_EXPORT_VERSION, DEFAULT_SETTINGS, NEXT_CURSOR_HEADER } from "@focus/core/schemas";
import { afterEach, describe, expect, it } from "vitest";
import { ADMIN_ENV, createTestApp, loginAdmin, registerUser, type TestApp } from "./helpers";

describe("focus sessions", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  async function post(cookie: string, payload: object) {
    return t.app.inject({ method: "POST", url: "/api/sessions", headers: { cookie }, payload });
  }

  it("records a session and answers 201 with it", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const res = await post(cookie, { startTime: "2026-03-01T09:00:00.000Z", duration: 1500, type: "focus", completed: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      startTime: "2026-03-01T09:00:00.000Z",
      duration: 1500,
      type: "focus",
      completed: true,
    });
  });

  it("stores start times with an offset as UTC", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const res = await post(cookie, { startTime: "2026-03-01T11:00:00+02:00", duration: 300, type: "break", completed: false });
    expect(res.json().startTime).toBe("2026-03-01T09:00:00.000Z");
  });

  it("lists the user's sessions newest first", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    await post(cookie, { startTime: "2026-03-01T09:00:00Z", duration: 1500, type: "focus", completed: true });
    await post(cookie, { startTime: "2026-03-03T09:00:00Z", duration: 300, type: "break", completed: true });
    await post(cookie, { startTime: "2026-03-02T09:00:00Z", duration: 1500, type: "focus", completed: false });
    const res = await t.app.inject({ method: "GET", url: "/api/sessions", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: { startTime: string }) => s.startTime)).toEqual([
      "2026-03-03T09:00:00.000Z",
      "2026-03-02T09:00:00.000Z",
      "2026-03-01T09:00:00.000Z",
    ]);
  });

  /** Imports `count` sessions a minute apart (all starting at distinct times), returns nothing. */
  async function importSessions(cookie: string, count: number, start = Date.UTC(2026, 0, 1)) {
    const sessions = Array.from({ length: count }, (_, i) => ({
      startTime: new Date(start + i * 60_000).toISOString(),
      duration: 60,
      type: "focus" as const,
      completed: true,
    }));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/import",
      headers: { cookie },
      payload: { version: DATA_EXPORT_VERSION, exportedAt: new Date().toISOString(), settings: DEFAULT_SETTINGS, sessions },
    });
    expect(res.json()).toMatchObject({ imported: count });
  }

  it("lists in pages of 1,000, newest first: X-Next-Cursor leads to the next page until the last, with no session twice", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    await importSessions(cookie, 2500);
    // Two sessions with the same start: the cursor tells them apart by id.
    await post(cookie, { startTime: "2026-01-01T00:00:00.000Z", duration: 120, type: "break", completed: true });

    const pages: { startTime: string; id: number }[][] = [];
    let url = "/api/sessions";
    for (;;) {
      const res = await t.app.inject({ method: "GET", url, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      pages.push(res.json());
      const next = res.headers[NEXT_CURSOR_HEADER.toLowerCase()];
      if (next === undefined) break;
      url = `/api/sessions?cursor=${encodeURIComponent(String(next))}`;
    }
    expect(pages.map((page) => page.length)).toEqual([1000, 1000, 501]);
    const all = pages.flat();
    expect(new Set(all.map((s) => s.id)).size).toBe(2501);
    expect(all[0]?.startTime).toBe(new Date(Date.UTC(2026, 0, 1) + 2499 * 60_000).toISOString());
    const sorted = [...all].sort((a, b) => b.startTime.localeCompare(a.startTime) || b.id - a.id);
    expect(all).toEqual(sorted);
    expect(all.slice(-2).map((s) => s.startTime)).toEqual(["2026-01-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z"]);
  });

  it("takes a smaller page size, and refuses a page size or cursor it did not make with 400", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    await importSessions(cookie, 5);
    const first = await t.app.inject({ method: "GET", url: "/api/sessions?limit=2", headers: { cookie } });
    expect(first.json()).toHaveLength(2);
    const cursor = String(first.headers["x-next-cursor"]);
    const second = await t.app.inject({ method: "GET", url: `/api/sessions?limit=2&cursor=${encodeURIComponent(cursor)}`, headers: { cookie } });
    expect(second.json().map((s: { startTime: string }) => s.startTime)).toEqual([
      new Date(Date.UTC(2026, 0, 1) + 2 * 60_000).toISOString(),
      new Date(Date.UTC(2026, 0, 1) + 60_000).toISOString(),
    ]);
    for (const query of ["limit=0", "limit=1001", "limit=1e2", "limit=-1", "cursor=abc", "cursor=2026-01-01T00:00:00.000Z_0x1", "cursor=%27%20OR%201%3D1"]) {
      const res = await t.app.inject({ method: "GET", url: `/api/sessions?${query}`, headers: { cookie } });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/limit must be a whole number from 1 to 1000|cursor must be one a previous page gave/);
    }
  });

  it("returns an empty list before anything is recorded", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const res = await t.app.inject({ method: "GET", url: "/api/sessions", headers: { cookie } });
    expect(res.json()).toEqual([]);
  });

  it("returns the sessions that end within the range, bounds included: a session counts on the day it ends", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    // Each is 25 minutes long; listed by when it ends.
    for (const startTime of [
      "2026-03-01T23:10:00.000Z", // ends 23:35 the day before
      "2026-03-01T23:35:00.000Z", // ends exactly at the range's start
      "2026-03-01T23:50:00.000Z", // started the day before, ends 00:15
      "2026-03-02T12:00:00.000Z",
      "2026-03-02T23:34:59.999Z", // ends at the range's last instant
      "2026-03-02T23:50:00.000Z", // ends the day after
    ]) {
      await post(cookie, { startTime, duration: 1500, type: "focus", completed: true });
    }
    const query = new URLSearchParams({ startDate: "2026-03-02T00:00:00.000Z", endDate: "2026-03-02T23:59:59.999Z" });
    const res = await t.app.inject({ method: "GET", url: `/api/sessions/range?${query}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: { startTime: string }) => s.startTime)).toEqual([
      "2026-03-01T23:35:00.000Z",
      "2026-03-01T23:50:00.000Z",
      "2026-03-02T12:00:00.000Z",
      "2026-03-02T23:34:59.999Z",
    ]);
  });

  it("answers a range in pages with a cursor, and refuses a span over 62 days", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const starts = ["2026-03-02T08:00:00.000Z", "2026-03-02T09:00:00.000Z", "2026-03-02T10:00:00.000Z", "2026-03-02T11:00:00.000Z", "2026-03-02T12:00:00.000Z"];
    for (const startTime of starts) await post(cookie, { startTime, duration: 1500, type: "focus", completed: true });
    const range = { startDate: "2026-03-01T00:00:00.000Z", endDate: "2026-03-03T00:00:00.000Z" };
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages += 1) {
      const query = new URLSearchParams({ ...range, limit: "2", ...(cursor ? { cursor } : {}) });
      const res = await t.app.inject({ method: "GET", url: `/api/sessions/range?${query}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().map((session: { startTime: string }) => session.startTime));
      cursor = res.headers["x-next-cursor"] as string | undefined;
      if (!cursor) break;
    }
    expect(seen).toEqual(starts);
    const wide = new URLSearchParams({ startDate: "2026-01-01T00:00:00.000Z", endDate: "2026-03-05T00:00:00.000Z" });
    const refused = await t.app.inject({ method: "GET", url: `/api/sessions/range?${wide}`, headers: { cookie } });
    expect([refused.statusCode, refused.json().message]).toEqual([400, "A range may span at most 62 days"]);
  });

  it("compares range bounds given with an offset in absolute time", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    await post(cookie, { startTime: "2026-03-02T22:30:00Z", duration: 1500, type: "focus", completed: true });
    // The local day 2026-03-03 in UTC+02:00 starts at 2026-03-02T22:00Z.
    const query = new URLSearchParams({ startDate: "2026-03-03T00:00:00+02:00", endDate: "2026-03-03T23:59:59+02:00" });
    const res = await t.app.inject({ method: "GET", url: `/api/sessions/range?${query}`, headers: { cookie } });
    expect(res.json()).toHaveLength(1);
  });
});

describe("focus sessions on the Free plan (after the trial, or after a cancellation)", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  const MINUTE = 60_000;
  const LIMIT = "The Free plan includes 2 focus sessions a day. Upgrade to Premium for unlimited sessions.";
  /** A completed 25-minute session ending at `end` (ISO); the limit counts the day it ends. */
  const endingAt = (end: string, type: "focus" | "break" = "focus") => ({
    startTime: new Date(Date.parse(end) - 25 * MINUTE).toISOString(),
    duration: 1500,
    type,
    completed: true,
  });

  async function post(cookie: string, payload: object, timeZone = "UTC") {
    return t.app.inject({ method: "POST", url: "/api/sessions", headers: { cookie, "x-time-zone": timeZone }, payload });
  }

  /** Registers a user and moves their trial end into the past, directly in the database. */
  async function expiredTrialUser() {
    const registered = await registerUser(t.app);
    const id: number = registered.res.json().user.id;
    await endTrial(id);
    return { id, cookie: registered.cookie };
  }

  async function endTrial(id: number) {
    await t.app.db
      .updateTable("users")
      .set({ trial_end_date: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", id)
      .execute();
  }

  it("records two focus sessions a day once the trial has ended, refuses the third with 403, and still records breaks", async () => {
    t = await createTestApp();
    const { cookie } = await expiredTrialUser();
    expect((await post(cookie, endingAt("2026-03-01T09:00:00Z"))).statusCode).toBe(201);
    expect((await post(cookie, endingAt("2026-03-01T10:00:00Z"))).statusCode).toBe(201);
    const third = await post(cookie, endingAt("2026-03-01T11:00:00Z"));
    expect(third.statusCode).toBe(403);
    expect(third.json()).toEqual({ message: LIMIT });
    expect((await post(cookie, endingAt("2026-03-01T11:30:00Z", "break"))).statusCode).toBe(201);
    // An abandoned (not completed) focus session does not count and is not refused.
    expect((await post(cookie, { ...endingAt("2026-03-01T12:00:00Z"), completed: false })).statusCode).toBe(201);
    // The next day has its own two.
    expect((await post(cookie, endingAt("2026-03-02T09:00:00Z"))).statusCode).toBe(201);
  });

  it("counts the day a session ends in the caller's time zone", async () => {
    t = await createTestApp();
    const { cookie } = await expiredTrialUser();
    // 23:30 and 00:10 UTC are two days in UTC, one day (2 March) in Berlin.
    expect((await post(cookie, endingAt("2026-03-01T23:30:00Z"), "Europe/Berlin")).statusCode).toBe(201);
    expect((await post(cookie, endingAt("2026-03-02T00:10:00Z"), "Europe/Berlin")).statusCode).toBe(201);
    expect((await post(cookie, endingAt("2026-03-02T08:00:00Z"), "Europe/Berlin")).statusCode).toBe(403);
    // A header that names no time zone leaves the account's (Berlin): still 2 March's third.
    expect((await post(cookie, endingAt("2026-03-02T08:00:00Z"), "Not/AZone")).statusCode).toBe(403);
  });

  it("counts in the account's time zone: a zone named request after request starts no new day; a trip is taken after a day", async () => {
    t = await createTestApp();
    const { id, cookie } = await expiredTrialUser();
    // 08:00 and 09:00 UTC: 1 March in UTC, and still 1 March at UTC+14 (22:00, 23:00).
    expect((await post(cookie, endingAt("2026-03-01T08:00:00Z"), "UTC")).statusCode).toBe(201);
    expect((await post(cookie, endingAt("2026-03-01T09:00:00Z"), "UTC")).statusCode).toBe(201);
    // 11:00 UTC is already 2 March at UTC+14: naming that zone now does not give a fresh day.
    const third = await post(cookie, endingAt("2026-03-01T11:00:00Z"), "Pacific/Kiritimati");
    expect([third.statusCode, third.json().message]).toEqual([403, LIMIT]);
    const held = await t.app.db.selectFrom("users").select(["time_zone", "time_zone_set_at"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(held.time_zone).toBe("UTC");
    // A day after the account took its zone, a device in another one moves it (a trip).
    await t.app.db.updateTable("users").set({ time_zone_set_at: "2026-01-01T00:00:00.000Z" }).where("id", "=", id).execute();
    expect((await post(cookie, endingAt("2026-03-01T11:00:00Z"), "Pacific/Kiritimati")).statusCode).toBe(201);
    // ...and holds it for the next day: UTC named again is not taken.
    expect((await post(cookie, endingAt("2026-03-01T11:30:00Z"), "UTC")).statusCode).toBe(201);
    expect((await post(cookie, endingAt("2026-03-01T11:45:00Z"), "UTC")).statusCode).toBe(403);
  });

  it("counts the whole of a 25-hour local day, from its last hour and from its first", async () => {
    t = await createTestApp();
    // 1 November 2026 in New York lasts 25 hours (the clocks go back): 04:00Z to 05:00Z the next day.
    const early = await expiredTrialUser();
    expect((await post(early.cookie, endingAt("2026-11-01T04:10:00Z"), "America/New_York")).statusCode).toBe(201);
    expect((await post(early.cookie, endingAt("2026-11-01T04:30:00Z"), "America/New_York")).statusCode).toBe(201);
    // 23:50 local, more than a day after the first two: the same day, the third session.
    expect((await post(early.cookie, endingAt("2026-11-02T04:50:00Z"), "America/New_York")).statusCode).toBe(403);
    // Recorded in the other order (a device sending late): the day's last two first.
    const late = await expiredTrialUser();
    expect((await post(late.cookie, endingAt("2026-11-02T04:30:00Z"), "America/New_York")).statusCode).toBe(201);
    expect((await post(late.cookie, endingAt("2026-11-02T04:50:00Z"), "America/New_York")).statusCode).toBe(201);
    expect((await post(late.cookie, endingAt("2026-11-01T04:10:00Z"), "America/New_York")).statusCode).toBe(403);
  });

  it("refuses focus sessions over the limit after a cancellation, even with trial days left, until premium is activated", async () => {
    t = await createTestApp(ADMIN_ENV);
    const { cookie, res } = await registerUser(t.app);
    const id: number = res.json().user.id;
    const admin = await loginAdmin(t.app);
    await t.app.inject({ method: "POST", url: `/api/subscription/cancel/${id}`, headers: { cookie: admin } });
    expect((await post(cookie, endingAt("2026-03-01T09:00:00Z"))).statusCode).toBe(201);
    expect((await post(cookie, endingAt("2026-03-01T10:00:00Z"))).statusCode).toBe(201);
    expect((await post(cookie, endingAt("2026-03-01T11:00:00Z"))).statusCode).toBe(403);
    await t.app.inject({ method: "POST", url: `/api/subscription/activate/${id}`, headers: { cookie: admin } });
    expect((await post(cookie, endingAt("2026-03-01T11:00:00Z"))).statusCode).toBe(201);
  });

  it("lists only the last 7 days of sessions on the Free plan, every session in the trial", async () => {
    t = await createTestApp();
    const registered = await registerUser(t.app);
    const daysAgo = (days: number) => endingAt(new Date(Date.now() - days * 24 * 60 * MINUTE).toISOString());
    const recent = daysAgo(2);
    await post(registered.cookie, daysAgo(10));
    await post(registered.cookie, recent);
    const list = async () =>
      (await t.app.inject({ method: "GET", url: "/api/sessions", headers: { cookie: registered.cookie, "x-time-zone": "UTC" } })).json() as unknown[];
    expect(await list()).toHaveLength(2);
    await endTrial(registered.res.json().user.id);
    expect(await list()).toEqual([expect.objectContaining({ startTime: recent.startTime })]);
  });

  it("pages through the Free plan's last 7 days: the next page stops at the same bound", async () => {
    t = await createTestApp();
    const registered = await registerUser(t.app);
    const now = Date.now();
    const sessions = [1, 2, 3, 24 * 10].map((hours) => endingAt(new Date(now - hours * 60 * MINUTE).toISOString(), "break"));
    for (const session of sessions) await post(registered.cookie, session);
    await endTrial(registered.res.json().user.id);
    const page = (query: string) =>
      t.app.inject({ method: "GET", url: `/api/sessions?${query}`, headers: { cookie: registered.cookie, "x-time-zone": "UTC" } });
    const first = await page("limit=2");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(2);
    const cursor = first.headers[NEXT_CURSOR_HEADER.toLowerCase()];
    expect(cursor).toBeDefined();
    const second = await page(`limit=2&cursor=${encodeURIComponent(String(cursor))}`);
    expect(second.statusCode).toBe(200);
    // The third recent session only: the one from 10 days ago is outside the Free plan's history.
    expect(second.json().map((s: { startTime: string }) => s.startTime)).toEqual([sessions[2]?.startTime]);
    expect(second.headers[NEXT_CURSOR_HEADER.toLowerCase()]).toBeUndefined();
  });
});
