import { describe, expect, it } from "vitest";
import { addLocalDays } from "../days/calendar";
import { estimateFactor, estimateReport, projectFinish, type EstimateTask } from "./estimates";

/** Local noon of a fixed day (the tests run in a time zone with daylight saving). */
const NOW = new Date(2026, 2, 31, 12, 0, 0).getTime();
const daysAgo = (days: number, hour = 12) => {
  const start = addLocalDays(NOW, -days);
  return new Date(start + hour * 60 * 60 * 1000).toISOString();
};

function task(title: string, estimate: number, actual: number, extra: Partial<EstimateTask> = {}): EstimateTask {
  return { clientId: title, title, estimate, actual, done: true, completedAt: daysAgo(1), lastSessionAt: daysAgo(1), ...extra };
}

describe("estimateReport", () => {
  it("compares each task done in the last 30 days with its estimate", () => {
    const report = estimateReport([task("Over", 2, 3), task("Under", 4, 2), task("Exact", 3, 3)], NOW);
    expect(report.rows.map((row) => [row.title, row.estimate, row.actual, row.difference, row.verdict])).toEqual([
      ["Over", 2, 3, 1, "over"],
      ["Under", 4, 2, -2, "under"],
      ["Exact", 3, 3, 0, "onTarget"],
    ]);
  });

  it("totals the done tasks: estimated, actual, difference, counts and accuracy", () => {
    const { totals } = estimateReport([task("Over", 2, 3), task("Under", 4, 2), task("Exact", 3, 3)], NOW);
    // min: 2 + 2 + 3 = 7; max: 3 + 4 + 3 = 10.
    expect(totals).toEqual({ doneTasks: 3, estimated: 9, actual: 8, difference: -1, accuracy: 70, onTarget: 1, over: 1, under: 1 });
    expect(estimateReport([task("Exact", 2, 2)], NOW).totals.accuracy).toBe(100);
  });

  it("lists a task ticked off without a focus session as such, and leaves it out of the totals", () => {
    const report = estimateReport([task("Done elsewhere", 2, 0), task("Exact", 3, 3)], NOW);
    expect(report.rows.map((row) => [row.title, row.verdict])).toEqual([
      ["Done elsewhere", "noSessions"],
      ["Exact", "onTarget"],
    ]);
    expect(report.totals).toEqual({ doneTasks: 1, estimated: 3, actual: 3, difference: 0, accuracy: 100, onTarget: 1, over: 0, under: 0 });
  });

  it("includes open tasks with a focus session in the window, out of the totals; over once they pass their estimate", () => {
    const report = estimateReport(
      [task("Going", 3, 1, { done: false, completedAt: null }), task("Running late", 2, 3, { done: false, completedAt: null })],
      NOW,
    );
    expect(report.rows.map((row) => row.verdict)).toEqual(["open", "over"]);
    expect(report.totals).toMatchObject({ doneTasks: 0, estimated: 0, actual: 0, accuracy: null });
  });

  it("leaves out tasks done before the window, open tasks without a recent session, and never-worked open tasks", () => {
    const report = estimateReport(
      [
        task("Old", 1, 1, { completedAt: daysAgo(30, 23) }),
        task("Stale", 1, 1, { done: false, completedAt: null, lastSessionAt: daysAgo(31) }),
        task("Untouched", 1, 0, { done: false, completedAt: null, lastSessionAt: null }),
        task("First day", 1, 1, { completedAt: daysAgo(29, 0) }),
      ],
      NOW,
    );
    expect(report.rows.map((row) => row.title)).toEqual(["First day"]);
    // The window: today and the 29 local days before it.
    expect(report.since).toBe(addLocalDays(NOW, -29));
  });

  it("takes a task done in the window even when its sessions were earlier, with its whole actual count", () => {
    const report = estimateReport([task("Long", 5, 8, { completedAt: daysAgo(2), lastSessionAt: daysAgo(2) })], NOW);
    expect(report.rows[0]).toMatchObject({ actual: 8, verdict: "over" });
  });

  it("lists the most recent first: done by completion, open by last session", () => {
    const report = estimateReport(
      [
        task("A", 1, 1, { completedAt: daysAgo(5) }),
        task("B", 1, 1, { done: false, completedAt: null, lastSessionAt: daysAgo(0, 9) }),
        task("C", 1, 1, { completedAt: daysAgo(2) }),
      ],
      NOW,
    );
    expect(report.rows.map((row) => row.title)).toEqual(["B", "C", "A"]);
  });

  it("is empty without tasks", () => {
    expect(estimateReport([], NOW)).toMatchObject({ rows: [], totals: { doneTasks: 0, accuracy: null } });
  });
});

describe("estimateFactor", () => {
  it("learns how estimates run from done tasks, pulled toward 1.0 while there are few", () => {
    // Five tasks that took 1.4× their estimates (14 for 10): (5 × 1.4 + 5) ÷ 10 = 1.2.
    const five = [task("A", 2, 3), task("B", 2, 3), task("C", 2, 3), task("D", 2, 2), task("E", 2, 3)];
    expect(estimateFactor(five, NOW)).toEqual({ factor: expect.closeTo(1.2, 10), basedOn: 5 });
    // One task that took twice its estimate moves the factor only a little: (1 × 2 + 5) ÷ 6.
    expect(estimateFactor([task("Odd", 1, 2)], NOW)?.factor).toBeCloseTo(7 / 6, 10);
    // With many tasks the factor comes close to what they took.
    const many = Array.from({ length: 95 }, (_, i) => task(`T${i}`, 2, 3));
    expect(estimateFactor(many, NOW)?.factor).toBeCloseTo((95 * 1.5 + 5) / 100, 10);
  });

  it("reads below 1 when tasks take less than estimated", () => {
    expect(estimateFactor([task("Quick", 4, 2), task("Quicker", 4, 1)], NOW)?.factor).toBeCloseTo((2 * (3 / 8) + 5) / 7, 10);
  });

  it("learns nothing from open tasks, tasks ticked off without a session, or tasks done before the window", () => {
    expect(
      estimateFactor(
        [task("Open", 2, 5, { done: false, completedAt: null }), task("Ticked off", 3, 0), task("Long ago", 1, 4, { completedAt: daysAgo(40), lastSessionAt: daysAgo(40) })],
        NOW,
      ),
    ).toBeNull();
    expect(estimateFactor([], NOW)).toBeNull();
  });
});

describe("projectFinish", () => {
  const lengths = { focusDuration: 25, shortBreakDuration: 5, longBreakDuration: 15, longBreakInterval: 4 };

  it("counts the sessions the open tasks still need and the breaks between them, none after the last", () => {
    // 3 − 1 + 3 = 5 sessions: 5 × 25 + short, short, short, long (after the 4th) = 125 + 30 = 155 min.
    const projection = projectFinish([{ estimate: 3, actual: 1 }, { estimate: 3, actual: 0 }], 1, lengths, NOW);
    expect(projection).toEqual({ sessions: 5, durationMs: 155 * 60_000, finishAt: NOW + 155 * 60_000 });
  });

  it("scales each estimate by the factor, rounding each task up", () => {
    // 1.2 × 5 = 6 (not 7: no floating-point overshoot), 1.2 × 2 = 2.4 → 3, less 1 taken: 6 + 2 = 8.
    expect(projectFinish([{ estimate: 5, actual: 0 }, { estimate: 2, actual: 1 }], 1.2, lengths, NOW)?.sessions).toBe(8);
  });

  it("never counts a task below 0, and projects nothing when no session is needed", () => {
    expect(projectFinish([{ estimate: 2, actual: 4 }, { estimate: 1, actual: 0 }], 1, lengths, NOW)?.sessions).toBe(1);
    expect(projectFinish([{ estimate: 2, actual: 2 }], 1, lengths, NOW)).toBeNull();
    expect(projectFinish([], 1, lengths, NOW)).toBeNull();
  });

  it("puts a long break after every interval-th session", () => {
    // 9 sessions, interval 4: long breaks after the 4th and 8th, 6 short ones.
    const projection = projectFinish([{ estimate: 9, actual: 0 }], 1, lengths, NOW);
    expect(projection?.durationMs).toBe((9 * 25 + 2 * 15 + 6 * 5) * 60_000);
  });
});
