import { describe, expect, it } from "vitest";
import { createActor, fromCallback, SimulatedClock, type EventObject } from "xstate";
import { DEFAULT_SETTINGS, type TimerSettings } from "../schemas/settings";
import type { TaskRef } from "../schemas/task";
import { timerMachine } from "./machine";
import { parsePersistedTimerState, toPersistedTimerState } from "./persistence";
import type { SessionCompleted, TimerInput } from "./types";

const MIN = 60_000;
/** A fixed local noon, so no day rolls over. */
const T0 = new Date(2026, 10, 22, 12, 0, 0).getTime();
const settings: TimerSettings = { ...DEFAULT_SETTINGS, autoStartBreaks: false, autoStartFocus: false };

const WRITE: TaskRef = { clientId: "7d1c2a3b-0000-4000-8000-000000000001", id: 11 };
const READ: TaskRef = { clientId: "7d1c2a3b-0000-4000-8000-000000000002", id: 12 };
/** A task added offline: the server has not given it an id yet. */
const OFFLINE: TaskRef = { clientId: "7d1c2a3b-0000-4000-8000-000000000003", id: null };

/** The chart without its ticker (the tests send TICKs), its completed sessions in `completed`. */
function start(input: Partial<TimerInput> = {}) {
  const completed: SessionCompleted[] = [];
  const machine = timerMachine.provide({
    actors: { ticker: fromCallback<EventObject, { endsAt: number }>(() => () => {}) },
    actions: { sessionCompleted: (_, params) => completed.push(params) },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock, input: { settings, now: T0, ...input } });
  actor.start();
  return { actor, clock, completed };
}

/** Runs one focus session from `at` to its end. */
function focusSession(actor: ReturnType<typeof start>["actor"], at: number) {
  actor.send({ type: "START", now: at });
  actor.send({ type: "TICK", now: at + 25 * MIN });
}

describe("timer chart and the task a focus session counts for", () => {
  it("records a focus session with the id of the task picked when it started", () => {
    const { actor, completed } = start({ task: WRITE });
    focusSession(actor, T0);
    expect(completed[0]?.task).toEqual(WRITE);
    expect(completed[0]?.session).toMatchObject({ type: "focus", taskId: 11 });
  });

  it("records a focus session without a task when none is picked", () => {
    const { actor, completed } = start();
    focusSession(actor, T0);
    expect(completed[0]?.task).toBeNull();
    expect(completed[0]?.session).not.toHaveProperty("taskId");
  });

  it("never gives a break a task", () => {
    const { actor, completed } = start({ task: WRITE });
    focusSession(actor, T0);
    focusSession(actor, T0 + 26 * MIN);
    expect(completed[1]).toMatchObject({ mode: "shortBreak", task: null });
    expect(completed[1]?.session).not.toHaveProperty("taskId");
  });

  it("moves a session under way to a task picked during it, also while paused", () => {
    const { actor, completed } = start({ task: WRITE });
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "PAUSE", now: T0 + MIN });
    actor.send({ type: "SET_TASK", task: READ });
    actor.send({ type: "START", now: T0 + 2 * MIN });
    actor.send({ type: "TICK", now: T0 + 26 * MIN });
    expect(completed[0]?.session.taskId).toBe(12);
  });

  it("keeps the session's task when the task is let go mid-session (finished or deleted)", () => {
    const { actor, completed } = start({ task: WRITE });
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "SET_TASK", task: null });
    actor.send({ type: "TICK", now: T0 + 25 * MIN });
    expect(completed[0]?.session.taskId).toBe(11);
    // The next session has no task.
    focusSession(actor, T0 + 40 * MIN);
    expect(completed.at(-1)?.session).not.toHaveProperty("taskId");
  });

  it("names a task that has no server id yet by its clientId only, and takes its id once known", () => {
    const { actor, completed } = start({ task: OFFLINE });
    focusSession(actor, T0);
    expect(completed[0]?.task).toEqual(OFFLINE);
    expect(completed[0]?.session).not.toHaveProperty("taskId");

    actor.send({ type: "SET_MODE", mode: "focus", now: T0 + 30 * MIN });
    actor.send({ type: "START", now: T0 + 30 * MIN });
    actor.send({ type: "SET_TASK", task: { ...OFFLINE, id: 13 } });
    actor.send({ type: "TICK", now: T0 + 55 * MIN });
    expect(completed.at(-1)?.session.taskId).toBe(13);
  });

  it("drops the session's task on reset: the next session takes the task picked then", () => {
    const { actor, completed } = start({ task: WRITE });
    actor.send({ type: "START", now: T0 });
    actor.send({ type: "RESET", now: T0 + MIN });
    actor.send({ type: "SET_TASK", task: null });
    focusSession(actor, T0 + 2 * MIN);
    expect(completed[0]?.task).toBeNull();
  });

  it("gives an automatic start the task picked at that moment", () => {
    const { actor, clock, completed } = start({ settings: { ...settings, autoStartBreaks: true, autoStartFocus: true } });
    focusSession(actor, T0);
    // The break starts by itself 1 s after the focus session, with no task.
    clock.increment(1000);
    expect(actor.getSnapshot().context).toMatchObject({ mode: "shortBreak", sessionTask: null });
    actor.send({ type: "SET_TASK", task: READ });
    actor.send({ type: "TICK", now: T0 + 30 * MIN + 1000 });
    expect(completed[1]).toMatchObject({ mode: "shortBreak", task: null });
    // The focus session that follows by itself counts for the task picked meanwhile.
    clock.increment(1000);
    expect(actor.getSnapshot().context).toMatchObject({ mode: "focus", sessionTask: READ });
  });

  it("keeps a running session's task across a reload (the saved state)", () => {
    const first = start({ task: WRITE });
    first.actor.send({ type: "START", now: T0 });
    const saved = parsePersistedTimerState(JSON.parse(JSON.stringify(toPersistedTimerState(first.actor.getSnapshot().context, true))));
    expect(saved?.task).toEqual(WRITE);
    // The app starts again with no task picked: the session still counts for its task.
    const second = start({ now: T0 + 5 * MIN, restore: saved });
    second.actor.send({ type: "TICK", now: T0 + 25 * MIN });
    expect(second.completed[0]?.session.taskId).toBe(11);
  });

  it("restores a state saved before tasks existed, with no task", () => {
    const first = start();
    first.actor.send({ type: "START", now: T0 });
    const { task: _task, ...older } = toPersistedTimerState(first.actor.getSnapshot().context, true);
    const restored = parsePersistedTimerState(older);
    expect(restored?.task).toBeNull();
  });
});
