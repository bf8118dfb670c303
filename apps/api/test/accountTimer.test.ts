/**
 * One timer per account over `/ws/timer` (`docs/api.md`, The account's timer): every device's
 * commands run on the one timer the server keeps, every device hears each change, a session
 * that ends is recorded once, a stale queue loses to the server's timer, a stop is recorded and
 * can be undone. Runs on SQLite and PostgreSQL.
 */
import { DEFAULT_SETTINGS } from "@focus/core/schemas";
import { applyTimerCommands, newAccountTimer, sessionIdOf } from "@focus/core/timer";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { saveAccountTimer } from "../src/repositories/accountTimers";
import { createTestApp, registerUser, runClockFrom, TEST_ENGINE } from "./helpers";
import { accountTimerDevices, newCommandId, nextOfType, timerOnce } from "./liveHelpers";

const MIN = 60_000;
const SEED = "00112233445566778899";


describe("the account's timer over /ws/timer", () => {
  const live = accountTimerDevices(createTestApp, { beforeEach, afterEach });
  const { device, send } = live;

  const sessions = async (cookie: string) => (await live.t.app.inject({ method: "GET", url: "/api/sessions", headers: { cookie } })).json();

  it("shows a start on one device on the other at once, and a pause on the other on the first", async () => {
    const { cookie } = await registerUser(live.t.app);
    const a = await device(cookie);
    const b = await device(cookie);
    const started = await send(a.socket, a.timer.version, { type: "start" });
    expect(started.replies).toEqual([expect.objectContaining({ outcome: "applied" })]);
    const seenByB = await nextOfType(b.socket, "account_timer");
    expect(seenByB.timer).toMatchObject({ status: "running", mode: "focus", endsAt: started.timer.endsAt });
    expect(Math.abs(seenByB.serverNow - Date.now())).toBeLessThan(1000);

    const paused = await send(b.socket, seenByB.timer.version, { type: "pause" });
    expect(paused.timer.status).toBe("paused");
    expect((await nextOfType(a.socket, "account_timer")).timer).toMatchObject({ status: "paused", remainingMs: paused.timer.remainingMs });
  });

  it("refuses a device's commands sent before it heard another device's change, and keeps the other's change", async () => {
    const { cookie } = await registerUser(live.t.app);
    const a = await device(cookie);
    const b = await device(cookie);
    const started = await send(a.socket, a.timer.version, { type: "start" });
    await nextOfType(b.socket, "account_timer");
    const late = await send(b.socket, b.timer.version, { type: "reset" });
    expect(late.replies).toEqual([expect.objectContaining({ outcome: "stale" })]);
    expect(late.timer).toMatchObject({ status: "running", version: started.timer.version });
  });

  it("records a session that ends once, however many devices saw it end and posted it", async () => {
    const { cookie, res } = await registerUser(live.t.app);
    const userId: number = res.json().user.id;
    // A focus session that started 25 minutes ago less 400 ms, as another device left it.
    const now = Date.now();
    const startedAt = now - 25 * MIN + 400;
    const env = { settings: DEFAULT_SETTINGS, access: { isGuest: false, subscription: { subscriptionPlan: "premium", subscriptionStatus: "active", trialEndDate: null }, guestSessionUsedOn: null, focusSessionsToday: 0 }, now } as const;
    const { timer } = applyTimerCommands(newAccountTimer(DEFAULT_SETTINGS, SEED, startedAt), [{ id: newCommandId(), command: { type: "start" }, at: startedAt }], 0, env);
    await saveAccountTimer(live.t.app.db, userId, timer, "UTC");

    const a = await device(cookie);
    const b = await device(cookie);
    // Both devices post the session as their outboxes do, with the session's id as the key.
    const body = { startTime: new Date(startedAt).toISOString(), duration: 1500, type: "focus", completed: true, clientId: sessionIdOf(SEED, startedAt) };
    const ended = await timerOnce(a, (timer) => timer.lastCompletedAt !== null);
    expect(ended).toMatchObject({ mode: "shortBreak", lastCompletedAt: startedAt + 25 * MIN });
    expect((await timerOnce(b, (timer) => timer.lastCompletedAt !== null)).version).toBe(ended.version);
    for (const _ of [a, b]) {
      expect((await live.t.app.inject({ method: "POST", url: "/api/sessions", headers: { cookie }, payload: body })).statusCode).toBe(200);
    }
    const listed = await sessions(cookie);
    expect(listed).toEqual([expect.objectContaining({ type: "focus", completed: true, duration: 1500, clientId: body.clientId })]);
  });

  it("records a focus session reset after a minute or more as stopped, with its real length, and Undo takes that back", async () => {
    const { cookie, res } = await registerUser(live.t.app);
    const userId: number = res.json().user.id;
    const now = Date.now();
    const startedAt = now - 5 * MIN;
    const env = { settings: DEFAULT_SETTINGS, access: { isGuest: false, subscription: { subscriptionPlan: "premium", subscriptionStatus: "active", trialEndDate: null }, guestSessionUsedOn: null, focusSessionsToday: 0 }, now } as const;
    const { timer } = applyTimerCommands(newAccountTimer(DEFAULT_SETTINGS, SEED, startedAt), [{ id: newCommandId(), command: { type: "start" }, at: startedAt }], 0, env);
    await saveAccountTimer(live.t.app.db, userId, timer, "UTC");

    const a = await device(cookie);
    const reset = await send(a.socket, a.timer.version, { type: "reset" });
    expect(reset.timer).toMatchObject({ status: "idle", undo: expect.objectContaining({ status: "running" }) });
    const stopped = await sessions(cookie);
    expect(stopped).toEqual([expect.objectContaining({ type: "focus", completed: false, clientId: sessionIdOf(SEED, startedAt) })]);
    expect(Math.abs(stopped[0].duration - 300)).toBeLessThanOrEqual(2);

    const undone = await send(a.socket, reset.timer.version, { type: "undo" });
    expect(undone.timer).toMatchObject({ status: "running", sessionStartTime: startedAt, endsAt: startedAt + 25 * MIN, undo: null });
    expect(await sessions(cookie)).toEqual([]);
  });

  it("refuses a Free-plan start past the day's two sessions, counted on the server in the device's time zone", async () => {
    // Noon UTC: the two sessions 90 and 60 minutes back are today's, whatever the wall clock's hour.
    runClockFrom("2026-12-02T12:00:00Z");
    onTestFinished(() => void vi.unstubAllGlobals());
    const { cookie, res } = await registerUser(live.t.app);
    const userId: number = res.json().user.id;
    await live.t.app.db.updateTable("users").set({ trial_end_date: new Date(Date.now() - MIN).toISOString() }).where("id", "=", userId).execute();
    for (const minutesAgo of [90, 60]) {
      const startTime = new Date(Date.now() - minutesAgo * MIN).toISOString();
      const posted = await live.t.app.inject({ method: "POST", url: "/api/sessions", headers: { cookie, "x-time-zone": "UTC" }, payload: { startTime, duration: 1500, type: "focus", completed: true } });
      expect(posted.statusCode).toBe(201);
    }
    const a = await device(cookie);
    a.socket.send({ type: "timer_commands", baseVersion: a.timer.version, timeZone: "UTC", commands: [{ id: newCommandId(), command: { type: "start" }, at: Date.now() }] });
    const reply = await nextOfType(a.socket, "account_timer");
    expect(reply.replies).toEqual([expect.objectContaining({ outcome: "refused", reason: "freeLimit" })]);
    expect(reply.timer.status).toBe("idle");
  });

  it("gives every device a waiting session's new length when the settings change, and tells them to load the settings", async () => {
    const { cookie } = await registerUser(live.t.app);
    const a = await device(cookie);
    const b = await device(cookie);
    const saved = await live.t.app.inject({ method: "POST", url: "/api/settings", headers: { cookie }, payload: { focusDuration: 50 } });
    expect(saved.statusCode).toBe(200);
    for (const { socket } of [a, b]) {
      expect(await nextOfType(socket, "settings_changed")).toEqual({ type: "settings_changed" });
      expect((await nextOfType(socket, "account_timer")).timer).toMatchObject({ status: "idle", durationMs: 50 * MIN, remainingMs: 50 * MIN });
    }
  });

  it("saves the settings and the timer they settle in one transaction: when storing the timer fails, the settings stay as they were", async () => {
    const { cookie } = await registerUser(live.t.app);
    const a = await device(cookie);
    const db = live.t.app.db;
    // Storing any version of a timer fails from here on (a trigger on the kept versions), as a
    // failing settle would; the settings table itself is left alone.
    const refuse =
      TEST_ENGINE === "postgres"
        ? [
            "CREATE FUNCTION refuse_timer_save() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'timer save refused'; END $$",
            "CREATE TRIGGER refuse_timer_save BEFORE INSERT OR UPDATE ON account_timer_versions FOR EACH ROW EXECUTE FUNCTION refuse_timer_save()",
          ]
        : [
            "CREATE TRIGGER refuse_timer_insert BEFORE INSERT ON account_timer_versions BEGIN SELECT RAISE(ABORT, 'timer save refused'); END",
            "CREATE TRIGGER refuse_timer_update BEFORE UPDATE ON account_timer_versions BEGIN SELECT RAISE(ABORT, 'timer save refused'); END",
          ];
    const allow =
      TEST_ENGINE === "postgres"
        ? ["DROP TRIGGER IF EXISTS refuse_timer_save ON account_timer_versions", "DROP FUNCTION IF EXISTS refuse_timer_save()"]
        : ["DROP TRIGGER IF EXISTS refuse_timer_insert", "DROP TRIGGER IF EXISTS refuse_timer_update"];
    const settingsNow = async () => (await live.t.app.inject({ method: "GET", url: "/api/settings", headers: { cookie } })).json();
    try {
      for (const statement of refuse) await sql.raw(statement).execute(db);
      const refused = await live.t.app.inject({ method: "POST", url: "/api/settings", headers: { cookie }, payload: { focusDuration: 50 } });
      expect(refused.statusCode).toBe(500);
      expect((await settingsNow()).focusDuration).toBe(DEFAULT_SETTINGS.focusDuration);
    } finally {
      // The PostgreSQL test database is handed to the next test app: the trigger must not stay.
      for (const statement of allow) await sql.raw(statement).execute(db);
    }
    // Nobody was told of a save that did not happen; the next save goes through whole.
    expect(a.socket.received.filter((m) => m.type === "settings_changed")).toHaveLength(0);
    const saved = await live.t.app.inject({ method: "POST", url: "/api/settings", headers: { cookie }, payload: { focusDuration: 50 } });
    expect(saved.statusCode).toBe(200);
    expect((await settingsNow()).focusDuration).toBe(50);
    expect((await nextOfType(a.socket, "account_timer")).timer).toMatchObject({ status: "idle", durationMs: 50 * MIN });
  });

  it("drops malformed commands without a change: unknown command, too many at once, a bad time", async () => {
    const { cookie } = await registerUser(live.t.app);
    const a = await device(cookie);
    const before = live.t.app.liveHub.droppedFrames;
    const at = Date.now();
    for (const frame of [
      { type: "timer_commands", baseVersion: 0, commands: [{ id: newCommandId(), command: { type: "explode" }, at }] },
      { type: "timer_commands", baseVersion: 0, commands: Array.from({ length: 21 }, () => ({ id: newCommandId(), command: { type: "pause" }, at })) },
      { type: "timer_commands", baseVersion: 0, commands: [{ id: newCommandId(), command: { type: "start" }, at: "now" }] },
      { type: "timer_commands", baseVersion: -1, commands: [{ id: newCommandId(), command: { type: "start" }, at }] },
      { type: "timer_commands", baseVersion: 0, commands: [{ id: "not-a-uuid", command: { type: "start" }, at }] },
    ]) {
      a.socket.send(frame);
    }
    a.socket.send({ type: "ping" });
    expect((await nextOfType(a.socket, "pong")).type).toBe("pong");
    expect(live.t.app.liveHub.droppedFrames - before).toBe(5);
    expect(a.socket.received.filter((m) => m.type === "account_timer")).toHaveLength(1);
  });
});
