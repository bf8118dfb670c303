import { DEFAULT_SETTINGS } from "../schemas/settings";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import { timerMachine } from "./machine";
import { timerViewOf } from "./view";
import { activeEndWarning, warningToAnnounce } from "./warnings";

const MIN = 60_000;

describe("warnings before the end", () => {
  const running = (secondsLeft: number, minutes = 25) => ({ isRunning: true, secondsLeft, durationMs: minutes * MIN });

  it("warns from each chosen offset to the end, the nearest one winning", () => {
    expect(activeEndWarning(running(301), "both")).toBeNull();
    expect(activeEndWarning(running(300), "both")).toBe(5);
    expect(activeEndWarning(running(61), "both")).toBe(5);
    expect(activeEndWarning(running(60), "both")).toBe(1);
    expect(activeEndWarning(running(1), "both")).toBe(1);
    expect(activeEndWarning(running(200), "1")).toBeNull();
    expect(activeEndWarning(running(200), "5")).toBe(5);
    expect(activeEndWarning(running(30), "off")).toBeNull();
  });

  it("gives no warning to a session no longer than the offset, nor to one not running", () => {
    expect(activeEndWarning(running(120, 3), "5")).toBeNull();
    expect(activeEndWarning(running(50, 3), "both")).toBe(1);
    expect(activeEndWarning({ isRunning: false, secondsLeft: 30, durationMs: 25 * MIN }, "both")).toBeNull();
  });

  it("announces each new warning once, and after a sleep only the one in force", () => {
    expect(warningToAnnounce(null, 5)).toBe(5);
    expect(warningToAnnounce(5, 5)).toBeNull();
    expect(warningToAnnounce(5, 1)).toBe(1);
    expect(warningToAnnounce(1, 1)).toBeNull();
    expect(warningToAnnounce(1, null)).toBeNull();
    // Slept from 10 minutes left to 40 seconds left: one announcement, the 1-minute one.
    expect(warningToAnnounce(null, activeEndWarning(running(40), "both"))).toBe(1);
  });

  afterEach(() => vi.useRealTimers());

  it("follows the chart's session: the warning in force after a simulated sleep is the right one", () => {
    vi.useFakeTimers();
    const start = Date.UTC(2026, 10, 27, 9, 0);
    vi.setSystemTime(start);
    const actor = createActor(timerMachine, { input: { settings: { ...DEFAULT_SETTINGS, focusDuration: 17 }, now: start } }).start();
    actor.send({ type: "START", now: start });
    const warningAt = (ms: number) => {
      vi.setSystemTime(ms);
      actor.send({ type: "TICK", now: ms });
      return activeEndWarning(timerViewOf(actor.getSnapshot()), "1");
    };
    expect(warningAt(start + 11 * MIN)).toBeNull();
    // The tab slept from 11 to 16 minutes: at 16:00 the 1-minute warning is in force at once.
    expect(warningAt(start + 16 * MIN)).toBe(1);
    expect(warningAt(start + 16 * MIN + 59_000)).toBe(1);
    // The session ends at 17:00: no warning after it.
    expect(warningAt(start + 17 * MIN)).toBeNull();
    actor.stop();
  });
});
