import { describe, expect, it } from "vitest";
import type { SharedTimerState } from "../schemas/timerState";
import { sharedTimerView } from "./view";

const T0 = Date.UTC(2026, 10, 22, 12);
const MIN = 60_000;

const running: SharedTimerState = {
  isActive: true,
  currentTime: 1500,
  mode: "focus",
  progress: 0,
  endsAt: T0 + 25 * MIN,
  durationMs: 25 * MIN,
  sessionStartTime: T0,
};

describe("sharedTimerView", () => {
  it("counts a running session down from its end time, whenever it is read", () => {
    const view = sharedTimerView(running, T0 + 10 * MIN + 400);
    expect(view).toMatchObject({ mode: "focus", secondsLeft: 15 * 60, display: "15:00", isRunning: true, isPaused: false, endsAt: T0 + 25 * MIN, startedAt: T0 });
    expect(view.progress).toBeCloseTo(((10 * MIN + 400) / (25 * MIN)) * 100);
  });

  it("reads a running session past its end as stopped at 00:00, not paused", () => {
    const view = sharedTimerView(running, T0 + 26 * MIN);
    expect(view).toMatchObject({ secondsLeft: 0, display: "00:00", isRunning: false, isPaused: false, endsAt: null, progress: 100 });
  });

  it("tells a paused session from one that never started", () => {
    const paused: SharedTimerState = { ...running, isActive: false, endsAt: null, currentTime: 20 * 60, progress: 20 };
    expect(sharedTimerView(paused, T0 + 60 * MIN)).toMatchObject({ isRunning: false, isPaused: true, display: "20:00", progress: 20 });
    const fresh: SharedTimerState = { ...paused, currentTime: 1500, progress: 0, sessionStartTime: null };
    expect(sharedTimerView(fresh, T0)).toMatchObject({ isRunning: false, isPaused: false, display: "25:00", startedAt: null });
  });

  it("reads a state from a sender without end time or start time by its seconds and progress", () => {
    const old: SharedTimerState = { isActive: false, currentTime: 600, mode: "shortBreak", progress: 33 };
    expect(sharedTimerView(old, T0)).toMatchObject({ secondsLeft: 600, display: "10:00", isPaused: true, progress: 33, durationMs: null });
    expect(sharedTimerView({ ...old, isActive: true }, T0)).toMatchObject({ isRunning: true, isPaused: false, display: "10:00" });
  });

  it("never shows more than the session's length, even from a clock that runs behind", () => {
    expect(sharedTimerView(running, T0 - 5 * MIN)).toMatchObject({ display: "25:00", progress: 0 });
  });
});
