import { describe, expect, it } from "vitest";
import { intentionReport, lengthBucket, stuckSummary, timeOfDayBucket, type IntentionSession } from "./intentions";

/** Wednesday 25 November 2026, 20:00 local. */
const NOW = new Date(2026, 10, 25, 20, 0, 0).getTime();

function at(day: number, hour: number, minute = 0): string {
  return new Date(2026, 10, day, hour, minute).toISOString();
}

function focus(startTime: string, minutes: number, extra: Partial<IntentionSession> = {}): IntentionSession {
  return { startTime, duration: minutes * 60, type: "focus", completed: true, ...extra };
}

describe("the intentions report", () => {
  it("buckets the time of day and the length", () => {
    expect(timeOfDayBucket(new Date(2026, 10, 25, 5, 0).getTime())).toBe("morning");
    expect(timeOfDayBucket(new Date(2026, 10, 25, 11, 59).getTime())).toBe("morning");
    expect(timeOfDayBucket(new Date(2026, 10, 25, 12, 0).getTime())).toBe("afternoon");
    expect(timeOfDayBucket(new Date(2026, 10, 25, 17, 0).getTime())).toBe("evening");
    expect(timeOfDayBucket(new Date(2026, 10, 25, 22, 0).getTime())).toBe("night");
    expect(timeOfDayBucket(new Date(2026, 10, 25, 4, 59).getTime())).toBe("night");
    expect([15, 16, 30, 31, 60, 61].map((m) => lengthBucket(m * 60))).toEqual(["upTo15", "16to30", "16to30", "31to60", "31to60", "over60"]);
  });

  it("lists this week's focus sessions with an intention or an answer, newest first, and leaves out the rest", () => {
    const sessions = [
      focus(at(23, 9), 25, { intention: "Outline", outcome: "done" }),
      focus(at(24, 14), 25, { outcome: "partly" }),
      focus(at(24, 15), 25),
      focus(at(21, 9), 25, { intention: "Last week" }),
      { startTime: at(24, 16), duration: 300, type: "break" as const, completed: true, intention: "no" },
    ];
    const report = intentionReport(sessions, NOW);
    expect(report.sessions.map((s) => s.intention ?? s.outcome)).toEqual(["partly", "Outline"]);
  });

  it("keeps the ratings in time order", () => {
    const report = intentionReport([focus(at(24, 9), 25, { rating: 4 }), focus(at(23, 9), 25, { rating: 2 })], NOW);
    expect(report.ratings.map((r) => r.rating)).toEqual([2, 4]);
  });

  it("names what the stuck sessions had in common, calmly", () => {
    const report = intentionReport(
      [
        focus(at(23, 14), 45, { outcome: "stuck" }),
        focus(at(24, 15), 50, { outcome: "stuck" }),
        focus(at(25, 9), 20, { outcome: "stuck" }),
        focus(at(25, 10), 25, { outcome: "done" }),
      ],
      NOW,
    );
    expect(report.stuck).toBe(3);
    expect(report.stuckCommon).toEqual({ timeOfDay: "afternoon", length: "31to60" });
    expect(stuckSummary(report)).toBe("Stuck sessions were mostly in the afternoon and 31 to 60 minutes long.");
  });

  it("says nothing in common when the stuck sessions share no bucket, and nothing when none was stuck", () => {
    const spread = intentionReport(
      [focus(at(23, 9), 10, { outcome: "stuck" }), focus(at(23, 14), 25, { outcome: "stuck" }), focus(at(23, 18), 45, { outcome: "stuck" })],
      NOW,
    );
    expect(spread.stuckCommon).toEqual({ timeOfDay: null, length: null });
    expect(stuckSummary(spread)).toBeNull();
    const none = intentionReport([focus(at(23, 9), 25, { outcome: "done" })], NOW);
    expect(none.stuck).toBe(0);
    expect(stuckSummary(none)).toBeNull();
  });

  it("is empty for a week without intentions or answers", () => {
    expect(intentionReport([focus(at(24, 9), 25)], NOW)).toEqual({ sessions: [], ratings: [], stuck: 0, stuckCommon: { timeOfDay: null, length: null } });
  });
});
