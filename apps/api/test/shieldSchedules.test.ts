import { DEFAULT_SETTINGS } from "@focus/core/schemas";
import { FREE_SCHEDULES_MESSAGE } from "@focus/core/subscription";
import { applyTimerCommands, newAccountTimer, newTimerSeed } from "@focus/core/timer";
import { saveAccountTimer } from "../src/repositories/accountTimers";
import { afterEach, describe, expect, it } from "vitest";
import { attemptReporter, createTestApp, registerUser, type TestApp } from "./helpers";

describe("Shield schedules", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  const add = (cookie: string, payload: object) => t.app.inject({ method: "POST", url: "/api/shield/schedules", headers: { cookie }, payload });
  const list = (cookie: string) => t.app.inject({ method: "GET", url: "/api/shield/schedules", headers: { cookie } });

  it("keeps a user's schedules, answers them with the Shield, and deletes only the user's own", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const created = await add(cookie, { days: [5, 1, 2, 3, 4], start: "09:00", end: "12:00" });
    expect(created.statusCode).toBe(201);
    const schedule = created.json();
    expect(schedule).toEqual({ id: expect.any(Number), days: [1, 2, 3, 4, 5], start: "09:00", end: "12:00" });
    expect((await list(cookie)).json()).toEqual([schedule]);
    expect((await t.app.inject({ method: "GET", url: "/api/shield", headers: { cookie } })).json().schedules).toEqual([schedule]);
    const other = await registerUser(t.app);
    expect((await t.app.inject({ method: "DELETE", url: `/api/shield/schedules/${schedule.id}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "DELETE", url: `/api/shield/schedules/${schedule.id}`, headers: { cookie } })).statusCode).toBe(204);
    expect((await list(cookie)).json()).toEqual([]);
  });

  it("names the account's time zone with the schedules, which a browser in another zone does not move", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const shield = (zone: string) => t.app.inject({ method: "GET", url: "/api/shield", headers: { cookie, "x-time-zone": zone } });
    expect((await shield("Europe/Berlin")).json().timeZone).toBe("Europe/Berlin");
    // The browser travels (or its zone is changed to get round a schedule): the windows stay the account's.
    expect((await shield("Pacific/Kiritimati")).json().timeZone).toBe("Europe/Berlin");
  });

  it("refuses bad days and times with a message", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const bad = await add(cookie, { days: [], start: "25:00", end: "12:00" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Choose at least one day");
  });

  it("gives the Free plan one schedule (403 with a message for a second); the trial more", async () => {
    t = await createTestApp();
    const { cookie, res } = await registerUser(t.app);
    const userId: number = res.json().user.id;
    expect((await add(cookie, { days: [1], start: "09:00", end: "10:00" })).statusCode).toBe(201);
    expect((await add(cookie, { days: [2], start: "09:00", end: "10:00" })).statusCode).toBe(201);
    await t.app.db.updateTable("users").set({ trial_end_date: new Date(Date.now() - 60_000).toISOString() }).where("id", "=", userId).execute();
    const refused = await add(cookie, { days: [3], start: "09:00", end: "10:00" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: FREE_SCHEDULES_MESSAGE });
  });
});

describe("the Shield's measured figures", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  it("answers the reports and shield-off intervals, newest first; the Free plan only its last 7 days", async () => {
    t = await createTestApp();
    const { cookie, res } = await registerUser(t.app);
    const userId: number = res.json().user.id;
    const reporter = attemptReporter(() => t.app);
    const report = (payload: object) => reporter(cookie, payload);
    const recent = new Date(Date.now() - 60_000).toISOString();
    const old = new Date(Date.now() - 20 * 86_400_000).toISOString();
    await report({ domain: "youtube.com", at: old });
    await report({ domain: "youtube.com", at: recent, sessionStart: recent });
    await report({ domain: "youtube.com", at: recent, kind: "pass" });
    await t.app.db.insertInto("shield_off_intervals").values({ user_id: userId, started_at: recent, ended_at: null, session_start: null }).execute();
    const measures = async () => (await t.app.inject({ method: "GET", url: "/api/shield/measures", headers: { cookie } })).json();
    const trial = await measures();
    expect(trial.events.map((e: { kind: string }) => e.kind).sort()).toEqual(["blocked", "blocked", "pass"]);
    expect(trial.shieldOff).toEqual([{ startedAt: recent, endedAt: null, sessionStart: null }]);
    await t.app.db.updateTable("users").set({ trial_end_date: new Date(Date.now() - 60_000).toISOString() }).where("id", "=", userId).execute();
    expect((await measures()).events).toHaveLength(2);
  });
});

describe("the Shield as the extension reads it", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  it("names the task the running focus session counts for, for the blocked page", async () => {
    t = await createTestApp();
    const { cookie, res } = await registerUser(t.app);
    const userId: number = res.json().user.id;
    const clientId = crypto.randomUUID();
    const created = await t.app.inject({ method: "POST", url: "/api/tasks", headers: { cookie }, payload: { clientId, title: "Write the report", estimate: 2 } });
    expect(created.statusCode).toBe(201);
    const task = created.json();
    const now = Date.now();
    const access = { isGuest: false, subscription: { subscriptionPlan: "premium", subscriptionStatus: "active", trialEndDate: null }, guestSessionUsedOn: null, focusSessionsToday: 0 } as const;
    const start = { id: "00000000-0000-4000-8000-000000000002", command: { type: "start" as const, task: { clientId, id: task.id } }, at: now };
    const { timer } = applyTimerCommands(newAccountTimer(DEFAULT_SETTINGS, newTimerSeed(), now), [start], 0, { settings: DEFAULT_SETTINGS, access, now });
    await saveAccountTimer(t.app.db, userId, timer, null);
    expect((await t.app.inject({ method: "GET", url: "/api/shield", headers: { cookie } })).json().sessionTask).toBe("Write the report");
  });
});
