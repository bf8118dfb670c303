import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { dailyFocusSeries } from "./series";
import { streakCalendar } from "./streakCalendar";
import { currentStreak } from "./streak";
import { summarizeSessions } from "./summary";
import { sessionAt } from "../days/testSession";

// These tests run in America/Los_Angeles whatever zone the run has (the suite also runs at fixed
// instants in UTC), so a local evening is already the next day in UTC: they fail if "today" is
// ever taken as the UTC day.
describe("local days in a zone behind UTC", () => {
  let lateStart: Date;
  let lateSession: ReturnType<typeof sessionAt>;
  let sameNight: number;
  beforeAll(() => {
    vi.stubEnv("TZ", "America/Los_Angeles");
    lateStart = new Date(2026, 10, 18, 23, 30);
    lateSession = sessionAt(lateStart);
    sameNight = new Date(2026, 10, 18, 23, 45).getTime();
  });
  afterAll(() => void vi.unstubAllEnvs());

  it("runs where 23:30 local time is already the next UTC day (so the tests below can fail)", () => {
    expect(lateStart.toISOString().slice(0, 10)).toBe("2026-11-19");
  });

  it("counts a session at 23:30 local time for that local day, in today's numbers, the chart and the streak", () => {
    const summary = summarizeSessions([lateSession], sameNight);
    expect(summary.sessionsToday).toBe(1);
    expect(summary.focusMinutesToday).toBe(25);

    const week = dailyFocusSeries([lateSession], sameNight, 7);
    expect(week.at(-1)).toMatchObject({ day: "2026-11-18", sessions: 1, focusMinutes: 25 });
    expect(week.filter((p) => p.sessions > 0)).toHaveLength(1);
    expect(streakCalendar([lateSession], sameNight, 30).at(-1)).toMatchObject({ day: "2026-11-18", focused: true });
    expect(currentStreak([lateSession], sameNight)).toBe(1);
  });

  it("gives each day once across the autumn clock change, the 25-hour day included", () => {
    // US daylight saving ends on Sunday 1 November 2026: that local day lasts 25 hours.
    const longDayNight = sessionAt(new Date(2026, 10, 1, 23, 30));
    const series = dailyFocusSeries([longDayNight], new Date(2026, 10, 4, 12).getTime(), 7);
    expect(series.map((p) => p.day)).toEqual([
      "2026-10-29",
      "2026-10-30",
      "2026-10-31",
      "2026-11-01",
      "2026-11-02",
      "2026-11-03",
      "2026-11-04",
    ]);
    expect(series.find((p) => p.day === "2026-11-01")?.sessions).toBe(1);
    expect(series.find((p) => p.day === "2026-11-02")?.sessions).toBe(0);
  });

  it("gives each day once across the spring clock change, the 23-hour day included", () => {
    // US daylight saving starts on Sunday 8 March 2026: that local day lasts 23 hours.
    const shortDayNight = sessionAt(new Date(2026, 2, 8, 23, 30));
    const now = new Date(2026, 2, 9, 0, 15).getTime();
    const series = dailyFocusSeries([shortDayNight], now, 3);
    expect(series.map((p) => [p.day, p.sessions])).toEqual([
      ["2026-03-07", 0],
      ["2026-03-08", 1],
      ["2026-03-09", 0],
    ]);
    expect(currentStreak([shortDayNight], now)).toBe(1);
    expect(summarizeSessions([shortDayNight], now).sessionsToday).toBe(0);
  });
});
