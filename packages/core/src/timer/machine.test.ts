import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, fromCallback, SimulatedClock, type EventObject } from "xstate";
import { DEFAULT_SETTINGS, type TimerSettings } from "../schemas/settings";
import { localDayKey } from "../format";
import { timerMachine } from "./machine";
import { sessionIdOf } from "./sessionId";
import { parsePersistedTimerState, toPersistedTimerState } from "./persistence";
import { timerViewOf } from "./view";
import type { TimerAccess, TimerEffect, TimerInput } from "./types";

const MIN = 60_000;
/** A fixed local noon, so day rollovers only happen where a test asks for one. */
const T0 = new Date(2026, 10, 22, 12, 0, 0).getTime();

const settings: TimerSettings = {
  focusDuration: DEFAULT_SETTINGS.focusDuration,
  shortBreakDuration: DEFAULT_SETTINGS.shortBreakDuration,
  longBreakDuration: DEFAULT_SETTINGS.longBreakDuration,
  longBreakInterval: DEFAULT_SETTINGS.longBreakInterval,
  autoStartBreaks: false,
  autoStartFocus: false,
};

const GUEST = { isGuest: true, subscription: { subscriptionPlan: "free", subscriptionStatus: "free", trialEndDate: null }, focusSessionsToday: 0 } as const;

/** A logged-in (non-guest) user's access with the given plan and focus sessions already done today. */
function member(subscription: TimerAccess["subscription"], focusSessionsToday = 0): TimerAccess {
  return { isGuest: false, subscription, guestSessionUsedOn: null, focusSessionsToday };
}

const CANCELLED: TimerAccess["subscription"] = { subscriptionPlan: "free", subscriptionStatus: "cancelled", trialEndDate: null };

/** A free plan in trial until `end` (epoch ms). */
function trialEndingAt(end: number): TimerAccess["subscription"] {
  return { subscriptionPlan: "free", subscriptionStatus: "trial", trialEndDate: new Date(end).toISOString() };
}

/**
 * The chart with its real-time ticker replaced (tests send TICKs with the time they choose)
 * and its effects recorded in `emitted`, in order.
 */
function start(input: Partial<TimerInput> = {}) {
  const clock = new SimulatedClock();
  const emitted: TimerEffect[] = [];
  const testMachine = timerMachine.provide({
    actors: { ticker: fromCallback<EventObject, { endsAt: number }>(() => () => {}) },
    actions: {
      sessionCompleted: (_, params) => emitted.push({ type: "sessionCompleted", ...params }),
      startRefused: (_, params) => emitted.push({ type: "startRefused", ...params }),
      roundRefused: (_, params) => emitted.push({ type: "roundRefused", ...params }),
    },
  });
  const actor = createActor(testMachine, { clock, input: { settings, now: T0, ...input } });
  actor.start();
  return { actor, clock, emitted };
}

describe("timer chart", () => {
  it("starts idle in focus mode with the full focus duration", () => {
    const { actor } = start();
    const s = actor.getSnapshot();
    expect(s.value).toBe("idle");
    expect(s.context.mode).toBe("focus");
    expect(timerViewOf(s).display).toBe("25:00");
    expect(timerViewOf(s).isRunning).toBe(false);
  });

  it("counts down from an end timestamp and shows mm:ss", () => {
    const { actor } = start();
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "TICK", now: T0 + 61_000 });
    const s = actor.getSnapshot();
    expect(s.value).toBe("running");
    expect(s.context.endsAt).toBe(T0 + 25 * MIN);
    expect(timerViewOf(s).display).toBe("23:59");
    expect(timerViewOf(s).progress).toBeCloseTo((61 / 1500) * 100);
  });

  it("shows the true time left after a long gap between ticks (blocked thread, hidden tab)", () => {
    const { actor } = start();
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "TICK", now: T0 + 10 * MIN + 400 });
    expect(timerViewOf(actor.getSnapshot()).secondsLeft).toBe(15 * 60 - 0); // 14:59.6 shows 15:00
    expect(timerViewOf(actor.getSnapshot()).display).toBe("15:00");
  });

  it("keeps the remaining time when paused and resumes from it", () => {
    const { actor } = start();
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "PAUSE", now: T0 + 5 * MIN });
    expect(actor.getSnapshot().value).toBe("paused");
    // Time passing while paused changes nothing.
    actor.send({ type: "TICK", now: T0 + 50 * MIN });
    expect(timerViewOf(actor.getSnapshot()).display).toBe("20:00");
    actor.send({ type: "START", now: T0 + 60 * MIN });
    expect(actor.getSnapshot().context.endsAt).toBe(T0 + 80 * MIN);
  });

  it("ignores a start request while running", () => {
    const { actor } = start();
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "START", now: T0 + 3 * MIN });
    expect(actor.getSnapshot().context.endsAt).toBe(T0 + 25 * MIN);
  });

  it("resets to the full duration of the current mode and stops", () => {
    const { actor } = start();
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "RESET", now: T0 + 7 * MIN });
    const s = actor.getSnapshot();
    expect(s.value).toBe("idle");
    expect(timerViewOf(s).display).toBe("25:00");
  });

  it("changing mode resets to that mode's duration and stops", () => {
    const { actor } = start();
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "SET_MODE", mode: "longBreak", now: T0 + MIN });
    const s = actor.getSnapshot();
    expect(s.value).toBe("idle");
    expect(s.context.mode).toBe("longBreak");
    expect(timerViewOf(s).display).toBe("15:00");
  });

  it("changing durations never cuts a started session: it keeps its length, the next one takes the new", () => {
    const { actor } = start();
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "SET_SETTINGS", settings: { ...settings, focusDuration: 50, shortBreakDuration: 10 }, now: T0 + 2 * MIN });
    expect(actor.getSnapshot().value).toBe("running");
    expect(timerViewOf(actor.getSnapshot()).display).toBe("23:00");
    actor.send({ type: "PAUSE", now: T0 + 3 * MIN });
    actor.send({ type: "SET_SETTINGS", settings: { ...settings, focusDuration: 30, shortBreakDuration: 10 }, now: T0 + 4 * MIN });
    expect(actor.getSnapshot().value).toBe("paused");
    expect(timerViewOf(actor.getSnapshot()).display).toBe("22:00");
    actor.send({ type: "START", now: T0 + 5 * MIN });
    actor.send({ type: "TICK", now: T0 + 27 * MIN });
    expect(actor.getSnapshot().context.mode).toBe("shortBreak");
    expect(timerViewOf(actor.getSnapshot()).display).toBe("10:00");
  });

  it("an idle timer shows new durations at once", () => {
    const { actor } = start();
    actor.send({ type: "SET_SETTINGS", settings: { ...settings, focusDuration: 50 }, now: T0 });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(timerViewOf(actor.getSnapshot()).display).toBe("50:00");
  });

  it("completes a focus session at its end time, raises the counters and emits the session", () => {
    const { actor, emitted } = start();
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "TICK", now: T0 + 25 * MIN + 3 });
    const s = actor.getSnapshot();
    expect(s.value).toBe("idle");
    expect(s.context.mode).toBe("shortBreak");
    expect(s.context.completedSessionsToday).toBe(1);
    expect(s.context.totalFocusTimeToday).toBe(25);
    expect(s.context.totalSessions).toBe(1);
    expect(emitted).toEqual([
      {
        type: "sessionCompleted",
        mode: "focus",
        nextMode: "shortBreak",
        nextDurationMs: 5 * MIN,
        nextStartsItself: false,
        endedAt: T0 + 25 * MIN,
        whileAway: false,
        task: null,
        session: { startTime: new Date(T0).toISOString(), duration: 1500, type: "focus", completed: true, clientId: sessionIdOf(s.context.seed, T0) },
      },
    ]);
  });

  it("starts a long break after every 4th focus session", () => {
    const { actor } = start({ counters: { dayKey: localDayKey(T0), completedSessionsToday: 3, totalFocusTimeToday: 75, totalSessions: 3 } });
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "TICK", now: T0 + 25 * MIN });
    expect(actor.getSnapshot().context.mode).toBe("longBreak");
    expect(timerViewOf(actor.getSnapshot()).display).toBe("15:00");
  });

  it("honours a custom long break interval", () => {
    const { actor } = start({ settings: { ...settings, longBreakInterval: 2 } });
    const modes: string[] = [];
    let t = T0;
    for (let i = 0; i < 4; i++) {
      actor.send({ type: "START", now: t });
      t = actor.getSnapshot().context.endsAt!;
      actor.send({ type: "TICK", now: t });
      modes.push(actor.getSnapshot().context.mode);
    }
    // focus → short, short → focus, focus → long, long → focus
    expect(modes).toEqual(["shortBreak", "focus", "longBreak", "focus"]);
  });

  it("auto-starts the break 1 s after a focus session, anchored to the session's end", () => {
    const { actor, clock } = start({ settings: { ...settings, autoStartBreaks: true } });
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "TICK", now: T0 + 25 * MIN });
    expect(actor.getSnapshot().value).toBe("autoStarting");
    // A start request while starting is ignored.
    actor.send({ type: "START", now: T0 + 25 * MIN + 500 });
    expect(actor.getSnapshot().value).toBe("autoStarting");
    clock.increment(999);
    expect(actor.getSnapshot().value).toBe("autoStarting");
    clock.increment(1);
    const s = actor.getSnapshot();
    expect(s.value).toBe("running");
    expect(s.context.mode).toBe("shortBreak");
    expect(s.context.endsAt).toBe(T0 + 25 * MIN + 1000 + 5 * MIN);
  });

  it("returns to focus after a break and auto-starts it only when autoStartFocus is on", () => {
    const off = start({ settings: { ...settings, autoStartBreaks: true } });
    off.actor.send({ type: "START", now: T0 });
    off.actor.send({ type: "TICK", now: T0 + 25 * MIN });
    off.clock.increment(1000);
    off.actor.send({ type: "TICK", now: T0 + 31 * MIN + 1000 });
    expect(off.actor.getSnapshot().context.mode).toBe("focus");
    expect(off.actor.getSnapshot().value).toBe("idle");

    const on = start({ settings: { ...settings, autoStartFocus: true }, counters: undefined });
    on.actor.send({ type: "SET_MODE", mode: "shortBreak", now: T0 });
    on.actor.send({ type: "START", now: T0 });
    on.actor.send({ type: "TICK", now: T0 + 5 * MIN });
    expect(on.actor.getSnapshot().value).toBe("autoStarting");
    on.clock.increment(1000);
    expect(on.actor.getSnapshot().value).toBe("running");
    expect(on.actor.getSnapshot().context.mode).toBe("focus");
  });

  it("replays a missed timeline after a short sleep: focus and the auto-started break both complete", () => {
    const { actor, clock, emitted } = start({ settings: { ...settings, autoStartBreaks: true } });
    actor.send({ type: "START", now: T0 });
    // Asleep from 24:00 until 6 minutes after the end: the break (5 min, from 25:01) is over too.
    actor.send({ type: "TICK", now: T0 + 31 * MIN });
    clock.increment(1000);
    actor.send({ type: "TICK", now: T0 + 31 * MIN + 1000 });
    const s = actor.getSnapshot();
    expect(emitted.map((e) => e.type === "sessionCompleted" && e.session.type)).toEqual(["focus", "break"]);
    expect(s.context.mode).toBe("focus");
    expect(s.value).toBe("idle");
  });

  it("after a long sleep records the focus session and leaves the break waiting, not replayed", () => {
    const { actor, clock, emitted } = start({ settings: { ...settings, autoStartBreaks: true } });
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "TICK", now: T0 + 90 * MIN });
    clock.increment(1000);
    const s = actor.getSnapshot();
    expect(emitted).toEqual([expect.objectContaining({ type: "sessionCompleted", mode: "focus", whileAway: true })]);
    expect(s.context.mode).toBe("shortBreak");
    expect(s.value).toBe("idle");
  });

  it("resets today's counters when the local day changes", () => {
    const { actor } = start({ counters: { dayKey: localDayKey(T0), completedSessionsToday: 5, totalFocusTimeToday: 125, totalSessions: 5 } });
    actor.send({ type: "TICK", now: T0 + 13 * 60 * MIN });
    const c = actor.getSnapshot().context;
    expect(c.completedSessionsToday).toBe(0);
    expect(c.totalFocusTimeToday).toBe(0);
    expect(c.totalSessions).toBe(5);
  });

  it("drops stored counters of another day at start", () => {
    const { actor } = start({ counters: { dayKey: "2026-11-21", completedSessionsToday: 3, totalFocusTimeToday: 75, totalSessions: 9 } });
    expect(actor.getSnapshot().context.completedSessionsToday).toBe(0);
    expect(actor.getSnapshot().context.totalSessions).toBe(9);
  });
});

describe("timer restore (a running session at any age, anything else younger than 10 minutes)", () => {
  function savedRunning(at: number) {
    const { actor } = start();
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "TICK", now: at });
    return toPersistedTimerState(actor.getSnapshot().context, true);
  }

  it("restores a running timer with the right remaining time", () => {
    const saved = savedRunning(T0 + 5 * MIN);
    const restored = parsePersistedTimerState(JSON.parse(JSON.stringify(saved)));
    const { actor } = start({ now: T0 + 8 * MIN, restore: restored });
    expect(actor.getSnapshot().value).toBe("running");
    expect(timerViewOf(actor.getSnapshot()).display).toBe("17:00");
  });

  it("restores a paused timer", () => {
    const { actor: a } = start();
    a.send({ type: "START", now: T0 });
    a.send({ type: "PAUSE", now: T0 + 2 * MIN });
    const saved = parsePersistedTimerState(toPersistedTimerState(a.getSnapshot().context, false));
    const { actor } = start({ now: T0 + 9 * MIN, restore: saved });
    expect(actor.getSnapshot().value).toBe("paused");
    expect(timerViewOf(actor.getSnapshot()).display).toBe("23:00");
  });

  it("ignores a saved paused state 10 minutes old or older", () => {
    const { actor: a } = start();
    a.send({ type: "START", now: T0 });
    a.send({ type: "PAUSE", now: T0 + MIN });
    const saved = parsePersistedTimerState(toPersistedTimerState(a.getSnapshot().context, false));
    const { actor } = start({ now: T0 + 11 * MIN, restore: saved });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(timerViewOf(actor.getSnapshot()).display).toBe("25:00");
  });

  it("restores a running session saved more than 10 minutes ago with its true time left", () => {
    const saved = parsePersistedTimerState(savedRunning(T0 + MIN));
    const { actor, emitted } = start({ now: T0 + 15 * MIN, restore: saved });
    expect(actor.getSnapshot().value).toBe("running");
    expect(timerViewOf(actor.getSnapshot()).display).toBe("10:00");
    expect(emitted).toEqual([]);
  });

  it("completes a restored session whose end passed while the page was closed, quietly when long ago", () => {
    const saved = parsePersistedTimerState(savedRunning(T0 + 20 * MIN));
    const { actor, emitted } = start({ now: T0 + 26 * MIN, restore: saved });
    expect(actor.getSnapshot().context.mode).toBe("shortBreak");
    expect(emitted).toEqual([
      expect.objectContaining({ type: "sessionCompleted", mode: "focus", endedAt: T0 + 25 * MIN, whileAway: false }),
    ]);
    const later = start({ now: T0 + 65 * MIN, restore: saved });
    expect(later.emitted).toEqual([
      expect.objectContaining({
        type: "sessionCompleted",
        mode: "focus",
        endedAt: T0 + 25 * MIN,
        whileAway: true,
        session: expect.objectContaining({ startTime: new Date(T0).toISOString(), duration: 1500 }),
      }),
    ]);
    expect(later.actor.getSnapshot().context.completedSessionsToday).toBe(1);
  });

  it("records a session that ended while the page was closed even when the settings changed since", () => {
    const saved = parsePersistedTimerState(savedRunning(T0 + 2 * MIN));
    const { actor, emitted } = start({ now: T0 + 40 * MIN, restore: saved, settings: { ...settings, focusDuration: 50 } });
    expect(emitted).toEqual([expect.objectContaining({ type: "sessionCompleted", session: expect.objectContaining({ duration: 1500 }) })]);
    expect(actor.getSnapshot().context.mode).toBe("shortBreak");
  });

  it("starts the break after a session that ended while away only if it would still be running", () => {
    const auto = { ...settings, autoStartBreaks: true };
    // Ended 2 minutes ago: the break started 1 s after the end and has 3 minutes left.
    const recent = start({ now: T0 + 27 * MIN, restore: parsePersistedTimerState(savedRunning(T0 + 5 * MIN)), settings: auto });
    recent.clock.increment(1000);
    expect(recent.actor.getSnapshot().value).toBe("running");
    expect(recent.actor.getSnapshot().context.mode).toBe("shortBreak");
    expect(recent.actor.getSnapshot().context.endsAt).toBe(T0 + 25 * MIN + 1000 + 5 * MIN);
    expect(recent.emitted).toEqual([expect.objectContaining({ nextMode: "shortBreak", nextStartsItself: true })]);
    // Ended 40 minutes ago: no break is replayed; the break waits to be started.
    const old = start({ now: T0 + 65 * MIN, restore: parsePersistedTimerState(savedRunning(T0 + 5 * MIN)), settings: auto });
    old.clock.increment(1000);
    expect(old.actor.getSnapshot().value).toBe("idle");
    expect(old.actor.getSnapshot().context.mode).toBe("shortBreak");
    expect(old.emitted).toEqual([expect.objectContaining({ type: "sessionCompleted", nextStartsItself: false, whileAway: true })]);
  });

  it("ignores malformed saved state", () => {
    expect(parsePersistedTimerState({ isActive: "yes" })).toBeNull();
    expect(parsePersistedTimerState(null)).toBeNull();
  });
});

describe("timer access guards", () => {
  it("lets a guest complete one focus session per day, then refuses with guestLimit", () => {
    const { actor, emitted } = start({ access: { ...GUEST, guestSessionUsedOn: null } });
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "TICK", now: T0 + 25 * MIN });
    expect(actor.getSnapshot().context.access.guestSessionUsedOn).toBe(localDayKey(T0));
    // Breaks stay available.
    actor.send({ type: "START", now: T0 + 26 * MIN });
    expect(actor.getSnapshot().value).toBe("running");
    actor.send({ type: "SET_MODE", mode: "focus", now: T0 + 27 * MIN });
    actor.send({ type: "START", now: T0 + 27 * MIN });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(emitted.at(-1)).toEqual({ type: "startRefused", reason: "guestLimit" });
  });

  it("lets the guest focus again the next day", () => {
    const { actor } = start({ access: { ...GUEST, guestSessionUsedOn: localDayKey(T0 - 24 * 60 * MIN) } });
    actor.send({ type: "START", now: T0 });
    expect(actor.getSnapshot().value).toBe("running");
  });

  it("lets a Free-plan user (cancelled) run two focus sessions a day, then refuses with freeLimit until the plan changes", () => {
    const { actor, emitted } = start({ access: member(CANCELLED, 1) });
    actor.send({ type: "START", now: T0 });
    expect(actor.getSnapshot().value).toBe("running");
    actor.send({ type: "RESET", now: T0 + MIN });
    actor.send({ type: "SET_ACCESS", access: member(CANCELLED, 2) });
    actor.send({ type: "START", now: T0 + MIN });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(emitted).toEqual([{ type: "startRefused", reason: "freeLimit" }]);
    // Breaks stay available.
    actor.send({ type: "SET_MODE", mode: "shortBreak", now: T0 + MIN });
    actor.send({ type: "START", now: T0 + MIN });
    expect(actor.getSnapshot().value).toBe("running");
    actor.send({ type: "SET_MODE", mode: "focus", now: T0 + 2 * MIN });
    actor.send({ type: "SET_ACCESS", access: member({ subscriptionPlan: "premium", subscriptionStatus: "active", trialEndDate: null }, 2) });
    actor.send({ type: "START", now: T0 + 2 * MIN });
    expect(actor.getSnapshot().value).toBe("running");
  });

  it("applies the Free plan's limit once the trial has ended while the app stayed open, with no new access event", () => {
    const { actor, clock, emitted } = start({ access: member(trialEndingAt(T0 + MIN), 3) });
    const now = () => T0 + clock.now();
    actor.send({ type: "START", now: now() });
    actor.send({ type: "PAUSE", now: now() + 1000 });
    expect(actor.getSnapshot().value).toBe("paused");

    clock.increment(MIN + 1000);
    actor.send({ type: "START", now: now() });
    expect(actor.getSnapshot().value).toBe("paused");
    expect(emitted).toEqual([{ type: "startRefused", reason: "freeLimit" }]);
    actor.send({ type: "RESET", now: now() });
    actor.send({ type: "TOGGLE", now: now() });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(emitted.at(-1)).toEqual({ type: "startRefused", reason: "freeLimit" });
  });

  it("lets a Free-plan user whose trial ended start when today's sessions are under the limit", () => {
    const { actor } = start({ access: member(trialEndingAt(T0 - MIN), 1) });
    actor.send({ type: "START", now: T0 });
    expect(actor.getSnapshot().value).toBe("running");
  });

  it("lets a trial user start up to the trial's last millisecond", () => {
    const { actor } = start({ access: member(trialEndingAt(T0 + MIN)) });
    actor.send({ type: "START", now: T0 + MIN - 1 });
    expect(actor.getSnapshot().value).toBe("running");
  });

  it("applies the guest limit to TOGGLE as to START", () => {
    const { actor, emitted } = start({ access: { ...GUEST, guestSessionUsedOn: localDayKey(T0) } });
    actor.send({ type: "TOGGLE", now: T0 });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(emitted).toEqual([{ type: "startRefused", reason: "guestLimit" }]);
  });
});

describe("TOGGLE (the Space shortcut)", () => {
  it("starts when idle, pauses when running and resumes when paused", () => {
    const { actor } = start();
    actor.send({ type: "TOGGLE", now: T0 });
    expect(actor.getSnapshot().value).toBe("running");
    actor.send({ type: "TOGGLE", now: T0 + MIN });
    expect(actor.getSnapshot().value).toBe("paused");
    expect(timerViewOf(actor.getSnapshot()).display).toBe("24:00");
    actor.send({ type: "TOGGLE", now: T0 + 5 * MIN });
    const s = actor.getSnapshot();
    expect(s.value).toBe("running");
    expect(s.context.endsAt).toBe(T0 + 5 * MIN + 24 * MIN);
  });

  it("is ignored during the second before an automatic start", () => {
    const { actor, clock } = start({ settings: { ...settings, autoStartBreaks: true } });
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "TICK", now: T0 + 25 * MIN });
    expect(actor.getSnapshot().value).toBe("autoStarting");
    actor.send({ type: "TOGGLE", now: T0 + 25 * MIN + 500 });
    expect(actor.getSnapshot().value).toBe("autoStarting");
    clock.increment(1000);
    const s = actor.getSnapshot();
    expect(s.value).toBe("running");
    expect(s.context.mode).toBe("shortBreak");
  });

  it("does not pause a session whose end time has passed: the session completes", () => {
    const { actor, emitted } = start();
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "TOGGLE", now: T0 + 25 * MIN });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(actor.getSnapshot().context.mode).toBe("shortBreak");
    expect(emitted.map((e) => e.type)).toEqual(["sessionCompleted"]);
  });
});

describe("the ticker", () => {
  afterEach(() => vi.useRealTimers());

  it("wakes the chart once a second and leaves no timer behind when a session ends", () => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
    const actor = createActor(timerMachine, { input: { settings: { ...settings, autoStartBreaks: true }, now: T0 } }).start();
    let changes = 0;
    actor.subscribe(() => changes++);
    actor.send({ type: "START", now: T0 });
    vi.advanceTimersByTime(10_000);
    expect(changes).toBeGreaterThanOrEqual(10);
    expect(changes).toBeLessThanOrEqual(12);
    expect(vi.getTimerCount()).toBe(1);

    // The focus session ends and the break starts by itself: one ticker again, not two.
    vi.advanceTimersByTime(25 * MIN);
    vi.advanceTimersByTime(1500);
    expect(actor.getSnapshot().value).toBe("running");
    expect(actor.getSnapshot().context.mode).toBe("shortBreak");
    expect(vi.getTimerCount()).toBe(1);
    actor.send({ type: "RESET", now: Date.now() });
    expect(vi.getTimerCount()).toBe(0);
    actor.stop();
  });
});


describe("timer chart following a focus room's rounds", () => {
  const round = (mode: "focus" | "shortBreak", startedAt: number, endsAt: number, now: number) =>
    ({ type: "FOLLOW_ROUND", mode, startedAt, endsAt, now }) as const;

  it("joins a round mid-way: runs to the room's end and records only the part the user was there for", () => {
    const { actor, emitted } = start();
    actor.send(round("focus", T0 - 10 * MIN, T0 + 15 * MIN, T0));
    const joined = actor.getSnapshot();
    expect(joined.value).toBe("running");
    expect(joined.context.endsAt).toBe(T0 + 15 * MIN);
    expect(timerViewOf(joined).display).toBe("15:00");
    actor.send({ type: "TICK", now: T0 + 15 * MIN });
    expect(emitted).toHaveLength(1);
    expect(emitted[0]).toMatchObject({
      type: "sessionCompleted",
      mode: "focus",
      nextMode: "shortBreak",
      session: { startTime: new Date(T0).toISOString(), duration: 15 * 60, type: "focus", completed: true },
    });
    // The room's break follows; it too ends when the room says.
    actor.send(round("shortBreak", T0 + 15 * MIN, T0 + 20 * MIN, T0 + 15 * MIN + 200));
    expect(actor.getSnapshot().context).toMatchObject({ mode: "shortBreak", endsAt: T0 + 20 * MIN });
  });

  it("takes the same round again as nothing new, and ignores a round already over", () => {
    const { actor } = start();
    actor.send(round("focus", T0, T0 + 25 * MIN, T0 + 1000));
    const before = actor.getSnapshot().context;
    actor.send(round("focus", T0, T0 + 25 * MIN, T0 + 5 * MIN));
    expect(actor.getSnapshot().context.sessionStartTime).toBe(before.sessionStartTime);
    actor.send({ type: "LEAVE_ROUND", now: T0 + 6 * MIN });
    actor.send({ type: "PAUSE", now: T0 + 6 * MIN });
    actor.send(round("focus", T0 - 30 * MIN, T0 - 5 * MIN, T0 + 6 * MIN));
    expect(actor.getSnapshot().value).toBe("paused");
  });

  it("keeps a round on the room's clock: pause, reset and mode changes are refused until the user leaves the room, then the rest is their own", () => {
    const { actor, emitted } = start();
    actor.send(round("focus", T0, T0 + 25 * MIN, T0 + 1000));
    expect(timerViewOf(actor.getSnapshot()).inRound).toBe(true);
    actor.send({ type: "PAUSE", now: T0 + MIN });
    actor.send({ type: "TOGGLE", now: T0 + MIN });
    actor.send({ type: "RESET", now: T0 + MIN });
    actor.send({ type: "SET_MODE", mode: "shortBreak", now: T0 + MIN });
    expect(actor.getSnapshot().value).toBe("running");
    expect(actor.getSnapshot().context).toMatchObject({ mode: "focus", endsAt: T0 + 25 * MIN });
    expect(emitted.map((e) => e.type === "roundRefused" && e.command)).toEqual(["pause", "pause", "reset", "mode"]);
    // Leaving the room: the round's end stays, and the session is the user's to pause.
    actor.send({ type: "LEAVE_ROUND", now: T0 + 2 * MIN });
    expect(timerViewOf(actor.getSnapshot()).inRound).toBe(false);
    expect(actor.getSnapshot().context.endsAt).toBe(T0 + 25 * MIN);
    // Back in the room during the same round: the session goes on (not restarted), in the room.
    actor.send(round("focus", T0, T0 + 25 * MIN, T0 + 2 * MIN + 500));
    expect(actor.getSnapshot().context).toMatchObject({ inRound: true, sessionStartTime: T0 + 1000, endsAt: T0 + 25 * MIN });
    actor.send({ type: "LEAVE_ROUND", now: T0 + 3 * MIN });
    actor.send({ type: "PAUSE", now: T0 + 3 * MIN });
    expect(actor.getSnapshot().value).toBe("paused");
    expect(emitted).toHaveLength(4);
    // Outside a round, leaving changes nothing.
    const paused = actor.getSnapshot().context;
    actor.send({ type: "LEAVE_ROUND", now: T0 + 4 * MIN });
    expect(actor.getSnapshot().context.remainingMs).toBe(paused.remainingMs);
    actor.stop();
  });

  it("replaces a personal session that was running with the room's round", () => {
    const { actor, emitted } = start();
    actor.send({ type: "SET_MODE", mode: "shortBreak", now: T0 });
    actor.send({ type: "START", now: T0 });
    actor.send(round("focus", T0 - MIN, T0 + 24 * MIN, T0 + 1000));
    expect(actor.getSnapshot().context).toMatchObject({ mode: "focus", endsAt: T0 + 24 * MIN, durationMs: 24 * MIN - 1000 });
    expect(emitted).toEqual([]);
  });

  it("refuses a focus round past the Free plan's daily limit, as a start", () => {
    const { actor, emitted } = start({ access: member(CANCELLED, 2) });
    actor.send(round("focus", T0, T0 + 25 * MIN, T0 + 1000));
    expect(actor.getSnapshot().value).toBe("idle");
    expect(emitted).toEqual([{ type: "startRefused", reason: "freeLimit" }]);
    // A break round is never refused.
    actor.send(round("shortBreak", T0 + 25 * MIN, T0 + 30 * MIN, T0 + 25 * MIN));
    expect(actor.getSnapshot().value).toBe("running");
  });
});
