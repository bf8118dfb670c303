import { describe, expect, it } from "vitest";
import { AUDIO_FADE_OUT_MS, fadeGain, followTimerCommand, type FollowTimerOptions, type TimerPhase } from "./followTimer";

const on: FollowTimerOptions = { enabled: true, inBreaks: "relax", focusMood: "creative" };
const phase = (mode: TimerPhase["mode"], running: boolean): TimerPhase => ({ mode, running });

describe("audio follows the timer", () => {
  it("does nothing when the setting is off, or on the first sight of the timer", () => {
    expect(followTimerCommand(phase("focus", false), phase("focus", true), { ...on, enabled: false })).toBeNull();
    expect(followTimerCommand(null, phase("focus", true), on)).toBeNull();
  });

  it("plays the chosen mood when a focus session starts, Deep Work when none was chosen", () => {
    expect(followTimerCommand(phase("focus", false), phase("focus", true), on)).toEqual({ type: "play", mood: "creative" });
    expect(followTimerCommand(phase("focus", false), phase("focus", true), { ...on, focusMood: null })).toEqual({
      type: "play",
      mood: "deep-work",
    });
  });

  it("switches to Relax in breaks, or pauses, by choice", () => {
    const focusEnds = [phase("focus", true), phase("shortBreak", false)] as const;
    expect(followTimerCommand(...focusEnds, on)).toEqual({ type: "play", mood: "relax" });
    expect(followTimerCommand(...focusEnds, { ...on, inBreaks: "pause" })).toEqual({ type: "pause" });
    // The (auto-)started break keeps that choice.
    expect(followTimerCommand(phase("longBreak", false), phase("longBreak", true), on)).toEqual({ type: "play", mood: "relax" });
    expect(followTimerCommand(phase("shortBreak", false), phase("shortBreak", true), { ...on, inBreaks: "pause" })).toEqual({ type: "pause" });
  });

  it("pauses when a break ends, until the next focus session starts", () => {
    expect(followTimerCommand(phase("shortBreak", true), phase("focus", false), on)).toEqual({ type: "pause" });
    expect(followTimerCommand(phase("focus", false), phase("focus", true), on)).toEqual({ type: "play", mood: "creative" });
  });

  it("pauses with the timer and resumes with it", () => {
    expect(followTimerCommand(phase("focus", true), phase("focus", false), on)).toEqual({ type: "pause" });
    expect(followTimerCommand(phase("focus", false), phase("focus", true), on)).toEqual({ type: "play", mood: "creative" });
  });

  it("leaves audio the user started alone while the timer is idle", () => {
    expect(followTimerCommand(phase("focus", false), phase("shortBreak", false), on)).toBeNull();
    expect(followTimerCommand(phase("focus", false), phase("focus", false), on)).toBeNull();
    expect(followTimerCommand(phase("focus", true), phase("focus", true), on)).toBeNull();
  });

  it("fades out over the last 5 seconds of a running session", () => {
    expect(AUDIO_FADE_OUT_MS).toBe(5000);
    expect(fadeGain(60_000, true)).toBe(1);
    expect(fadeGain(5000, true)).toBe(1);
    expect(fadeGain(2500, true)).toBeCloseTo(0.25);
    expect(fadeGain(0, true)).toBe(0);
    expect(fadeGain(-200, true)).toBe(0);
    // Monotonic on the way down.
    const gains = Array.from({ length: 51 }, (_, i) => fadeGain(5000 - i * 100, true));
    for (let i = 1; i < gains.length; i++) expect(gains[i]!).toBeLessThanOrEqual(gains[i - 1]!);
  });

  it("never fades a paused timer or when the setting is off", () => {
    expect(fadeGain(1000, false)).toBe(1);
    expect(fadeGain(1000, true, false)).toBe(1);
    expect(fadeGain(Number.NaN, true)).toBe(1);
  });
});
