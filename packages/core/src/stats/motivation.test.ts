import { describe, expect, it } from "vitest";
import { MOTIVATION_MESSAGES, motivationMessage, motivationTier } from "./motivation";

describe("motivation tiers", () => {
  it("change at 4 and at 8 sessions today", () => {
    expect([0, 1, 2, 3].map(motivationTier)).toEqual(["starting", "starting", "starting", "starting"]);
    expect([4, 5, 6, 7].map(motivationTier)).toEqual(["strong", "strong", "strong", "strong"]);
    expect([8, 9, 20].map(motivationTier)).toEqual(["outstanding", "outstanding", "outstanding"]);
  });

  it("give one distinct short message per tier", () => {
    expect(motivationMessage(0)).toBe(MOTIVATION_MESSAGES.starting);
    expect(motivationMessage(4)).toBe(MOTIVATION_MESSAGES.strong);
    expect(motivationMessage(8)).toBe(MOTIVATION_MESSAGES.outstanding);
    expect(new Set(Object.values(MOTIVATION_MESSAGES)).size).toBe(3);
  });
});
