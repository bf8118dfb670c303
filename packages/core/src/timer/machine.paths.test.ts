import { getShortestPaths, getSimplePaths } from "@xstate/graph";
import { describe, expect, it } from "vitest";
import { fromCallback, type EventObject, type SnapshotFrom } from "xstate";
import { DEFAULT_SETTINGS } from "../schemas/settings";
import { timerMachine } from "./machine";
import { remainingMsOf } from "./selectors";
import type { TimerEvent } from "./types";

/**
 * Model-based tests (STYLE.md "every state reachable / every path"): the graph of the chart
 * is explored with a finite event alphabet whose timestamps follow the state, and invariants
 * are checked on every path.
 */
const T0 = new Date(2026, 10, 22, 9, 0, 0).getTime();
const machine = timerMachine.provide({
  actors: { ticker: fromCallback<EventObject, { endsAt: number }>(() => () => {}) },
});
type Snapshot = SnapshotFrom<typeof machine>;
const AFTER_EVENT = "xstate.after.autoStartDelay.timer.autoStarting";

function eventsFor(s: Snapshot): TimerEvent[] {
  const now = s.context.now;
  const events: TimerEvent[] = [
    { type: "START", now },
    { type: "PAUSE", now: now + 1000 },
    { type: "RESET", now },
    { type: "SET_MODE", mode: "shortBreak", now },
  ];
  if (s.context.endsAt !== null) events.push({ type: "TICK", now: s.context.endsAt });
  if (s.matches("autoStarting")) events.push({ type: AFTER_EVENT } as unknown as TimerEvent);
  return events;
}

const options = {
  input: { settings: { ...DEFAULT_SETTINGS, autoStartBreaks: true, autoStartFocus: false }, now: T0 },
  events: eventsFor,
  serializeState: (s: Snapshot) =>
    JSON.stringify([s.value, s.context.mode, s.context.totalSessions, s.context.remainingMs === s.context.durationMs]),
  // Bound the exploration: two full focus sessions cover the interval logic up to the 2nd.
  stopWhen: (s: Snapshot) => s.context.totalSessions > 2,
};

describe("timer chart paths", () => {
  const shortest = getShortestPaths(machine, options);
  const simple = getSimplePaths(machine, options);

  it("reaches every state of the chart", () => {
    const reached = new Set(shortest.map((p) => JSON.stringify(p.state.value)));
    for (const state of ["idle", "running", "paused", "autoStarting"]) {
      expect(reached).toContain(JSON.stringify(state));
    }
    // The named delay is part of the graph: an auto-start leads to a running break.
    const autoStarted = shortest.filter((p) => (p.steps.at(-1)?.event.type as string | undefined) === AFTER_EVENT);
    expect(autoStarted.length).toBeGreaterThan(0);
    expect(autoStarted.every((p) => p.state.matches("running") && p.state.context.mode !== "focus")).toBe(true);
    const modes = new Set(shortest.map((p) => p.state.context.mode));
    expect([...modes].sort()).toEqual(["focus", "shortBreak"]);
  });

  it("keeps its invariants on every simple path", () => {
    expect(simple.length).toBeGreaterThan(20);
    for (const path of simple) {
      for (const step of path.steps) {
        const c = step.state.context;
        const left = remainingMsOf(c);
        expect(left).toBeGreaterThanOrEqual(0);
        expect(left).toBeLessThanOrEqual(c.durationMs);
        // Only a running chart has an end timestamp.
        expect(c.endsAt !== null).toBe(step.state.matches("running"));
        expect(c.completedSessionsToday).toBeLessThanOrEqual(c.totalSessions);
      }
    }
  });
});
