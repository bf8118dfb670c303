import { describe, expect, it } from "vitest";
import { DISC_COLOURS, DISC_STEPS, DISC_WARNING_COLOUR, discColour, discPath, discShare } from "./disc";

describe("the visual timer's disc", () => {
  it("is full when a session starts, shrinks as it runs, and keeps a sliver until the end", () => {
    expect(discShare({ progress: 0, isRunning: true, isPaused: false })).toBe(1);
    expect(discShare({ progress: 25, isRunning: true, isPaused: false })).toBe(0.75);
    expect(discShare({ progress: 99.99, isRunning: true, isPaused: false })).toBe(1 / DISC_STEPS);
    expect(discShare({ progress: 100, isRunning: true, isPaused: false })).toBe(0);
  });

  it("changes in steps, so a picture is redrawn at most DISC_STEPS times a session", () => {
    const shares = new Set(Array.from({ length: 1501 }, (_, s) => discShare({ progress: (s / 1500) * 100, isRunning: true, isPaused: false })));
    expect(shares.size).toBe(DISC_STEPS + 1);
  });

  it("stays while paused, and is no disc when no session is under way", () => {
    expect(discShare({ progress: 50, isRunning: false, isPaused: true })).toBe(0.5);
    expect(discShare({ progress: 0, isRunning: false, isPaused: false })).toBeNull();
  });

  it("draws the remaining sector from 12 o'clock, clockwise", () => {
    // A quarter left: from the top (16, 6) to 3 o'clock (26, 16), the short way round.
    expect(discPath(0.25, 16, 16, 10)).toBe("M16 16L16 6A10 10 0 0 1 26 16Z");
    // Three quarters: to 9 o'clock, the long way round.
    expect(discPath(0.75, 16, 16, 10)).toBe("M16 16L16 6A10 10 0 1 1 6 16Z");
    // All of it: a whole circle; nothing: no path.
    expect(discPath(1, 16, 16, 10)).toBe("M16 6A10 10 0 1 1 16 26A10 10 0 1 1 16 6Z");
    expect(discPath(0, 16, 16, 10)).toBe("");
  });

  it("turns amber while a warning before the end is in force, in any mode", () => {
    expect(discColour("focus", false)).toBe(DISC_COLOURS.focus);
    expect(discColour("shortBreak", false)).toBe(DISC_COLOURS.shortBreak);
    expect(discColour("focus", true)).toBe(DISC_WARNING_COLOUR);
    expect(discColour("longBreak", true)).toBe(DISC_WARNING_COLOUR);
  });
});
