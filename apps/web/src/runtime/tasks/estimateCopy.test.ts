import { describe, expect, it } from "vitest";
import { factorLine, projectionLine } from "./estimateCopy";

describe("estimate wording", () => {
  it("states the factor to one decimal, with what it was learned from", () => {
    expect(factorLine({ factor: 1.4, basedOn: 5 })).toBe("Your tasks take 1.4× your estimates (from 5 done tasks).");
    expect(factorLine({ factor: 0.84, basedOn: 1 })).toBe("Your tasks take 0.8× your estimates (from 1 done task).");
    expect(factorLine({ factor: 1.02, basedOn: 2 })).toBe("Your estimates hold (from 2 done tasks).");
  });

  it("says how many sessions are left and when they would be done, with the day when it is not today", () => {
    const now = new Date(2026, 10, 27, 14, 0).getTime();
    expect(projectionLine({ sessions: 6, durationMs: 155 * 60_000, finishAt: now + 155 * 60_000 }, now, "en-US")).toBe(
      "About 6 focus sessions left · done around 4:35 PM",
    );
    expect(projectionLine({ sessions: 1, durationMs: 25 * 60_000, finishAt: now + 25 * 60_000 }, now, "en-US")).toBe(
      "About 1 focus session left · done around 2:25 PM",
    );
    const tomorrow = now + 11 * 60 * 60_000;
    expect(projectionLine({ sessions: 20, durationMs: 11 * 60 * 60_000, finishAt: tomorrow }, now, "en-US")).toBe(
      "About 20 focus sessions left · done around Sat 1:00 AM",
    );
  });
});
