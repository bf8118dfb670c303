import { DAY_MS } from "@focus/core/constants";
import { BLOCKED_ATTEMPTS_PER_DAY, blockedAttemptSummarySchema, DEFAULT_SETTINGS, DELAY_PASSES_LIMITS } from "@focus/core/schemas";
import { applyTimerCommands, newAccountTimer, newTimerSeed, STRICT_SHIELD_MESSAGES } from "@focus/core/timer";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NO_PASSES_LEFT_MESSAGE } from "../src/domain/blockedAttempts";
import { saveAccountTimer } from "../src/repositories/accountTimers";
import { attemptReporter, createTestApp, registerUser, runClockFrom, type TestApp } from "./helpers";

const MINUTE = 60_000;

describe("blocked attempts", () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
    vi.unstubAllGlobals();
  });

  const report = attemptReporter(() => t.app);
  const summary = (cookie: string) => t.app.inject({ method: "GET", url: "/api/blocked-attempts/summary", headers: { cookie } });

  /** Stores a focus session started `startedMinutesAgo` as the user's account timer; returns its start (epoch ms). */
  async function runFocus(userId: number, startedMinutesAgo: number): Promise<number | null> {
    const now = Date.now();
    const startedAt = now - startedMinutesAgo * MINUTE;
    const env = { settings: DEFAULT_SETTINGS, access: { isGuest: false, subscription: { subscriptionPlan: "premium", subscriptionStatus: "active", trialEndDate: null }, guestSessionUsedOn: null, focusSessionsToday: 0 }, now } as const;
    const start = { id: "00000000-0000-4000-8000-000000000001", command: { type: "start" as const }, at: startedAt };
    const { timer } = applyTimerCommands(newAccountTimer(DEFAULT_SETTINGS, newTimerSeed(), startedAt), [start], 0, env);
    await saveAccountTimer(t.app.db, userId, timer, null);
    return timer.sessionStartTime;
  }

  it("stores an attempt (domain normalised) and answers 201 with it", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const res = await report(cookie, { domain: "https://www.YouTube.com/watch", at: "2026-03-02T10:15:00+01:00" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), domain: "youtube.com", at: "2026-03-02T09:15:00.000Z", sessionStart: null, kind: "blocked" });
  });

  it("past 1,000 reports in 24 hours answers 202 and counts the report without storing it; the next 24 hours store again", async () => {
    runClockFrom("2026-12-02T12:00:00Z");
    t = await createTestApp();
    const { cookie, res } = await registerUser(t.app);
    const userId = (res.json() as { user: { id: number } }).user.id;
    const other = await registerUser(t.app);
    // The account's first 999 reports of the day, as its counter holds them (the route is rate-limited per address).
    await t.app.db
      .insertInto("rate_counters")
      .values({ key: `blocked-attempts:${userId}`, count: BLOCKED_ATTEMPTS_PER_DAY - 1, window_ends_at: Date.now() + DAY_MS, updated_at: Date.now() })
      .execute();
    const at = "2026-12-02T11:59:00.000Z";
    expect((await report(cookie, { domain: "youtube.com", at })).statusCode).toBe(201);
    const over = await report(cookie, { domain: "reddit.com", at });
    expect(over.statusCode).toBe(202);
    expect(over.json()).toEqual({ stored: false, notStored: 1 });
    expect((await report(cookie, { domain: "reddit.com", at, kind: "pass" })).json()).toEqual({ stored: false, notStored: 2 });
    const kept = blockedAttemptSummarySchema.parse((await summary(cookie)).json());
    expect(kept.perSite).toEqual([{ domain: "youtube.com", count: 1 }]);
    expect(kept.totals).toEqual({ blocked: 1, pass: 0, turned_back: 0 });
    expect(kept.notStored).toBe(2);
    // Another account is not held back by this one's reports.
    expect((await report(other.cookie, { domain: "reddit.com", at })).statusCode).toBe(201);

    runClockFrom(Date.now() + DAY_MS);
    expect((await report(cookie, { domain: "reddit.com", at: "2026-12-03T12:00:00.000Z" })).statusCode).toBe(201);
    expect(blockedAttemptSummarySchema.parse((await summary(cookie)).json()).notStored).toBe(0);
  });

  it("counts delay passes for the account: once the day's passes are taken in one browser, another browser's pass gets 409", async () => {
    runClockFrom("2026-12-02T12:00:00Z");
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const at = "2026-12-02T11:59:00.000Z";
    for (let n = 0; n < DELAY_PASSES_LIMITS.default; n++) expect((await report(cookie, { domain: "reddit.com", at, kind: "pass" })).statusCode).toBe(201);
    // A second browser of the same account, with its own device token.
    const second = await t.app.inject({ method: "POST", url: "/api/linked-devices", headers: { cookie }, payload: { name: "Chrome at work" } });
    const token = (second.json() as { token: string }).token;
    const fromSecond = (payload: object) => t.app.inject({ method: "POST", url: "/api/blocked-attempts", headers: { authorization: `Bearer ${token}` }, payload });
    // The second browser's Shield says how many the account took today, so its delay page shows none left.
    const shield = (await t.app.inject({ method: "GET", url: "/api/shield", headers: { authorization: `Bearer ${token}`, "x-time-zone": "UTC" } })).json();
    expect(shield.passesTaken).toEqual({ day: "2026-12-02", count: DELAY_PASSES_LIMITS.default });
    const refused = await fromSecond({ domain: "reddit.com", at, kind: "pass" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(NO_PASSES_LEFT_MESSAGE);
    // Stopped visits and turn-backs are still taken; the next day brings the passes back.
    expect((await fromSecond({ domain: "reddit.com", at, kind: "turned_back" })).statusCode).toBe(201);
    runClockFrom(Date.now() + DAY_MS);
    expect((await fromSecond({ domain: "reddit.com", at: "2026-12-03T12:00:00.000Z", kind: "pass" })).statusCode).toBe(201);
    expect(blockedAttemptSummarySchema.parse((await summary(cookie)).json()).totals).toEqual({ blocked: 0, pass: DELAY_PASSES_LIMITS.default + 1, turned_back: 1 });
  });

  it("refuses a delay page's pass during a strict focus session (409), whichever browser asks", async () => {
    t = await createTestApp();
    const { cookie, res } = await registerUser(t.app);
    const userId: number = res.json().user.id;
    const now = Date.now();
    const env = { settings: DEFAULT_SETTINGS, access: { isGuest: false, subscription: { subscriptionPlan: "premium", subscriptionStatus: "active", trialEndDate: null }, guestSessionUsedOn: null, focusSessionsToday: 0 }, now } as const;
    const start = { id: "00000000-0000-4000-8000-000000000002", command: { type: "start" as const, strict: true }, at: now - MINUTE };
    const { timer } = applyTimerCommands(newAccountTimer(DEFAULT_SETTINGS, newTimerSeed(), now - MINUTE), [start], 0, env);
    await saveAccountTimer(t.app.db, userId, timer, null);
    const refused = await report(cookie, { domain: "reddit.com", at: new Date(now).toISOString(), kind: "pass" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(STRICT_SHIELD_MESSAGES.pass);
  });

  it("stores a delay page's pass and turn-back with their kind, refuses an unknown kind, and counts neither as a stopped visit", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const at = "2026-03-02T09:15:00.000Z";
    expect((await report(cookie, { domain: "youtube.com", at })).statusCode).toBe(201);
    expect((await report(cookie, { domain: "youtube.com", at, kind: "pass" })).json()).toMatchObject({ kind: "pass" });
    expect((await report(cookie, { domain: "youtube.com", at, kind: "turned_back" })).json()).toMatchObject({ kind: "turned_back" });
    const bad = await report(cookie, { domain: "youtube.com", at, kind: "snooze" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("kind must be one of blocked, pass, turned_back");
    expect((await summary(cookie)).json().perSite).toEqual([{ domain: "youtube.com", count: 1 }]);
    expect((await summary(cookie)).json().totals).toEqual({ blocked: 1, pass: 1, turned_back: 1 });
  });

  it("counts attempts per site and per focus session", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const first = "2026-03-02T09:00:00.000Z";
    const second = "2026-03-02T11:00:00.000Z";
    for (const [domain, sessionStart] of [
      ["youtube.com", first],
      ["youtube.com", first],
      ["reddit.com", first],
      ["youtube.com", second],
      ["twitter.com", undefined],
    ] as const) {
      const at = sessionStart ? new Date(Date.parse(sessionStart) + MINUTE).toISOString() : "2026-03-02T20:00:00Z";
      expect((await report(cookie, { domain, at, ...(sessionStart ? { sessionStart } : {}) })).statusCode).toBe(201);
    }
    const res = await summary(cookie);
    expect(res.statusCode).toBe(200);
    expect(blockedAttemptSummarySchema.parse(res.json())).toEqual({
      perSite: [
        { domain: "youtube.com", count: 3 },
        { domain: "reddit.com", count: 1 },
        { domain: "twitter.com", count: 1 },
      ],
      otherSites: { sites: 0, count: 0 },
      perSession: [
        { sessionStart: second, count: 1 },
        { sessionStart: first, count: 3 },
      ],
      totals: { blocked: 5, pass: 0, turned_back: 0 },
      notStored: 0,
    });
  });

  it("lists the 10 most hit sites and the latest 10 sessions, the rest of the sites as one total", async () => {
    t = await createTestApp();
    const { cookie, res } = await registerUser(t.app);
    const userId: number = res.json().user.id;
    // 25 sites in 25 focus sessions, site N hit N times (written directly: the rate limit is per minute).
    const rows = Array.from({ length: 25 }, (_, n) => n + 1).flatMap((n) =>
      Array.from({ length: n }, () => ({
        user_id: userId,
        domain: `site${String(n).padStart(2, "0")}.example`,
        occurred_at: new Date(Date.UTC(2026, 2, 2, 9, n)).toISOString(),
        session_start: new Date(Date.UTC(2026, 2, 2, 9, n)).toISOString(),
        kind: "blocked" as const,
        created_at: new Date().toISOString(),
      })),
    );
    await t.app.db.insertInto("blocked_attempts").values(rows).execute();
    const answer = blockedAttemptSummarySchema.parse((await summary(cookie)).json());
    expect(answer.perSite.map((site) => site.count)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
    // Sites 1 to 15: 120 stopped visits between them.
    expect(answer.otherSites).toEqual({ sites: 15, count: 120 });
    expect(answer.perSession).toHaveLength(10);
    expect(answer.totals.blocked).toBe(325);
  });

  it("places an attempt in the focus session the account's timer is running", async () => {
    t = await createTestApp();
    const { cookie, res } = await registerUser(t.app);
    const userId: number = res.json().user.id;
    const start = await runFocus(userId, 5);
    expect(start).not.toBeNull();
    expect(Math.abs((start ?? 0) - (Date.now() - 5 * MINUTE))).toBeLessThan(2000);

    const during = await report(cookie, { domain: "youtube.com", at: new Date().toISOString() });
    expect(during.json().sessionStart).toBe(new Date(start ?? 0).toISOString());
    const before = await report(cookie, { domain: "youtube.com", at: new Date(Date.now() - 10 * MINUTE).toISOString() });
    expect(before.json().sessionStart).toBeNull();
    expect((await summary(cookie)).json().perSession).toEqual([{ sessionStart: new Date(start ?? 0).toISOString(), count: 1 }]);
  });

  it("keeps each user's attempts to themselves", async () => {
    t = await createTestApp();
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await runFocus(a.res.json().user.id, 1);
    await report(a.cookie, { domain: "youtube.com", at: new Date().toISOString() });
    const bReport = await report(b.cookie, { domain: "youtube.com", at: new Date().toISOString() });
    expect(bReport.json().sessionStart).toBeNull();
    expect((await summary(b.cookie)).json()).toEqual({ perSite: [{ domain: "youtube.com", count: 1 }], otherSites: { sites: 0, count: 0 }, perSession: [], totals: { blocked: 1, pass: 0, turned_back: 0 }, notStored: 0 });
  });

  it("refuses bad input with 400 and anonymous callers with 401", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const at = new Date().toISOString();
    for (const [payload, message] of [
      [{ at }, "domain is required"],
      [{ domain: "", at }, "domain is required"],
      [{ domain: "not a domain", at }, "domain must be a domain name, e.g. example.com"],
      [{ domain: "youtube.com" }, "at must be an ISO 8601 date-time"],
      [{ domain: "youtube.com", at: "yesterday" }, "at must be an ISO 8601 date-time"],
      [{ domain: "youtube.com", at, sessionStart: "2026-03-02" }, "sessionStart must be an ISO 8601 date-time"],
      // Stored, these came back as "+010000-…" and broke the summary and export that show them.
      [{ domain: "youtube.com", at: "9999-12-31T23:00:00-05:00" }, "at must be in the years 2000 to 2100"],
      [{ domain: "youtube.com", at: "0001-01-01T00:00:00Z" }, "at must be in the years 2000 to 2100"],
      [{ domain: "youtube.com", at, sessionStart: "9999-12-31T23:59:59-14:00" }, "sessionStart must be in the years 2000 to 2100"],
    ] as const) {
      const res = await report(cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await summary(cookie)).json()).toEqual({ perSite: [], otherSites: { sites: 0, count: 0 }, perSession: [], totals: { blocked: 0, pass: 0, turned_back: 0 }, notStored: 0 });
    expect((await t.app.inject({ method: "POST", url: "/api/blocked-attempts", payload: { domain: "x" } })).statusCode).toBe(401);
    // A signed-in browser cannot report what the Shield stopped: only the linked extension can.
    const fromPage = await t.app.inject({ method: "POST", url: "/api/blocked-attempts", headers: { cookie }, payload: { domain: "youtube.com", at } });
    expect([fromPage.statusCode, fromPage.json().message]).toEqual([403, "Only a linked Focus Flow extension reports blocked attempts"]);
    expect((await summary(cookie)).json().totals).toEqual({ blocked: 0, pass: 0, turned_back: 0 });
    expect((await t.app.inject({ method: "GET", url: "/api/blocked-attempts/summary" })).statusCode).toBe(401);
  });
});
