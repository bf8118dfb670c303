import { describe, expect, it } from "vitest";
import { dailyFocusSeries } from "./series";
import { currentStreak } from "./streak";
import { summarizeSessions } from "./summary";
import { sessionAt } from "../days/testSession";

// Every date here is a local wall-clock time, so these pass in any time zone: the day a
// session belongs to is the user's local day of its start, never the UTC day.
describe("local day boundaries", () => {
  const lateSession = sessionAt(new Date(2026, 10, 18, 23, 30)); // runs past midnight

  it("counts a session started at 23:30 for that day, not the next", () => {
    const thatNight = new Date(2026, 10, 18, 23, 59).getTime();
    const nextMorning = new Date(2026, 10, 19, 8, 0).getTime();
    expect(summarizeSessions([lateSession], thatNight).sessionsToday).toBe(1);
    expect(summarizeSessions([lateSession], nextMorning).sessionsToday).toBe(0);
    const week = dailyFocusSeries([lateSession], nextMorning, 2);
    expect(week.map((p) => [p.day, p.sessions])).toEqual([
      ["2026-11-18", 1],
      ["2026-11-19", 0],
    ]);
  });

  it("counts a session started just after midnight for the new day", () => {
    const early = sessionAt(new Date(2026, 10, 19, 0, 5));
    expect(summarizeSessions([early], new Date(2026, 10, 19, 9).getTime()).sessionsToday).toBe(1);
    expect(summarizeSessions([early], new Date(2026, 10, 18, 23, 59).getTime()).sessionsToday).toBe(0);
  });

  it("keeps a streak alive the next day from a 23:30 session", () => {
    expect(currentStreak([lateSession], new Date(2026, 10, 19, 20).getTime())).toBe(1);
    expect(currentStreak([lateSession], new Date(2026, 10, 20, 0, 1).getTime())).toBe(0);
  });

  it("puts Saturday 23:30 in the old week and Sunday 00:00 in the new one", () => {
    const saturdayNight = sessionAt(new Date(2026, 10, 21, 23, 30));
    const sundayMidnight = sessionAt(new Date(2026, 10, 22, 0, 0));
    const summary = summarizeSessions([saturdayNight, sundayMidnight], new Date(2026, 10, 22, 12).getTime());
    expect(summary.sessionsThisWeek).toBe(1);
    expect(summary.sessionsToday).toBe(1);
  });

  it("puts the last evening of a month in that month", () => {
    const lastEvening = sessionAt(new Date(2026, 9, 31, 23, 30));
    expect(summarizeSessions([lastEvening], new Date(2026, 10, 1, 9).getTime()).sessionsThisMonth).toBe(0);
    expect(summarizeSessions([lastEvening], new Date(2026, 9, 31, 23, 59).getTime()).sessionsThisMonth).toBe(1);
  });
});
