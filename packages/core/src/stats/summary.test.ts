import { describe, expect, it } from "vitest";
import { sessionBreakdown } from "./breakdown";
import { recentSessions } from "./recent";
import { summarizeSessions } from "./summary";
import { sessionAt, WEDNESDAY } from "../days/testSession";

const now = WEDNESDAY.getTime();

describe("session summary", () => {
  it("counts only completed focus sessions as focus", () => {
    const summary = summarizeSessions(
      [
        sessionAt(new Date(2026, 10, 18, 9)),
        sessionAt(new Date(2026, 10, 18, 9, 25), { type: "break", duration: 300 }),
        sessionAt(new Date(2026, 10, 18, 10), { completed: false, duration: 600 }),
      ],
      now,
    );
    expect(summary.sessionsToday).toBe(1);
    expect(summary.focusMinutesToday).toBe(25);
    expect(summary.totalSessions).toBe(1);
    expect(summary.totalFocusMinutes).toBe(25);
  });

  it("splits sessions into today, this week from Sunday, this month and all time", () => {
    const sessions = [
      sessionAt(new Date(2026, 10, 18, 9)), // today (Wednesday)
      sessionAt(new Date(2026, 10, 18, 14)), // today
      sessionAt(new Date(2026, 10, 15, 8)), // Sunday: this week
      sessionAt(new Date(2026, 10, 14, 20)), // Saturday: last week, this month
      sessionAt(new Date(2026, 10, 1, 10)), // this month
      sessionAt(new Date(2026, 9, 31, 22)), // last month
    ];
    expect(summarizeSessions(sessions, now)).toEqual({
      sessionsToday: 2,
      focusMinutesToday: 50,
      sessionsThisWeek: 3,
      focusMinutesThisWeek: 75,
      sessionsThisMonth: 5,
      focusMinutesThisMonth: 125,
      totalSessions: 6,
      totalFocusMinutes: 150,
      averageSessionsPerDay: 3 / 7,
    });
  });

  it("averages sessions per day as this week's sessions divided by 7", () => {
    const week = [15, 16, 16, 17, 18].map((d) => sessionAt(new Date(2026, 10, d, 9)));
    expect(summarizeSessions(week, now).averageSessionsPerDay).toBeCloseTo(5 / 7);
    expect(summarizeSessions([], now).averageSessionsPerDay).toBe(0);
  });

  it("sums seconds before rounding to whole minutes", () => {
    const sessions = [0, 1, 2].map((h) => sessionAt(new Date(2026, 10, 18, 9 + h), { duration: 1530 }));
    expect(summarizeSessions(sessions, now).focusMinutesToday).toBe(77); // 4590 s = 76.5 min
  });

  it("leaves a session with an unparseable start out of every period but counts it all-time", () => {
    const broken = { ...sessionAt(new Date(2026, 10, 18, 9)), startTime: "not a date" };
    const summary = summarizeSessions([broken], now);
    expect(summary.sessionsToday).toBe(0);
    expect(summary.totalSessions).toBe(1);
  });
});

describe("session breakdown", () => {
  it("counts focus and break sessions, completed and not, with minutes of completed ones", () => {
    const breakdown = sessionBreakdown([
      sessionAt(new Date(2026, 10, 18, 9)),
      sessionAt(new Date(2026, 10, 18, 10)),
      sessionAt(new Date(2026, 10, 18, 11), { completed: false, duration: 600 }),
      sessionAt(new Date(2026, 10, 18, 9, 25), { type: "break", duration: 300 }),
      sessionAt(new Date(2026, 10, 18, 10, 25), { type: "break", duration: 900, completed: false }),
    ]);
    expect(breakdown).toEqual({
      focus: { count: 3, completed: 2, minutes: 50 },
      break: { count: 2, completed: 1, minutes: 5 },
      completed: 3,
      incomplete: 2,
      completionRate: 60,
    });
  });

  it("reports a 0% completion rate when there are no sessions", () => {
    expect(sessionBreakdown([]).completionRate).toBe(0);
  });
});

describe("recent sessions", () => {
  it("lists the 5 most recent completed sessions, newest first", () => {
    const sessions = [9, 14, 11, 8, 16, 10, 12].map((h) => sessionAt(new Date(2026, 10, 18, h)));
    const recent = recentSessions(sessions);
    expect(recent).toHaveLength(5);
    expect(recent.map((s) => new Date(s.startTime).getHours())).toEqual([16, 14, 12, 11, 10]);
  });

  it("skips incomplete sessions and keeps completed breaks", () => {
    const done = sessionAt(new Date(2026, 10, 18, 9));
    const pause = sessionAt(new Date(2026, 10, 18, 9, 25), { type: "break", duration: 300 });
    const abandoned = sessionAt(new Date(2026, 10, 18, 10), { completed: false });
    expect(recentSessions([done, abandoned, pause])).toEqual([pause, done]);
  });

  it("takes another limit when asked", () => {
    const sessions = [9, 10, 11].map((h) => sessionAt(new Date(2026, 10, 18, h)));
    expect(recentSessions(sessions, 2)).toHaveLength(2);
  });
});
