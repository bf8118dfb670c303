import { describe, expect, it } from "vitest";
import { focusMilestoneProgress, nextFocusMilestone } from "./milestones";

describe("focus-time milestones", () => {
  it("go 25, 60, 100, 150, 200, 250, 300, then every multiple of 50", () => {
    const sequence: number[] = [];
    let minutes = 0;
    while (sequence.length < 10) {
      minutes = nextFocusMilestone(minutes);
      sequence.push(minutes);
    }
    expect(sequence).toEqual([25, 60, 100, 150, 200, 250, 300, 350, 400, 450]);
  });

  it("are always strictly above the minutes reached", () => {
    expect(nextFocusMilestone(0)).toBe(25);
    expect(nextFocusMilestone(24)).toBe(25);
    expect(nextFocusMilestone(25)).toBe(60);
    expect(nextFocusMilestone(299)).toBe(300);
    expect(nextFocusMilestone(300)).toBe(350);
    expect(nextFocusMilestone(301)).toBe(350);
    expect(nextFocusMilestone(1234)).toBe(1250);
  });

  it("report progress toward the next milestone in percent, from zero", () => {
    expect(focusMilestoneProgress(15)).toEqual({ previous: 0, next: 25, minutesLeft: 10, percent: 60 });
    expect(focusMilestoneProgress(80)).toEqual({ previous: 60, next: 100, minutesLeft: 20, percent: 80 });
    expect(focusMilestoneProgress(300)).toMatchObject({ previous: 300, next: 350, minutesLeft: 50 });
    expect(focusMilestoneProgress(420)).toMatchObject({ previous: 400, next: 450 });
  });

  it("treat negative or missing minutes as none", () => {
    expect(focusMilestoneProgress(-5)).toEqual({ previous: 0, next: 25, minutesLeft: 25, percent: 0 });
    expect(nextFocusMilestone(Number.NaN)).toBe(25);
  });
});
