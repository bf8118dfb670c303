import { getShortestPaths } from "@xstate/graph";
import { describe, expect, it } from "vitest";
import { createActor, type SnapshotFrom } from "xstate";
import { FLOWTIME_MAX_MS, UNDO_WINDOW_MS } from "../constants";
import { DEFAULT_SETTINGS, type TimerSettings } from "../schemas/settings";
import { extensionOffer, flowCueDue, flowFocusedMs } from "./flow";
import { breakEarnedSoFarMs, timerMachine } from "./machine";
import { sessionIdOf } from "./sessionId";
import { sharedTimerView, timerViewOf } from "./view";
import { activeEndWarning } from "./warnings";
import { discShare } from "./disc";
import { recording, silentMachine } from "./testChart";
import type { TimerEffect, TimerEvent, TimerInput } from "./types";
import { applyTimerCommands, newAccountTimer, nextSettleAt, sharedStateOfAccount } from "./accountTimer";
import type { TimedTimerCommand } from "./accountTimerSchema";
import { parsePersistedTimerState, toPersistedTimerState } from "./persistence";

const MIN = 60_000;
const SEC = 1000;
const T0 = new Date(2026, 10, 22, 9, 0, 0).getTime();
const SEED = "00112233445566778899";
const settings: TimerSettings = { ...DEFAULT_SETTINGS, autoStartBreaks: true, autoStartFocus: false };


function start(input: Partial<TimerInput> = {}) {
  const emitted: TimerEffect[] = [];
  const actor = createActor(recording(emitted), { input: { settings, now: T0, seed: SEED, ...input } }).start();
  return { actor, emitted };
}

describe("Flowtime: a focus session that counts up", () => {
  it("counts up from the start, with a full disc and no warnings", () => {
    const { actor } = start();
    actor.send({ type: "START", now: T0, flow: true });
    actor.send({ type: "TICK", now: T0 + 24 * MIN + 30 * SEC });
    const view = timerViewOf(actor.getSnapshot());
    expect(view).toMatchObject({ countsUp: true, display: "24:30", isRunning: true, progress: 0 });
    expect(discShare(view)).toBe(1);
    expect(activeEndWarning(view, "both")).toBeNull();
  });

  it("starts as Flowtime when the setting says so, and the start's own choice wins", () => {
    const flowSettings = { ...settings, focusStyle: "flowtime" as const };
    const a = start({ settings: flowSettings });
    a.actor.send({ type: "START", now: T0 });
    expect(a.actor.getSnapshot().context.flow).toBe(true);
    const b = start({ settings: flowSettings });
    b.actor.send({ type: "START", now: T0, flow: false });
    expect(b.actor.getSnapshot().context.flow).toBe(false);
  });

  it("stops the time so far while paused and goes on from there on resume", () => {
    const { actor } = start();
    actor.send({ type: "START", now: T0, flow: true });
    actor.send({ type: "PAUSE", now: T0 + 10 * MIN });
    actor.send({ type: "TICK", now: T0 + 40 * MIN });
    expect(timerViewOf(actor.getSnapshot())).toMatchObject({ isPaused: true, countsUp: true, display: "10:00" });
    actor.send({ type: "START", now: T0 + 40 * MIN });
    actor.send({ type: "TICK", now: T0 + 45 * MIN });
    expect(timerViewOf(actor.getSnapshot()).display).toBe("15:00");
  });

  it("records 'Take a break' as a completed focus session of its real length, and earns 1/5 of it as the break", () => {
    const { actor, emitted } = start();
    actor.send({ type: "START", now: T0, flow: true });
    actor.send({ type: "TICK", now: T0 + 30 * MIN });
    expect(breakEarnedSoFarMs(actor.getSnapshot().context)).toBe(6 * MIN);
    actor.send({ type: "TAKE_BREAK", now: T0 + 32 * MIN });
    expect(emitted).toEqual([
      expect.objectContaining({
        type: "sessionCompleted",
        mode: "focus",
        nextMode: "shortBreak",
        nextDurationMs: 6 * MIN,
        endedAt: T0 + 32 * MIN,
        flow: true,
        session: { startTime: new Date(T0).toISOString(), duration: 32 * 60, type: "focus", completed: true, clientId: sessionIdOf(SEED, T0) },
      }),
    ]);
    const s = actor.getSnapshot();
    expect([s.value, s.context.mode, s.context.durationMs, s.context.totalSessions, s.context.totalFocusTimeToday]).toEqual(["autoStarting", "shortBreak", 6 * MIN, 1, 32]);
  });

  it("counts the earned break down as usual once it starts, and keeps its length when settings change while it waits", () => {
    const { actor } = start({ settings: { ...settings, autoStartBreaks: false, flowBreakShare: 1 / 3 } });
    actor.send({ type: "START", now: T0, flow: true });
    actor.send({ type: "TAKE_BREAK", now: T0 + 30 * MIN });
    expect(actor.getSnapshot().context.durationMs).toBe(10 * MIN);
    actor.send({ type: "SET_SETTINGS", settings: { ...settings, autoStartBreaks: false, flowBreakShare: 1 / 3, shortBreakDuration: 7 }, now: T0 + 30 * MIN });
    expect(actor.getSnapshot().context.durationMs).toBe(10 * MIN);
    actor.send({ type: "START", now: T0 + 31 * MIN });
    actor.send({ type: "TICK", now: T0 + 33 * MIN });
    expect(timerViewOf(actor.getSnapshot())).toMatchObject({ mode: "shortBreak", countsUp: false, display: "08:00" });
  });

  it("keeps the earned break between 1 and 60 minutes", () => {
    const short = start();
    short.actor.send({ type: "START", now: T0, flow: true });
    short.actor.send({ type: "TAKE_BREAK", now: T0 + 2 * MIN });
    expect(short.actor.getSnapshot().context.durationMs).toBe(1 * MIN);
    const long = start();
    long.actor.send({ type: "START", now: T0, flow: true });
    long.actor.send({ type: "TAKE_BREAK", now: T0 + FLOWTIME_MAX_MS - MIN });
    expect(long.actor.getSnapshot().context.durationMs).toBe(48 * MIN);
    const third = start({ settings: { ...settings, flowBreakShare: 1 / 3 } });
    third.actor.send({ type: "START", now: T0, flow: true });
    third.actor.send({ type: "TAKE_BREAK", now: T0 + 200 * MIN });
    expect(third.actor.getSnapshot().context.durationMs).toBe(60 * MIN);
  });

  it("gives at least the long break after every N-th focus session", () => {
    const { actor, emitted } = start({ settings: { ...settings, longBreakInterval: 2 }, counters: { dayKey: "2026-11-22", completedSessionsToday: 1, totalFocusTimeToday: 25, totalSessions: 1 } });
    actor.send({ type: "START", now: T0, flow: true });
    actor.send({ type: "TAKE_BREAK", now: T0 + 20 * MIN });
    expect(emitted[0]).toMatchObject({ nextMode: "longBreak", nextDurationMs: 15 * MIN });
    expect(actor.getSnapshot().context).toMatchObject({ mode: "longBreak", durationMs: 15 * MIN });
  });

  it("leaves no record of a false start under a minute, and waits for focus again", () => {
    const { actor, emitted } = start();
    actor.send({ type: "START", now: T0, flow: true });
    actor.send({ type: "TAKE_BREAK", now: T0 + 50 * SEC });
    expect(emitted).toEqual([]);
    const s = actor.getSnapshot();
    expect([s.value, s.context.mode, s.context.flow, s.context.totalSessions]).toEqual(["idle", "focus", false, 0]);
  });

  it("records a paused Flowtime session when 'Take a break' ends it", () => {
    const { actor, emitted } = start();
    actor.send({ type: "START", now: T0, flow: true });
    actor.send({ type: "PAUSE", now: T0 + 12 * MIN });
    actor.send({ type: "TAKE_BREAK", now: T0 + 20 * MIN });
    expect(emitted[0]).toMatchObject({ type: "sessionCompleted", session: { duration: 12 * 60, completed: true } });
  });

  it("gives the long-stretch cue at the set length, without stopping the session", () => {
    const { actor } = start({ settings: { ...settings, flowCueMinutes: 60 } });
    actor.send({ type: "START", now: T0, flow: true });
    actor.send({ type: "TICK", now: T0 + 59 * MIN });
    const c = actor.getSnapshot().context;
    expect(flowCueDue(flowFocusedMs(c), c.settings)).toBe(false);
    actor.send({ type: "TICK", now: T0 + 60 * MIN });
    const after = actor.getSnapshot();
    expect(flowCueDue(flowFocusedMs(after.context), after.context.settings)).toBe(true);
    expect(after.value).toBe("running");
  });

  it("in strict focus refuses pause, and refuses 'Take a break' before the focus length but allows it after", () => {
    const { actor, emitted } = start();
    actor.send({ type: "START", now: T0, flow: true, strict: true });
    actor.send({ type: "PAUSE", now: T0 + 5 * MIN });
    actor.send({ type: "TAKE_BREAK", now: T0 + 24 * MIN });
    expect(emitted).toEqual([
      { type: "strictRefused", command: "pause" },
      { type: "strictRefused", command: "break" },
    ]);
    expect(actor.getSnapshot().value).toBe("running");
    actor.send({ type: "TAKE_BREAK", now: T0 + 25 * MIN });
    expect(emitted[2]).toMatchObject({ type: "sessionCompleted", session: { duration: 25 * 60 } });
  });

  it("is replaced by a room's round like a Pomodoro session", () => {
    const { actor } = start();
    actor.send({ type: "START", now: T0, flow: true });
    actor.send({ type: "FOLLOW_ROUND", mode: "focus", startedAt: T0 + MIN, endsAt: T0 + 26 * MIN, now: T0 + 2 * MIN });
    expect(actor.getSnapshot().context).toMatchObject({ flow: false, inRound: true, endsAt: T0 + 26 * MIN });
  });

  it("shares its count-up with other screens (mini timer, extension)", () => {
    const { actor } = start();
    actor.send({ type: "START", now: T0, flow: true });
    const view = sharedTimerView({ isActive: true, currentTime: 0, mode: "focus", progress: 0, endsAt: T0 + FLOWTIME_MAX_MS, durationMs: FLOWTIME_MAX_MS, sessionStartTime: T0, flow: true }, T0 + 12 * MIN);
    expect(view).toMatchObject({ countsUp: true, display: "12:00", secondsElapsed: 720 });
  });
});

describe("Five more minutes", () => {
  it("is offered in the last 2 minutes of a running Pomodoro focus session and moves the same session's end 5 minutes on", () => {
    const { actor } = start();
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "EXTEND", now: T0 + 22 * MIN });
    expect(actor.getSnapshot().context.endsAt).toBe(T0 + 25 * MIN);
    actor.send({ type: "TICK", now: T0 + 23 * MIN });
    expect(extensionOffer(actor.getSnapshot().context)).toBe("running");
    actor.send({ type: "EXTEND", now: T0 + 23 * MIN });
    const c = actor.getSnapshot().context;
    expect([c.endsAt, c.sessionStartTime, c.durationMs, c.extensions]).toEqual([T0 + 30 * MIN, T0, 30 * MIN, 1]);
  });

  it("brings an ended session back within 10 s, withdraws its record and cancels the break that started", () => {
    const { actor, emitted } = start();
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "TICK", now: T0 + 25 * MIN });
    actor.send({ type: "TICK", now: T0 + 25 * MIN + 2 * SEC });
    expect(actor.getSnapshot().value).toBe("autoStarting");
    actor.send({ type: "EXTEND", now: T0 + 25 * MIN + 9 * SEC });
    const s = actor.getSnapshot();
    expect(s.value).toBe("running");
    expect(s.context).toMatchObject({ mode: "focus", sessionStartTime: T0, endsAt: T0 + 30 * MIN, extensions: 1, totalSessions: 0, completedSessionsToday: 0, totalFocusTimeToday: 0 });
    expect(emitted.map((e) => e.type)).toEqual(["sessionCompleted", "stopUndone"]);
    expect(emitted[1]).toMatchObject({ session: { clientId: sessionIdOf(SEED, T0), completed: true } });
    // The same session ends 5 minutes later, recorded once more under its own id with its new length.
    actor.send({ type: "TICK", now: T0 + 30 * MIN });
    expect(emitted[2]).toMatchObject({ type: "sessionCompleted", session: { clientId: sessionIdOf(SEED, T0), duration: 30 * 60, extensions: 1 } });
  });

  it("cancels an auto-started break too", () => {
    const { actor } = start();
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "TICK", now: T0 + 25 * MIN });
    actor.send({ type: "TICK", now: T0 + 25 * MIN + 2 * SEC });
    // The break starts by itself after its delay (the after-event of `autoStarting`).
    actor.send({ type: "xstate.after.autoStartDelay.timer.autoStarting" } as unknown as TimerEvent);
    expect(actor.getSnapshot().context.mode).toBe("shortBreak");
    actor.send({ type: "EXTEND", now: T0 + 25 * MIN + 5 * SEC });
    expect(actor.getSnapshot().context).toMatchObject({ mode: "focus", endsAt: T0 + 30 * MIN });
  });

  it("is refused after the 10 s window", () => {
    const { actor, emitted } = start();
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "TICK", now: T0 + 25 * MIN });
    actor.send({ type: "EXTEND", now: T0 + 25 * MIN + UNDO_WINDOW_MS });
    expect(actor.getSnapshot().context.mode).toBe("shortBreak");
    expect(emitted.map((e) => e.type)).toEqual(["sessionCompleted"]);
  });

  it("stops at the limit of 2 in a row, before and after the end", () => {
    const { actor } = start();
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "EXTEND", now: T0 + 24 * MIN });
    actor.send({ type: "TICK", now: T0 + 30 * MIN });
    actor.send({ type: "EXTEND", now: T0 + 30 * MIN + SEC });
    expect(actor.getSnapshot().context).toMatchObject({ extensions: 2, endsAt: T0 + 35 * MIN });
    actor.send({ type: "EXTEND", now: T0 + 34 * MIN });
    expect(actor.getSnapshot().context.endsAt).toBe(T0 + 35 * MIN);
    actor.send({ type: "TICK", now: T0 + 35 * MIN });
    expect(extensionOffer(actor.getSnapshot().context)).toBeNull();
    actor.send({ type: "EXTEND", now: T0 + 35 * MIN + SEC });
    expect(actor.getSnapshot().context.mode).toBe("shortBreak");
  });

  it("is not offered when the setting is 0, in a Flowtime session or in a room's round", () => {
    const off = start({ settings: { ...settings, maxExtensions: 0 } });
    off.actor.send({ type: "START", now: T0 });
    off.actor.send({ type: "EXTEND", now: T0 + 24 * MIN });
    expect(off.actor.getSnapshot().context.endsAt).toBe(T0 + 25 * MIN);
    const flow = start();
    flow.actor.send({ type: "START", now: T0, flow: true });
    flow.actor.send({ type: "EXTEND", now: T0 + 24 * MIN });
    expect(flow.actor.getSnapshot().context.extensions).toBe(0);
    const room = start();
    room.actor.send({ type: "FOLLOW_ROUND", mode: "focus", startedAt: T0, endsAt: T0 + 25 * MIN, now: T0 });
    room.actor.send({ type: "EXTEND", now: T0 + 24 * MIN });
    expect(room.actor.getSnapshot().context.endsAt).toBe(T0 + 25 * MIN);
  });

  it("is offered in a strict session, which stays strict", () => {
    const { actor } = start();
    actor.send({ type: "START", now: T0, strict: true });
    actor.send({ type: "TICK", now: T0 + 25 * MIN });
    actor.send({ type: "EXTEND", now: T0 + 25 * MIN + SEC });
    expect(actor.getSnapshot().context).toMatchObject({ strict: true, mode: "focus", endsAt: T0 + 30 * MIN });
  });

  it("puts warnings at their offsets from the new end", () => {
    const { actor } = start({ settings: { ...settings, focusDuration: 17 } });
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "TICK", now: T0 + 16 * MIN });
    expect(activeEndWarning(timerViewOf(actor.getSnapshot()), "both")).toBe(1);
    actor.send({ type: "EXTEND", now: T0 + 16 * MIN });
    expect(activeEndWarning(timerViewOf(actor.getSnapshot()), "both")).toBeNull();
    actor.send({ type: "TICK", now: T0 + 17 * MIN });
    expect(activeEndWarning(timerViewOf(actor.getSnapshot()), "both")).toBe(5);
    actor.send({ type: "TICK", now: T0 + 21 * MIN });
    expect(activeEndWarning(timerViewOf(actor.getSnapshot()), "both")).toBe(1);
    expect(timerViewOf(actor.getSnapshot()).display).toBe("01:00");
  });

  it("gives a guest their day's session back when it comes back", () => {
    const access = { isGuest: true, subscription: { subscriptionPlan: "free" as const, subscriptionStatus: "trial" as const, trialEndDate: null }, guestSessionUsedOn: null, focusSessionsToday: 0 };
    const { actor } = start({ access });
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "TICK", now: T0 + 25 * MIN });
    expect(actor.getSnapshot().context.access.guestSessionUsedOn).not.toBeNull();
    actor.send({ type: "EXTEND", now: T0 + 25 * MIN + SEC });
    expect(actor.getSnapshot().context.access.guestSessionUsedOn).toBeNull();
  });
});

describe("Flowtime and Five more minutes on the account's timer and in saved state", () => {
  const env = (now: number) => ({ settings, access: { isGuest: false, subscription: { subscriptionPlan: "premium" as const, subscriptionStatus: "active" as const, trialEndDate: null }, guestSessionUsedOn: null, focusSessionsToday: 0 }, now });
  let ids = 0;
  const cmd = (command: TimedTimerCommand["command"], at: number): TimedTimerCommand => ({ id: `00000000-0000-4000-8000-${String(++ids).padStart(12, "0")}`, command, at });

  it("schedules no end for a Flowtime session, and shares it as counting up", () => {
    const { timer } = applyTimerCommands(newAccountTimer(settings, SEED, T0), [cmd({ type: "start", flow: true }, T0)], 0, env(T0));
    expect(timer).toMatchObject({ status: "running", flow: true });
    expect(nextSettleAt(timer)).toBeNull();
    expect(sharedTimerView(sharedStateOfAccount(timer, T0 + 7 * MIN), T0 + 7 * MIN)).toMatchObject({ countsUp: true, display: "07:00" });
  });

  it("records a Flowtime session on the server's 'takeBreak' and withdraws a completion on 'extend' after the end", () => {
    const flow = applyTimerCommands(newAccountTimer(settings, SEED, T0), [cmd({ type: "start", flow: true }, T0), cmd({ type: "takeBreak" }, T0 + 40 * MIN)], 0, env(T0 + 40 * MIN));
    expect(flow.effects).toEqual([expect.objectContaining({ type: "sessionCompleted", flow: true, nextDurationMs: 8 * MIN, session: expect.objectContaining({ duration: 40 * 60 }) })]);
    const pomodoro = applyTimerCommands(newAccountTimer(settings, SEED, T0), [cmd({ type: "start" }, T0), cmd({ type: "extend" }, T0 + 25 * MIN + 4000)], 0, env(T0 + 25 * MIN + 5000));
    expect(pomodoro.effects.map((e) => e.type)).toEqual(["sessionCompleted", "stopUndone"]);
    expect(pomodoro.timer).toMatchObject({ status: "running", mode: "focus", endsAt: T0 + 30 * MIN, extensions: 1, totalSessions: 0 });
  });

  it("restores a saved Flowtime session after a reload, running or paused", () => {
    const running = start();
    running.actor.send({ type: "START", now: T0, flow: true });
    const saved = parsePersistedTimerState(JSON.parse(JSON.stringify(toPersistedTimerState(running.actor.getSnapshot().context, true))));
    const again = start({ now: T0 + 10 * MIN, restore: saved });
    expect(timerViewOf(again.actor.getSnapshot())).toMatchObject({ countsUp: true, isRunning: true, display: "10:00" });

    running.actor.send({ type: "PAUSE", now: T0 + 3 * MIN });
    const pausedSave = parsePersistedTimerState(JSON.parse(JSON.stringify(toPersistedTimerState(running.actor.getSnapshot().context, false))));
    const resumed = start({ now: T0 + 5 * MIN, restore: pausedSave });
    expect(timerViewOf(resumed.actor.getSnapshot())).toMatchObject({ countsUp: true, isPaused: true, display: "03:00" });
  });
});

describe("Flowtime and Five more minutes: every path", () => {
  type Snapshot = SnapshotFrom<typeof timerMachine>;
  const machine = silentMachine;
  /** Events stamped from the state: a start of each style, pause, Take a break, +5 near and after the end, the end. */
  function eventsFor(s: Snapshot): TimerEvent[] {
    const now = s.context.now;
    const events: TimerEvent[] = [
      { type: "START", now, flow: true },
      { type: "START", now, flow: false },
      { type: "PAUSE", now: now + 2 * MIN },
      { type: "TAKE_BREAK", now: now + 30 * MIN },
      { type: "EXTEND", now: s.context.endsAt === null ? now + SEC : Math.max(now, s.context.endsAt - MIN) },
    ];
    if (s.context.endsAt !== null) events.push({ type: "TICK", now: s.context.endsAt });
    return events;
  }
  const serialize = (s: Snapshot) =>
    JSON.stringify([s.value, s.context.mode, s.context.flow, s.context.extensions, s.context.totalSessions, s.context.extendable !== null, s.context.earnedBreakMs]);

  it("reaches a running and paused Flowtime session, an earned break, and a session brought back by +5, keeping the rules", () => {
    const paths = getShortestPaths(machine, {
      input: { settings: { ...settings, autoStartBreaks: false }, now: T0, seed: SEED },
      events: eventsFor,
      serializeState: serialize,
      stopWhen: (s: Snapshot) => s.context.totalSessions > 1,
    } as Parameters<typeof getShortestPaths<typeof machine>>[1]);
    const states = paths.map((p) => p.state);
    expect(states.some((s) => s.matches("running") && s.context.flow)).toBe(true);
    expect(states.some((s) => s.matches("paused") && s.context.flow)).toBe(true);
    expect(states.some((s) => s.context.earnedBreakMs === 6 * MIN && s.context.mode === "shortBreak")).toBe(true);
    expect(states.some((s) => s.matches("running") && s.context.extensions === 2)).toBe(true);
    for (const s of states) {
      // A Flowtime session never counts down a warning; a break never counts up.
      if (s.context.flow) expect(s.context.mode).toBe("focus");
      // Extensions never go past the limit.
      expect(s.context.extensions).toBeLessThanOrEqual(2);
    }
  });
});
