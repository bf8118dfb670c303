import { describe, expect, it } from "vitest";
import { DISTRACTION_RECOVERY_MINUTES, DISTRACTIONS_PREVENTED_PER_SESSION, FOCUS_TIME_SAVED_FACTOR, productivityImpact } from "./impact";

describe("productivity impact", () => {
  it("uses 23 minutes of recovery, 3 distractions per session and a 0.4 focus factor", () => {
    expect(DISTRACTION_RECOVERY_MINUTES).toBe(23);
    expect(DISTRACTIONS_PREVENTED_PER_SESSION).toBe(3);
    expect(FOCUS_TIME_SAVED_FACTOR).toBe(0.4);
  });

  it("counts 3 distractions prevented per completed focus session, 23 minutes each", () => {
    const impact = productivityImpact({ completedFocusSessions: 4, focusMinutes: 100 });
    expect(impact.distractionsPrevented).toBe(12);
    expect(impact.recoveryMinutesSaved).toBe(276);
  });

  it("saves prevented × 23 / 60 plus focus minutes × 0.4 / 60 hours", () => {
    const impact = productivityImpact({ completedFocusSessions: 4, focusMinutes: 100 });
    expect(impact.timeSavedHours).toBeCloseTo((12 * 23) / 60 + (100 * 0.4) / 60); // 5.27 h
    expect(productivityImpact({ completedFocusSessions: 0, focusMinutes: 60 }).timeSavedHours).toBeCloseTo(0.4);
    expect(productivityImpact({ completedFocusSessions: 1, focusMinutes: 0 }).timeSavedHours).toBeCloseTo(69 / 60);
  });

  it("shows no impact before the first session", () => {
    expect(productivityImpact({ completedFocusSessions: 0, focusMinutes: 0 })).toEqual({
      distractionsPrevented: 0,
      recoveryMinutesSaved: 0,
      timeSavedHours: 0,
    });
  });
});
