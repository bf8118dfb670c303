import { describe, expect, it } from "vitest";
import { dailyFocusSeries } from "./series";
import { streakCalendar } from "./streakCalendar";
import { sessionAt, WEDNESDAY } from "../days/testSession";

const now = WEDNESDAY.getTime(); // 18 November 2026

describe("per-day chart series", () => {
  it("gives the last 7 local days oldest first, ending today, with empty days as 0", () => {
    const series = dailyFocusSeries(
      [
        sessionAt(new Date(2026, 10, 18, 9)),
        sessionAt(new Date(2026, 10, 18, 10)),
        sessionAt(new Date(2026, 10, 14, 9), { duration: 50 * 60 }),
        sessionAt(new Date(2026, 10, 14, 11), { type: "break", duration: 300 }),
        sessionAt(new Date(2026, 10, 10, 9)), // 8 days ago: outside the week
      ],
      now,
      7,
    );
    expect(series.map((p) => [p.day, p.sessions, p.focusMinutes])).toEqual([
      ["2026-11-12", 0, 0],
      ["2026-11-13", 0, 0],
      ["2026-11-14", 1, 50],
      ["2026-11-15", 0, 0],
      ["2026-11-16", 0, 0],
      ["2026-11-17", 0, 0],
      ["2026-11-18", 2, 50],
    ]);
    expect(series[0]?.start).toBe(new Date(2026, 10, 12).getTime());
  });

  it("gives 30 days for the monthly chart", () => {
    const series = dailyFocusSeries([sessionAt(new Date(2026, 9, 20, 9))], now, 30);
    expect(series).toHaveLength(30);
    expect(series[0]?.day).toBe("2026-10-20");
    expect(series[0]?.sessions).toBe(1);
    expect(series.slice(1).every((p) => p.sessions === 0 && p.focusMinutes === 0)).toBe(true);
  });
});

describe("streak calendar", () => {
  it("marks which of the last N days had a completed focus session", () => {
    const calendar = streakCalendar(
      [sessionAt(new Date(2026, 10, 16, 9)), sessionAt(new Date(2026, 10, 18, 9)), sessionAt(new Date(2026, 10, 17, 9), { completed: false })],
      now,
      4,
    );
    expect(calendar.map((c) => [c.day, c.focused])).toEqual([
      ["2026-11-15", false],
      ["2026-11-16", true],
      ["2026-11-17", false],
      ["2026-11-18", true],
    ]);
  });
});
