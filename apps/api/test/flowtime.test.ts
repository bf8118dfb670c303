/**
 * Flowtime and Five more minutes on the server (`docs/product.md`, The timer; `docs/api.md`):
 * a session's `extensions` are checked with bounds (4xx with a message) and travel through
 * export and import; the account's timer takes `start` with `flow`, `takeBreak` and `extend`
 * from any device, records a Flowtime session with its real length and schedules no end for it,
 * and "+5 min" after the end withdraws the record it had made. Runs on SQLite and PostgreSQL.
 */
import { DEFAULT_SETTINGS } from "@focus/core/schemas";
import { applyTimerCommands, newAccountTimer, sessionIdOf, type TimerEnvironment } from "@focus/core/timer";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { saveAccountTimer } from "../src/repositories/accountTimers";
import { createTestApp, registerUser } from "./helpers";
import { accountTimerDevices, newCommandId, nextOfType, timerOnce } from "./liveHelpers";

const MIN = 60_000;
const SEED = "00112233445566778899";

function envAt(now: number): TimerEnvironment {
  return { settings: DEFAULT_SETTINGS, access: { isGuest: false, subscription: { subscriptionPlan: "premium", subscriptionStatus: "active", trialEndDate: null }, guestSessionUsedOn: null, focusSessionsToday: 0 }, now };
}

describe("Flowtime and Five more minutes on the server", () => {
  const live = accountTimerDevices(createTestApp, { beforeEach, afterEach });
  const { device, send } = live;
  const sessions = async (cookie: string) => (await live.t.app.inject({ method: "GET", url: "/api/sessions", headers: { cookie } })).json();
  const post = (cookie: string, payload: object) => live.t.app.inject({ method: "POST", url: "/api/sessions", headers: { cookie }, payload });

  it("records a focus session's extensions, and refuses counts out of bounds or on a break with a clear message", async () => {
    const { cookie } = await registerUser(live.t.app);
    const base = { startTime: new Date(Date.now() - 40 * MIN).toISOString(), duration: 35 * 60, type: "focus", completed: true };
    const ok = await post(cookie, { ...base, extensions: 2 });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ extensions: 2 });
    for (const [extensions, message] of [
      [4, "extensions must be at most 3"],
      [0, "extensions must be at least 1"],
      [1.5, "extensions must be a whole number"],
    ] as const) {
      const bad = await post(cookie, { ...base, extensions });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain(message);
    }
    const onBreak = await post(cookie, { ...base, type: "break", extensions: 1 });
    expect([onBreak.statusCode, onBreak.json().message]).toEqual([400, "extensions is only for a focus session"]);
    expect(await sessions(cookie)).toEqual([expect.objectContaining({ extensions: 2 })]);
  });

  it("saves the Flowtime settings and refuses values outside their choices with a clear message", async () => {
    const { cookie } = await registerUser(live.t.app);
    const save = (payload: object) => live.t.app.inject({ method: "POST", url: "/api/settings", headers: { cookie }, payload });
    const ok = await save({ focusStyle: "flowtime", flowBreakShare: 1 / 4, flowCueMinutes: 60, maxExtensions: 3 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ focusStyle: "flowtime", flowBreakShare: 0.25, flowCueMinutes: 60, maxExtensions: 3 });
    for (const [payload, message] of [
      [{ flowBreakShare: 0.5 }, "flowBreakShare must be one of 1/3, 1/4, 1/5 or 1/6"],
      [{ flowCueMinutes: 181 }, "flowCueMinutes must be at most 180"],
      [{ maxExtensions: 4 }, "maxExtensions must be at most 3"],
      [{ focusStyle: "marathon" }, "focusStyle must be pomodoro or flowtime"],
    ] as const) {
      const bad = await save(payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain(message);
    }
  });

  it("keeps extensions through export and import", async () => {
    const { cookie } = await registerUser(live.t.app);
    await post(cookie, { startTime: new Date(Date.now() - 40 * MIN).toISOString(), duration: 30 * 60, type: "focus", completed: true, extensions: 1 });
    const exported = (await live.t.app.inject({ method: "GET", url: "/api/export?format=json", headers: { cookie } })).json();
    expect(exported.sessions).toEqual([expect.objectContaining({ extensions: 1 })]);
    const other = await registerUser(live.t.app);
    const imported = await live.t.app.inject({ method: "POST", url: "/api/import", headers: { cookie: other.cookie }, payload: exported });
    expect(imported.statusCode).toBe(200);
    expect(await sessions(other.cookie)).toEqual([expect.objectContaining({ extensions: 1, duration: 30 * 60 })]);
    const bad = await live.t.app.inject({ method: "POST", url: "/api/import", headers: { cookie: other.cookie }, payload: { ...exported, sessions: [{ ...exported.sessions[0], extensions: 9 }] } });
    expect(bad.statusCode).toBe(400);
  });

  it("runs a Flowtime session from a device's start, schedules no end for it, and records it with its real length on 'Take a break'", async () => {
    const { cookie, res } = await registerUser(live.t.app);
    const userId: number = res.json().user.id;
    const a = await device(cookie);
    const started = await send(a.socket, a.timer.version, { type: "start", flow: true });
    expect(started.replies).toEqual([expect.objectContaining({ outcome: "applied" })]);
    expect(started.timer).toMatchObject({ status: "running", flow: true });
    const row = await live.t.app.db.selectFrom("account_timers").select("settle_at").where("user_id", "=", userId).executeTakeFirstOrThrow();
    expect(row.settle_at).toBeNull();

    // A Flowtime session that started 30 minutes ago, as another device left it.
    const startedAt = Date.now() - 30 * MIN;
    const { timer } = applyTimerCommands(newAccountTimer(DEFAULT_SETTINGS, SEED, startedAt), [{ id: newCommandId(), command: { type: "start", flow: true }, at: startedAt }], 0, envAt(startedAt));
    await saveAccountTimer(live.t.app.db, userId, timer, "UTC");
    const b = await device(cookie);
    const ended = await send(b.socket, b.timer.version, { type: "takeBreak" });
    expect(ended.replies).toEqual([expect.objectContaining({ outcome: "applied" })]);
    expect(ended.timer).toMatchObject({ mode: "shortBreak", durationMs: 6 * MIN, earnedBreakMs: 6 * MIN, flow: false });
    const listed = await sessions(cookie);
    expect(listed).toEqual([expect.objectContaining({ type: "focus", completed: true, clientId: sessionIdOf(SEED, startedAt) })]);
    expect(Math.abs(listed[0].duration - 30 * 60)).toBeLessThanOrEqual(2);
  });

  it("takes +5 min from a device after the end: the same session runs again 5 minutes longer and its record is withdrawn", async () => {
    const { cookie, res } = await registerUser(live.t.app);
    const userId: number = res.json().user.id;
    // A focus session that ends 400 ms from now.
    const startedAt = Date.now() - 25 * MIN + 400;
    const { timer } = applyTimerCommands(newAccountTimer(DEFAULT_SETTINGS, SEED, startedAt), [{ id: newCommandId(), command: { type: "start" }, at: startedAt }], 0, envAt(startedAt));
    await saveAccountTimer(live.t.app.db, userId, timer, "UTC");
    const a = await device(cookie);
    const ended = await timerOnce(a, (timer) => timer.lastCompletedAt !== null);
    expect(ended).toMatchObject({ mode: "shortBreak", extendable: expect.objectContaining({ endedAt: startedAt + 25 * MIN }) });
    expect(await sessions(cookie)).toEqual([expect.objectContaining({ completed: true, clientId: sessionIdOf(SEED, startedAt) })]);

    const extended = await send(a.socket, ended.version, { type: "extend" });
    expect(extended.replies).toEqual([expect.objectContaining({ outcome: "applied" })]);
    expect(extended.timer).toMatchObject({ status: "running", mode: "focus", sessionStartTime: startedAt, endsAt: startedAt + 30 * MIN, extensions: 1, extendable: null });
    expect(await sessions(cookie)).toEqual([]);
  });

  it("drops an extend or takeBreak command with extra junk in it without a change", async () => {
    const { cookie } = await registerUser(live.t.app);
    const a = await device(cookie);
    const before = live.t.app.liveHub.droppedFrames;
    a.socket.send({ type: "timer_commands", baseVersion: 0, commands: [{ id: newCommandId(), command: { type: "start", flow: "yes" }, at: Date.now() }] });
    a.socket.send({ type: "ping" });
    expect((await nextOfType(a.socket, "pong")).type).toBe("pong");
    expect(live.t.app.liveHub.droppedFrames - before).toBe(1);
  });
});
