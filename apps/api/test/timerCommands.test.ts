/**
 * The account's timer over HTTP (`docs/api.md`, The account's timer): a device's batch posted to
 * `POST /api/timer/commands` runs on the account's timer like one sent on the live connection,
 * every connection of the user hears the change, and a batch that turns out stale after a time
 * offline still records the sessions it ended on its device (`docs/offline.md`, A timer used
 * offline), once, while the other device's change stands. Runs on SQLite and PostgreSQL.
 */
import { DEFAULT_SETTINGS } from "@focus/core/schemas";
import { newAccountTimer, sessionIdOf, type AccountTimer, type TimerCommand } from "@focus/core/timer";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { saveAccountTimer } from "../src/repositories/accountTimers";
import { createTestApp, registerUser } from "./helpers";
import { accountTimerDevices, newCommandId, nextOfType } from "./liveHelpers";

const MIN = 60_000;
const SEED = "00112233445566778899";

describe("POST /api/timer/commands", () => {
  const live = accountTimerDevices(createTestApp, { beforeEach, afterEach });
  const { device, send } = live;

  const post = (cookie: string, baseVersion: number, commands: { command: TimerCommand; at: number }[]) =>
    live.t.app.inject({
      method: "POST",
      url: "/api/timer/commands",
      headers: { cookie, "x-time-zone": "UTC" },
      payload: { baseVersion, commands: commands.map((c) => ({ id: newCommandId(), ...c })) },
    });
  const sessions = async (cookie: string) => (await live.t.app.inject({ method: "GET", url: "/api/sessions", headers: { cookie } })).json() as unknown[];

  it("runs a posted start on the account's timer, answers with the timer and the reply, and the user's other device hears it", async () => {
    const { cookie } = await registerUser(live.t.app);
    const other = await device(cookie);
    const answer = await post(cookie, other.timer.version, [{ command: { type: "start" }, at: Date.now() }]);
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as { timer: AccountTimer; replies: { outcome: string }[]; serverNow: number };
    expect(body.replies).toEqual([expect.objectContaining({ outcome: "applied" })]);
    expect(body.timer).toMatchObject({ status: "running", mode: "focus" });
    expect(Math.abs(body.serverNow - Date.now())).toBeLessThan(5000);
    const heard = await nextOfType(other.socket, "account_timer");
    expect(heard.timer).toMatchObject({ status: "running", version: body.timer.version, endsAt: body.timer.endsAt });
  });

  it("refuses a malformed batch with 400 and a message, and changes nothing", async () => {
    const { cookie } = await registerUser(live.t.app);
    const before = await device(cookie);
    for (const payload of [
      { baseVersion: 0, commands: [] },
      { baseVersion: -1, commands: [{ id: newCommandId(), command: { type: "start" }, at: Date.now() }] },
      { baseVersion: 0, commands: [{ id: newCommandId(), command: { type: "explode" }, at: Date.now() }] },
      { baseVersion: 0, commands: Array.from({ length: 201 }, () => ({ id: newCommandId(), command: { type: "pause" }, at: Date.now() })) },
    ]) {
      const res = await live.t.app.inject({ method: "POST", url: "/api/timer/commands", headers: { cookie }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
    }
    const after = await device(cookie);
    expect(after.timer.version).toBe(before.timer.version);
  });

  it("answers 401 to a visitor without a session", async () => {
    const res = await live.t.app.inject({ method: "POST", url: "/api/timer/commands", payload: { baseVersion: 0, commands: [{ id: newCommandId(), command: { type: "start" }, at: Date.now() }] } });
    expect(res.statusCode).toBe(401);
  });

  it("records the focus session a device ran offline when its batch arrives stale, once, and keeps the other device's change", async () => {
    const { cookie, res } = await registerUser(live.t.app);
    const userId: number = res.json().user.id;
    // The timer both devices saw 40 minutes ago: version 1, a focus session waiting.
    const seen = { ...newAccountTimer(DEFAULT_SETTINGS, SEED, Date.now() - 40 * MIN), version: 1, commandVersion: 1 };
    await saveAccountTimer(live.t.app.db, userId, seen, "UTC", seen.updatedAt);
    // The laptop, online, switches to a long break now.
    const laptop = await device(cookie);
    const changed = await send(laptop.socket, laptop.timer.version, { type: "mode", mode: "longBreak" });
    expect(changed.replies).toEqual([expect.objectContaining({ outcome: "applied" })]);
    // The phone was offline: it started focus 28 minutes ago on version 1; its session ended 3 minutes ago.
    const startedAt = Date.now() - 28 * MIN;
    const batch = [{ command: { type: "start" } as const, at: startedAt }];
    const answer = await post(cookie, 1, batch);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ replies: [{ outcome: "stale" }], timer: { mode: "longBreak", status: "idle" } });
    const recorded = await sessions(cookie);
    expect(recorded).toEqual([expect.objectContaining({ type: "focus", completed: true, duration: 1500, clientId: sessionIdOf(SEED, startedAt) })]);
    // The same batch again (its answer was lost on the way): still one record.
    expect((await post(cookie, 1, batch)).statusCode).toBe(200);
    expect(await sessions(cookie)).toHaveLength(1);
  });

  it("refuses a round outside any room and a round too long for a room, and the timer records nothing", async () => {
    const { cookie } = await registerUser(live.t.app);
    const phone = await device(cookie);
    const now = Date.now();
    // A two-second "round" about to end: it would record a completed focus session at once.
    const madeUp = await post(cookie, phone.timer.commandVersion, [{ command: { type: "round", mode: "focus", startedAt: now - 25 * MIN, endsAt: now + 2000 }, at: now }]);
    expect(madeUp.statusCode).toBe(200);
    expect(madeUp.json()).toMatchObject({ replies: [{ outcome: "refused", reason: "notInRoom" }], timer: { status: "idle", version: phone.timer.version } });
    const long = await post(cookie, phone.timer.commandVersion, [{ command: { type: "round", mode: "focus", startedAt: now, endsAt: now + 25 * 60 * MIN }, at: now }]);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/at most 60 minutes/);
    expect(await sessions(cookie)).toEqual([]);
  });

  it("runs a room member's round at the room's times, and refuses one at other times", async () => {
    const { cookie } = await registerUser(live.t.app);
    const opened = await live.t.app.inject({ method: "POST", url: "/api/rooms", headers: { cookie }, payload: { name: "Thesis sprint", visibility: "link" } });
    expect(opened.statusCode, opened.body).toBe(201);
    const room = opened.json();
    const phone = await device(cookie);
    phone.socket.send({ type: "room_join", slug: room.slug });
    let state = await phone.socket.next();
    while (!state.type.startsWith("room_")) state = await phone.socket.next();
    expect(state.type, JSON.stringify(state)).toBe("room_state");
    const { startedAt, endsAt } = room.round as { startedAt: number; endsAt: number };
    const shifted = await post(cookie, phone.timer.commandVersion, [{ command: { type: "round", mode: "focus", startedAt: startedAt - 20 * MIN, endsAt: endsAt - 20 * MIN }, at: Date.now() }]);
    expect(shifted.json()).toMatchObject({ replies: [{ outcome: "refused", reason: "notInRoom" }] });
    const real = await post(cookie, phone.timer.commandVersion, [{ command: { type: "round", mode: "focus", startedAt, endsAt }, at: Date.now() }]);
    expect(real.json()).toMatchObject({ replies: [{ outcome: "applied" }], timer: { status: "running", mode: "focus", endsAt, inRound: true } });
    // The room's clock runs the round: a pause or reset from any device is refused until the member leaves it.
    const inRound = real.json().timer as AccountTimer;
    const paused = await post(cookie, inRound.commandVersion, [
      { command: { type: "pause" }, at: Date.now() },
      { command: { type: "reset" }, at: Date.now() },
    ]);
    expect(paused.json()).toMatchObject({
      replies: [
        { outcome: "refused", reason: "inRound" },
        { outcome: "refused", reason: "inRound" },
      ],
      timer: { status: "running", endsAt, version: inRound.version },
    });
    const left = await post(cookie, inRound.commandVersion, [
      { command: { type: "leaveRound" }, at: Date.now() },
      { command: { type: "pause" }, at: Date.now() },
    ]);
    expect(left.json()).toMatchObject({ replies: [{ outcome: "applied" }, { outcome: "applied" }], timer: { status: "paused", inRound: false } });
  });

  it("refuses a command dated before the change its device last saw", async () => {
    const { cookie } = await registerUser(live.t.app);
    const phone = await device(cookie);
    const started = await post(cookie, phone.timer.commandVersion, [{ command: { type: "start" }, at: Date.now() }]);
    const seen = started.json().timer as AccountTimer;
    // A reset dated an hour before the start it names as seen: it would reach into the past.
    const backdated = await post(cookie, seen.commandVersion, [{ command: { type: "reset" }, at: seen.updatedAt - 60 * MIN }]);
    expect(backdated.json()).toMatchObject({ replies: [{ outcome: "refused", reason: "backdated" }], timer: { status: "running", version: seen.version } });
  });

  it("answers a command that changes nothing as ignored, and the timer's version stays", async () => {
    const { cookie } = await registerUser(live.t.app);
    const phone = await device(cookie);
    // Reset on a timer that waits, and a task picked twice: nothing changes.
    const answer = await post(cookie, phone.timer.commandVersion, [
      { command: { type: "reset" }, at: Date.now() },
      { command: { type: "task", task: null }, at: Date.now() },
    ]);
    expect(answer.json()).toMatchObject({
      replies: [
        { outcome: "ignored", reason: "noChange" },
        { outcome: "ignored", reason: "noChange" },
      ],
      timer: { status: "idle", version: phone.timer.version, commandVersion: phone.timer.commandVersion },
    });
    // "+5 min" with none allowed, on a session that just ended: ignored too.
    await live.t.app.inject({ method: "POST", url: "/api/settings", headers: { cookie }, payload: { maxExtensions: 0 } });
    const started = (await post(cookie, phone.timer.commandVersion, [{ command: { type: "start" }, at: Date.now() }])).json().timer as AccountTimer;
    const extend = await post(cookie, started.commandVersion, [{ command: { type: "extend" }, at: Date.now() }]);
    expect(extend.json()).toMatchObject({ replies: [{ outcome: "ignored", reason: "noChange" }] });
  });

  it("records a focus session for a task its device knew only by its clientId (added offline)", async () => {
    const { cookie, res } = await registerUser(live.t.app);
    const userId: number = res.json().user.id;
    const clientId = crypto.randomUUID();
    // The outbox sends the task before the commands given after it was added.
    const task = await live.t.app.inject({ method: "POST", url: "/api/tasks", headers: { cookie }, payload: { clientId, title: "Chapter 3", estimate: 2 } });
    expect(task.statusCode).toBe(201);
    const seen = { ...newAccountTimer(DEFAULT_SETTINGS, SEED, Date.now() - 40 * MIN), version: 1, commandVersion: 1 };
    await saveAccountTimer(live.t.app.db, userId, seen, "UTC", seen.updatedAt);
    const startedAt = Date.now() - 26 * MIN;
    const answer = await post(cookie, 1, [{ command: { type: "start", task: { clientId, id: null } }, at: startedAt }]);
    expect(answer.json()).toMatchObject({ replies: [{ outcome: "applied" }], timer: { mode: "shortBreak" } });
    expect(await sessions(cookie)).toEqual([expect.objectContaining({ type: "focus", completed: true, taskId: task.json().id })]);
  });
});
