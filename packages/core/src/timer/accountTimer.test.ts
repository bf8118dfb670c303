import { describe, expect, it } from "vitest";
import { createActor, fromCallback, type EventObject } from "xstate";
import { DEFAULT_SETTINGS, type TimerSettings } from "../schemas/settings";
import { applyTimerCommands, eventsToFollow, newAccountTimer, nextSettleAt, settleAccountTimer, type TimerEnvironment } from "./accountTimer";
import { accountTimerSchema, type AccountTimer, type TimedTimerCommand, type TimerCommand } from "./accountTimerSchema";
import { timerMachine } from "./machine";
import { sessionIdOf } from "./sessionId";
import type { TimerAccess } from "./types";

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 22, 17, 0, 0);
const SEED = "0123456789abcdef0123";
const settings: TimerSettings = { ...DEFAULT_SETTINGS, autoStartBreaks: true, autoStartFocus: false };
const premium: TimerAccess = {
  isGuest: false,
  subscription: { subscriptionPlan: "premium", subscriptionStatus: "active", trialEndDate: null },
  guestSessionUsedOn: null,
  focusSessionsToday: 0,
};
const env = (now: number, overrides: Partial<TimerEnvironment> = {}): TimerEnvironment => ({ settings, access: premium, now, ...overrides });

let ids = 0;
/** A command with a fresh id, given at `at`. */
function cmd(command: TimerCommand, at: number): TimedTimerCommand {
  ids += 1;
  return { id: `00000000-0000-4000-8000-${String(ids).padStart(12, "0")}`, command, at };
}

/** The account's timer after `commands` from a device that has seen its latest version. */
function run(timer: AccountTimer, now: number, ...commands: TimedTimerCommand[]) {
  return applyTimerCommands(timer, commands, timer.version, env(now));
}

describe("the account's timer on the server", () => {
  const fresh = newAccountTimer(settings, SEED, T0 - MIN);

  it("starts a session at the time the user pressed Start, as a new version the commanding device is counted for", () => {
    const result = run(fresh, T0 + 150, cmd({ type: "start" }, T0));
    expect(result.outcomes.map((o) => o.outcome)).toEqual(["applied"]);
    expect(result.changed).toBe(true);
    expect(result.timer).toMatchObject({ status: "running", mode: "focus", sessionStartTime: T0, endsAt: T0 + 25 * MIN, version: 1, commandVersion: 1 });
    expect(accountTimerSchema.parse(result.timer)).toEqual(result.timer);
  });

  it("completes the session at its end once, with the session's id as its key, and starts the break from that end", () => {
    const started = run(fresh, T0, cmd({ type: "start" }, T0)).timer;
    const ended = settleAccountTimer(started, env(T0 + 25 * MIN + 40));
    expect(ended.effects).toHaveLength(1);
    expect(ended.effects[0]).toMatchObject({
      type: "sessionCompleted",
      session: { type: "focus", completed: true, duration: 1500, clientId: sessionIdOf(SEED, T0) },
    });
    expect(ended.timer).toMatchObject({ status: "autoStarting", mode: "shortBreak", version: 2, commandVersion: 1 });
    expect(nextSettleAt(ended.timer)).toBe(T0 + 25 * MIN + 1000);
    const breakRuns = settleAccountTimer(ended.timer, env(T0 + 25 * MIN + 1000));
    expect(breakRuns.timer).toMatchObject({ status: "running", mode: "shortBreak", sessionStartTime: T0 + 25 * MIN + 1000, endsAt: T0 + 30 * MIN + 1000, version: 3 });
    expect(breakRuns.effects).toEqual([]);
    // Settling again changes nothing and records nothing.
    const again = settleAccountTimer(breakRuns.timer, env(T0 + 26 * MIN));
    expect([again.changed, again.effects]).toEqual([false, []]);
  });

  it("does not start the break by itself for a session that ended long before anyone was there", () => {
    const started = run(fresh, T0, cmd({ type: "start" }, T0)).timer;
    const later = settleAccountTimer(started, env(T0 + 3 * 60 * MIN));
    expect(later.effects.map((e) => e.type)).toEqual(["sessionCompleted"]);
    expect(later.timer).toMatchObject({ status: "idle", mode: "shortBreak" });
  });

  it("pauses for a second device, and keeps the time left exactly", () => {
    const started = run(fresh, T0, cmd({ type: "start" }, T0)).timer;
    const paused = run(started, T0 + 10 * MIN + 5, cmd({ type: "pause" }, T0 + 10 * MIN));
    expect(paused.timer).toMatchObject({ status: "paused", remainingMs: 15 * MIN, endsAt: null, commandVersion: 2 });
  });

  it("refuses a device's queued commands when another device changed the timer since it last heard (the server's timer wins)", () => {
    const started = run(fresh, T0, cmd({ type: "start" }, T0)).timer;
    const pausedByB = run(started, T0 + 5 * MIN, cmd({ type: "pause" }, T0 + 5 * MIN)).timer;
    const resetByA = applyTimerCommands(pausedByB, [cmd({ type: "reset" }, T0 + 4 * MIN)], started.version, env(T0 + 6 * MIN));
    expect(resetByA.outcomes.map((o) => o.outcome)).toEqual(["stale"]);
    expect(resetByA.timer).toMatchObject({ status: "paused", remainingMs: 20 * MIN });
  });

  it("takes a device's commands after the server's own settling of a session's end (no other device acted)", () => {
    const started = run(fresh, T0, cmd({ type: "start" }, T0)).timer;
    const ended = settleAccountTimer(started, env(T0 + 25 * MIN + 10)).timer;
    const paused = applyTimerCommands(ended, [cmd({ type: "pause" }, T0 + 26 * MIN)], started.version, env(T0 + 26 * MIN));
    expect(paused.outcomes.map((o) => o.outcome)).toEqual(["applied"]);
    expect(paused.timer).toMatchObject({ status: "paused", mode: "shortBreak" });
  });

  it("replays a queue from a time offline in order, each command at its own time, and records what ended meanwhile", () => {
    const replayed = run(fresh, T0 + 60 * MIN, cmd({ type: "start" }, T0), cmd({ type: "pause" }, T0 + 31 * MIN), cmd({ type: "start" }, T0 + 40 * MIN));
    // Focus ended at 25:00, the break auto-started at 25:01 and its 5 minutes were over at 30:01:
    // the pause at 31:00 found nothing running, so it is answered as ignored.
    expect(replayed.outcomes.map((o) => o.outcome)).toEqual(["applied", "ignored", "applied"]);
    expect(replayed.effects.map((e) => e.type)).toEqual(["sessionCompleted", "sessionCompleted"]);
    expect(replayed.timer).toMatchObject({ status: "running", mode: "focus", sessionStartTime: T0 + 40 * MIN });
  });

  it("never runs a command before the timer's last change, nor after the server's now", () => {
    const started = run(fresh, T0, cmd({ type: "start" }, T0)).timer;
    const early = run(started, T0 + MIN, cmd({ type: "pause" }, T0 - 60 * MIN));
    expect(early.timer.remainingMs).toBe(25 * MIN);
    const future = run(started, T0 + MIN, cmd({ type: "pause" }, T0 + 60 * MIN));
    expect(future.timer.remainingMs).toBe(24 * MIN);
  });

  it("refuses a Free-plan start past the daily limit and leaves the timer as it was", () => {
    const free: TimerAccess = { ...premium, subscription: { subscriptionPlan: "free", subscriptionStatus: "cancelled", trialEndDate: null }, focusSessionsToday: 2 };
    const result = applyTimerCommands(fresh, [cmd({ type: "start" }, T0)], fresh.version, env(T0, { access: free }));
    expect(result.outcomes).toEqual([expect.objectContaining({ outcome: "refused", reason: "freeLimit" })]);
    expect(result.timer.status).toBe("idle");
    expect(result.timer.commandVersion).toBe(fresh.commandVersion);
  });

  it("records a reset after 5 minutes as stopped, and Undo withdraws that record and brings the session back", () => {
    const started = run(fresh, T0, cmd({ type: "start" }, T0)).timer;
    const reset = run(started, T0 + 5 * MIN, cmd({ type: "reset" }, T0 + 5 * MIN));
    expect(reset.effects).toEqual([expect.objectContaining({ type: "sessionStopped", session: expect.objectContaining({ completed: false, duration: 300 }) })]);
    const undone = run(reset.timer, T0 + 5 * MIN + 4000, cmd({ type: "undo" }, T0 + 5 * MIN + 4000));
    expect(undone.effects).toEqual([expect.objectContaining({ type: "stopUndone", session: expect.objectContaining({ clientId: sessionIdOf(SEED, T0) }) })]);
    expect(undone.timer).toMatchObject({ status: "running", endsAt: T0 + 25 * MIN, undo: null });
  });

  it("gives a waiting session the user's new length, and lets a started one keep its own", () => {
    const longer = { ...settings, focusDuration: 50 };
    expect(settleAccountTimer(fresh, env(T0, { settings: longer })).timer).toMatchObject({ status: "idle", durationMs: 50 * MIN, remainingMs: 50 * MIN });
    const started = run(fresh, T0, cmd({ type: "start" }, T0)).timer;
    const kept = settleAccountTimer(started, env(T0 + MIN, { settings: longer }));
    expect([kept.changed, kept.timer.endsAt]).toEqual([false, T0 + 25 * MIN]);
  });

  it("keeps the task picked between sessions for every device, and the next session counts for it", () => {
    const essay = { clientId: "11111111-1111-4111-8111-111111111111", id: 7 };
    const picked = run(fresh, T0, cmd({ type: "task", task: essay }, T0));
    expect(picked.outcomes.map((o) => o.outcome)).toEqual(["applied"]);
    expect(picked.timer).toMatchObject({ status: "idle", picked: essay, sessionTask: null, version: 1, commandVersion: 1 });
    // Picking it again changes nothing.
    expect(run(picked.timer, T0 + 1, cmd({ type: "task", task: essay }, T0 + 1)).outcomes.map((o) => o.outcome)).toEqual(["ignored"]);
    // A start from a device that sends no task of its own counts for the account's pick.
    const started = run(picked.timer, T0 + MIN, cmd({ type: "start" }, T0 + MIN));
    expect(started.timer).toMatchObject({ status: "running", picked: essay, sessionTask: essay });
    const ended = settleAccountTimer(started.timer, env(T0 + 26 * MIN + 5));
    expect(ended.effects[0]).toMatchObject({ type: "sessionCompleted", session: { taskId: 7 } });
    expect(ended.timer.picked).toEqual(essay);
    // Letting it go unpicks it everywhere.
    expect(run(ended.timer, T0 + 27 * MIN, cmd({ type: "task", task: null }, T0 + 27 * MIN)).timer.picked).toBeNull();
  });

  it("reads a timer stored before picks as one with no task picked", () => {
    const { picked: _picked, ...stored } = fresh;
    expect(accountTimerSchema.parse(stored).picked).toBeNull();
  });
});

describe("a device following the account's timer", () => {
  const silent = timerMachine.provide({ actors: { ticker: fromCallback<EventObject, { endsAt: number }>(() => () => {}) } });

  it("completes its own running session first when the server has ended that very session, then takes the server's timer", () => {
    const device = createActor(silent, { input: { settings, now: T0, seed: SEED } }).start();
    device.send({ type: "START", now: T0 });
    const started = run(newAccountTimer(settings, SEED, T0 - MIN), T0, cmd({ type: "start" }, T0)).timer;
    const ended = settleAccountTimer(started, env(T0 + 25 * MIN + 5)).timer;
    expect(eventsToFollow(device.getSnapshot(), ended, T0 + 25 * MIN + 200).map((e) => e.type)).toEqual(["TICK", "SYNC"]);
    expect(eventsToFollow(device.getSnapshot(), started, T0 + MIN).map((e) => e.type)).toEqual(["SYNC"]);
  });

  it("takes the task picked on another device, and keeps its own pick when the sender knows no picks", () => {
    const essay = { clientId: "22222222-2222-4222-8222-222222222222", id: null };
    const device = createActor(silent, { input: { settings, now: T0, seed: SEED } }).start();
    const picked = run(newAccountTimer(settings, SEED, T0 - MIN), T0, cmd({ type: "task", task: essay }, T0)).timer;
    for (const event of eventsToFollow(device.getSnapshot(), picked, T0 + 100)) device.send(event);
    expect(device.getSnapshot().context.task).toEqual(essay);
    const { picked: _picked, ...older } = picked;
    device.send({ type: "SYNC", timer: older, now: T0 + 200 });
    expect(device.getSnapshot().context.task).toEqual(essay);
  });
});
