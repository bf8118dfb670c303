import { describe, expect, it } from "vitest";
import { createActor, fromCallback, type EventObject } from "xstate";
import { DEFAULT_SETTINGS, type TimerSettings } from "../schemas/settings";
import { UNDO_WINDOW_MS } from "../constants";
import { timerMachine } from "./machine";
import { sessionIdOf } from "./sessionId";
import { remainingMsOf } from "./timeLeft";
import type { SyncedTimer, TimerEffect, TimerInput } from "./types";

const MIN = 60_000;
const T0 = new Date(2026, 10, 22, 12, 0, 0).getTime();
const SEED = "00112233445566778899";
const settings: TimerSettings = { ...DEFAULT_SETTINGS, autoStartBreaks: true, autoStartFocus: false };

/** The chart with a silent ticker and its effects recorded in order. */
function start(input: Partial<TimerInput> = {}) {
  const emitted: TimerEffect[] = [];
  const actor = createActor(
    timerMachine.provide({
      actors: { ticker: fromCallback<EventObject, { endsAt: number }>(() => () => {}) },
      actions: {
        sessionCompleted: (_, params) => emitted.push({ type: "sessionCompleted", ...params }),
        startRefused: (_, params) => emitted.push({ type: "startRefused", ...params }),
        sessionStopped: (_, params) => emitted.push({ type: "sessionStopped", ...params }),
        stopUndone: (_, params) => emitted.push({ type: "stopUndone", ...params }),
      },
    }),
    { input: { settings, now: T0, seed: SEED, ...input } },
  ).start();
  return { actor, emitted };
}

describe("timer chart: stopping a session, and Undo", () => {
  it("records a focus session reset after 5 minutes as stopped, with its real length and the session's id", () => {
    const { actor, emitted } = start();
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "RESET", now: T0 + 5 * MIN });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(emitted).toEqual([
      {
        type: "sessionStopped",
        task: null,
        session: { startTime: new Date(T0).toISOString(), duration: 300, type: "focus", completed: false, clientId: sessionIdOf(SEED, T0) },
      },
    ]);
  });

  it("brings a reset running session back whole with Undo: same start, same end, still running", () => {
    const { actor, emitted } = start();
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "RESET", now: T0 + 5 * MIN + 30 * 1000 });
    actor.send({ type: "UNDO", now: T0 + 5 * MIN + 35 * 1000 });
    const s = actor.getSnapshot();
    expect(s.value).toBe("running");
    expect([s.context.sessionStartTime, s.context.endsAt]).toEqual([T0, T0 + 25 * MIN]);
    expect(remainingMsOf(s.context)).toBe(19 * MIN + 25 * 1000);
    expect(emitted.map((e) => e.type)).toEqual(["sessionStopped", "stopUndone"]);
    expect(emitted[1]).toMatchObject({ session: { clientId: sessionIdOf(SEED, T0), completed: false } });
  });

  it("brings back a paused session with its time left after a mode change (the 2 key)", () => {
    const { actor } = start();
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "PAUSE", now: T0 + 10 * MIN });
    actor.send({ type: "SET_MODE", mode: "shortBreak", now: T0 + 12 * MIN });
    expect(actor.getSnapshot().context.mode).toBe("shortBreak");
    actor.send({ type: "UNDO", now: T0 + 12 * MIN + 3000 });
    const s = actor.getSnapshot();
    expect([s.value, s.context.mode, s.context.remainingMs]).toEqual(["paused", "focus", 15 * MIN]);
  });

  it("leaves no record for a false start under a minute, but still offers Undo", () => {
    const { actor, emitted } = start();
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "RESET", now: T0 + 40 * 1000 });
    expect(emitted).toEqual([]);
    actor.send({ type: "UNDO", now: T0 + 45 * 1000 });
    expect(actor.getSnapshot().value).toBe("running");
    expect(emitted).toEqual([]);
  });

  it("offers Undo for 10 seconds only, and not once a new session has started", () => {
    const late = start();
    late.actor.send({ type: "START", now: T0 });
    late.actor.send({ type: "RESET", now: T0 + 2 * MIN });
    late.actor.send({ type: "UNDO", now: T0 + 2 * MIN + UNDO_WINDOW_MS });
    expect(late.actor.getSnapshot().value).toBe("idle");

    const restarted = start();
    restarted.actor.send({ type: "START", now: T0 });
    restarted.actor.send({ type: "RESET", now: T0 + 2 * MIN });
    restarted.actor.send({ type: "START", now: T0 + 2 * MIN + 1000 });
    restarted.actor.send({ type: "UNDO", now: T0 + 2 * MIN + 2000 });
    expect(restarted.actor.getSnapshot().context.sessionStartTime).toBe(T0 + 2 * MIN + 1000);
  });

  it("offers nothing to undo for a break or a session that never started", () => {
    const { actor, emitted } = start();
    actor.send({ type: "SET_MODE", mode: "shortBreak", now: T0 });
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "RESET", now: T0 + 3 * MIN });
    expect(actor.getSnapshot().context.undo).toBeNull();
    actor.send({ type: "RESET", now: T0 + 3 * MIN });
    expect(actor.getSnapshot().context.undo).toBeNull();
    expect(emitted).toEqual([]);
  });

  it("completes an undone running session that ended during the Undo window", () => {
    const { actor, emitted } = start();
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "RESET", now: T0 + 25 * MIN - 2000 });
    actor.send({ type: "UNDO", now: T0 + 25 * MIN + 3000 });
    expect(emitted.map((e) => e.type)).toEqual(["sessionStopped", "stopUndone", "sessionCompleted"]);
    expect(actor.getSnapshot().context.mode).toBe("shortBreak");
  });
});

describe("timer chart: following the account's timer (SYNC)", () => {
  const running: SyncedTimer = {
    status: "running",
    mode: "focus",
    durationMs: 25 * MIN,
    remainingMs: 25 * MIN,
    endsAt: T0 + 20 * MIN,
    sessionStartTime: T0 - 5 * MIN,
    lastCompletedAt: null,
    totalSessions: 3,
    sessionTask: { clientId: "task-1", id: 7 },
    seed: "ffeeddccbbaa99887766",
    undo: null,
    strict: false,
  };

  it("takes a session another device started, and completes it at the same end with the same id", () => {
    const { actor, emitted } = start();
    actor.send({ type: "SYNC", timer: running, now: T0 });
    expect(actor.getSnapshot().value).toBe("running");
    expect(emitted).toEqual([]);
    actor.send({ type: "TICK", now: T0 + 20 * MIN });
    expect(emitted).toHaveLength(1);
    expect(emitted[0]).toMatchObject({
      type: "sessionCompleted",
      endedAt: T0 + 20 * MIN,
      nextMode: "longBreak",
      session: { clientId: sessionIdOf(running.seed, T0 - 5 * MIN), taskId: 7, duration: 1500 },
    });
  });

  it("stops its own running session without recording anything when the account's timer is paused", () => {
    const { actor, emitted } = start();
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "SYNC", timer: { ...running, status: "paused", endsAt: null, remainingMs: 12 * MIN }, now: T0 + 6 * MIN });
    const s = actor.getSnapshot();
    expect([s.value, s.context.remainingMs, s.context.endsAt]).toEqual(["paused", 12 * MIN, null]);
    expect(emitted).toEqual([]);
  });

  it("goes idle in the account's mode", () => {
    const { actor } = start();
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "SYNC", timer: { ...running, status: "idle", mode: "shortBreak", durationMs: 5 * MIN, remainingMs: 5 * MIN, endsAt: null, sessionStartTime: null }, now: T0 + MIN });
    const s = actor.getSnapshot();
    expect([s.value, s.context.mode, remainingMsOf(s.context)]).toEqual(["idle", "shortBreak", 5 * MIN]);
  });
});

describe("timer chart: a corrected clock", () => {
  it("takes the server's clock even when it is behind the chart's, so a fast device shows the true time left", () => {
    const fast = T0 + 2 * MIN;
    const { actor } = start({ now: fast });
    actor.send({ type: "SYNC", timer: { status: "running", mode: "focus", durationMs: 25 * MIN, remainingMs: 25 * MIN, endsAt: T0 + 25 * MIN, sessionStartTime: T0, lastCompletedAt: null, totalSessions: 0, sessionTask: null, seed: SEED, undo: null, strict: false }, now: fast });
    expect(remainingMsOf(actor.getSnapshot().context)).toBe(23 * MIN);
    actor.send({ type: "TICK", now: T0 });
    expect(remainingMsOf(actor.getSnapshot().context)).toBe(23 * MIN);
    actor.send({ type: "CLOCK", now: T0 });
    expect(remainingMsOf(actor.getSnapshot().context)).toBe(25 * MIN);
  });
});
