import { describe, expect, it } from "vitest";
import { createActor, fromCallback, type EventObject } from "xstate";
import { ESCAPE_WAIT_LONG_MS, ESCAPE_WAIT_MS } from "../constants";
import { escapeProblem } from "../schemas/session";
import { DEFAULT_SETTINGS, type TimerSettings } from "../schemas/settings";
import { applyTimerCommands, newAccountTimer, sharedStateOfAccount } from "./accountTimer";
import { accountTimerSchema, type TimedTimerCommand, type TimerCommand } from "./accountTimerSchema";
import { timerMachine } from "./machine";
import { escapeReport, escapesThisWeek } from "../stats/escapes";
import { escapeWaitMs } from "./strict";
import { sharedTimerView } from "./view";
import type { TimerAccess, TimerEffect } from "./types";

const MIN = 60_000;
// A Wednesday, 10:00 local time.
const T0 = new Date(2026, 10, 25, 10, 0, 0).getTime();
const SEED = "0123456789abcdef0123";
const settings: TimerSettings = { ...DEFAULT_SETTINGS };
const ticker = fromCallback<EventObject, { endsAt: number }>(() => () => {});

/** A Free-plan user with the trial over: strict focus is theirs too. */
const free: TimerAccess = {
  isGuest: false,
  subscription: { subscriptionPlan: "free", subscriptionStatus: "trial", trialEndDate: new Date(T0 - 30 * 24 * 60 * MIN).toISOString() },
  guestSessionUsedOn: null,
  focusSessionsToday: 0,
};

function timer(overrides: Partial<TimerSettings> = {}) {
  const emitted: TimerEffect[] = [];
  const actor = createActor(
    timerMachine.provide({
      actors: { ticker },
      actions: {
        sessionStopped: (_, params) => emitted.push({ type: "sessionStopped", ...params }),
        strictRefused: (_, params) => emitted.push({ type: "strictRefused", ...params }),
      },
    }),
    { input: { settings: { ...settings, ...overrides }, now: T0, access: free, seed: SEED } },
  ).start();
  return { actor, emitted };
}

describe("strict focus in the timer chart", () => {
  it("refuses pause, toggle, reset and mode changes during a strict focus session, and says so", () => {
    const { actor, emitted } = timer();
    actor.send({ type: "START", now: T0, strict: true });
    actor.send({ type: "PAUSE", now: T0 + MIN });
    actor.send({ type: "TOGGLE", now: T0 + MIN });
    actor.send({ type: "RESET", now: T0 + 2 * MIN });
    actor.send({ type: "SET_MODE", mode: "shortBreak", now: T0 + 3 * MIN });
    const snap = actor.getSnapshot();
    expect(snap.value).toBe("running");
    expect([snap.context.mode, snap.context.endsAt]).toEqual(["focus", T0 + 25 * MIN]);
    expect(emitted.map((e) => (e.type === "strictRefused" ? e.command : e.type))).toEqual(["pause", "pause", "reset", "mode"]);
  });

  it("starts strict from the setting, and the start's own switch wins over it", () => {
    const fromSetting = timer({ strictFocus: true });
    fromSetting.actor.send({ type: "START", now: T0 });
    expect(fromSetting.actor.getSnapshot().context.strict).toBe(true);
    const switchedOff = timer({ strictFocus: true });
    switchedOff.actor.send({ type: "START", now: T0, strict: false });
    switchedOff.actor.send({ type: "PAUSE", now: T0 + MIN });
    expect(switchedOff.actor.getSnapshot().value).toBe("paused");
  });

  it("never makes a break strict, and the session after a strict one is not strict unless asked", () => {
    const { actor } = timer({ autoStartBreaks: false });
    actor.send({ type: "START", now: T0, strict: true });
    actor.send({ type: "TICK", now: T0 + 25 * MIN });
    expect(actor.getSnapshot().context).toMatchObject({ mode: "shortBreak", strict: false });
    actor.send({ type: "START", now: T0 + 26 * MIN, strict: true });
    expect(actor.getSnapshot().context.strict).toBe(false);
    actor.send({ type: "PAUSE", now: T0 + 27 * MIN });
    expect(actor.getSnapshot().value).toBe("paused");
  });

  it("ends early: recorded as stopped with the escape's time, even under a minute, and no Undo", () => {
    const { actor, emitted } = timer();
    actor.send({ type: "START", now: T0, strict: true });
    actor.send({ type: "END_EARLY", now: T0 + 30_000 });
    const snap = actor.getSnapshot();
    expect(snap.value).toBe("idle");
    expect(snap.context).toMatchObject({ mode: "focus", strict: false, undo: null, remainingMs: 25 * MIN });
    expect(emitted).toMatchObject([
      { type: "sessionStopped", session: { type: "focus", completed: false, duration: 30, escapedAt: new Date(T0 + 30_000).toISOString() } },
    ]);
  });

  it("ignores End early when the session is not strict", () => {
    const { actor, emitted } = timer();
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "END_EARLY", now: T0 + MIN });
    expect(actor.getSnapshot().value).toBe("running");
    expect(emitted).toEqual([]);
  });
});

let ids = 0;
function cmd(command: TimerCommand, at: number): TimedTimerCommand {
  ids += 1;
  return { id: `00000000-0000-4000-8000-${String(ids).padStart(12, "0")}`, command, at };
}

describe("strict focus on the account's timer", () => {
  const env = (now: number) => ({ settings, access: free, now });
  const started = applyTimerCommands(newAccountTimer(settings, SEED, T0 - MIN), [cmd({ type: "start", strict: true }, T0)], 0, env(T0)).timer;

  it("refuses another device's pause, reset and mode change with the reason strict, and the timer keeps running", () => {
    const result = applyTimerCommands(
      started,
      [cmd({ type: "pause" }, T0 + MIN), cmd({ type: "reset" }, T0 + MIN), cmd({ type: "mode", mode: "longBreak" }, T0 + MIN), cmd({ type: "toggle" }, T0 + MIN)],
      started.version,
      env(T0 + 2 * MIN),
    );
    expect(result.outcomes.map((o) => (o.outcome === "refused" ? o.reason : o.outcome))).toEqual(["strict", "strict", "strict", "strict"]);
    expect(result.changed).toBe(false);
    expect(result.timer).toMatchObject({ status: "running", strict: true, endsAt: T0 + 25 * MIN });
    expect(sharedStateOfAccount(result.timer, T0 + 2 * MIN).strict).toBe(true);
  });

  it("ends early on command, recording the escape once", () => {
    const result = applyTimerCommands(started, [cmd({ type: "endEarly" }, T0 + 5 * MIN)], started.version, env(T0 + 5 * MIN));
    expect(result.outcomes[0]!.outcome).toBe("applied");
    expect(result.timer).toMatchObject({ status: "idle", strict: false });
    expect(result.effects).toMatchObject([{ type: "sessionStopped", session: { duration: 300, escapedAt: new Date(T0 + 5 * MIN).toISOString() } }]);
  });

  it("reads a timer stored before strict focus as not strict", () => {
    const { strict: _strict, ...old } = newAccountTimer(settings, SEED, T0);
    expect(accountTimerSchema.parse(old).strict).toBe(false);
  });
});

describe("the escape hatch's wait", () => {
  it("waits 60 s within the week's allowance and 5 minutes once it is reached", () => {
    expect(escapeWaitMs(0, 3)).toBe(ESCAPE_WAIT_MS);
    expect(escapeWaitMs(2, 3)).toBe(ESCAPE_WAIT_MS);
    expect(escapeWaitMs(3, 3)).toBe(ESCAPE_WAIT_LONG_MS);
    expect(escapeWaitMs(0, 0)).toBe(ESCAPE_WAIT_LONG_MS);
  });

  it("counts the escapes of this local week, from Sunday", () => {
    const sunday = new Date(2026, 10, 22, 0, 30).getTime();
    const saturdayBefore = new Date(2026, 10, 21, 23, 30).getTime();
    const sessions = [
      { escapedAt: new Date(sunday).toISOString() },
      { escapedAt: new Date(T0 - MIN).toISOString() },
      { escapedAt: new Date(saturdayBefore).toISOString() },
      {},
    ];
    expect(escapesThisWeek(sessions, T0)).toBe(2);
  });

  it("accepts an escape only on a stopped focus session, within it", () => {
    const base = { startTime: new Date(T0).toISOString(), duration: 300, type: "focus" as const, completed: false };
    expect(escapeProblem({ ...base, escapedAt: new Date(T0 + 300_000).toISOString() })).toBeNull();
    expect(escapeProblem({ ...base, escapedAt: new Date(T0 + 3_600_000).toISOString() })).toMatch(/within the session/);
    expect(escapeProblem({ ...base, completed: true, escapedAt: new Date(T0).toISOString() })).toMatch(/ended early/);
    expect(escapeProblem({ ...base, type: "break", escapedAt: new Date(T0).toISOString() })).toMatch(/ended early/);
  });
});

describe("escapes in Statistics", () => {
  it("counts this week's escapes and lists the latest first", () => {
    const at = (ms: number) => ({ startTime: new Date(ms - 5 * MIN).toISOString(), duration: 300, type: "focus" as const, completed: false, escapedAt: new Date(ms).toISOString() });
    const lastWeek = at(new Date(2026, 10, 20, 9, 0).getTime());
    const monday = at(new Date(2026, 10, 23, 9, 0).getTime());
    const today = at(T0 - MIN);
    const plain = { startTime: new Date(T0 - 60 * MIN).toISOString(), duration: 1500, type: "focus" as const, completed: true };
    const report = escapeReport([lastWeek, plain, today, monday], T0);
    expect(report.thisWeek).toBe(2);
    expect(report.total).toBe(3);
    expect(report.recent).toEqual([today, monday, lastWeek]);
  });
});

describe("the shared view of a strict session", () => {
  it("offers no pause only while the strict session runs", () => {
    const running = { isActive: true, currentTime: 600, mode: "focus" as const, progress: 60, endsAt: T0 + 10 * MIN, durationMs: 25 * MIN, sessionStartTime: T0 - 15 * MIN, strict: true };
    expect(sharedTimerView(running, T0).strict).toBe(true);
    expect(sharedTimerView(running, T0 + 11 * MIN).strict).toBe(false);
    expect(sharedTimerView({ ...running, strict: undefined }, T0).strict).toBe(false);
  });
});
