import { describe, expect, it } from "vitest";
import { addLocalDays } from "../stats/calendar";
import { estimateReport, type EstimateTask } from "./estimates";

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
