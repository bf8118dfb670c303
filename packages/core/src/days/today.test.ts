import { describe, expect, it } from "vitest";
import { sessionAt } from "./testSession";
import { todayProgress } from "./today";

const at = (hour: number, minute = 0) => new Date(2026, 10, 18, hour, minute);
const NOON = at(12).getTime();

describe("today's progress", () => {
  it("counts completed focus sessions and their minutes, not breaks or abandoned sessions", () => {
    expect(
      todayProgress(
        [
          sessionAt(at(9)),
          sessionAt(at(9, 25), { type: "break", duration: 300 }),
          sessionAt(at(10), { completed: false, duration: 600 }),
          sessionAt(at(11), { duration: 50 * 60 }),
        ],
        NOON,
      ),
    ).toEqual({ completedSessionsToday: 2, totalFocusTimeToday: 75 });
  });

  it("rounds the summed seconds once, so short sessions are not each rounded away", () => {
    // Three sessions of 20 s make one minute; rounding each would make zero.
    const short = [0, 1, 2].map((i) => sessionAt(at(11, i), { duration: 20 }));
    expect(todayProgress(short, NOON).totalFocusTimeToday).toBe(1);
    expect(todayProgress(short, NOON).completedSessionsToday).toBe(3);
  });

  it("is zero for a day without sessions", () => {
    expect(todayProgress([], NOON)).toEqual({ completedSessionsToday: 0, totalFocusTimeToday: 0 });
  });

  it("counts a session on the local day it ends: 23:50 to 00:15 is tomorrow's", () => {
    const lateNight = sessionAt(new Date(2026, 10, 17, 23, 50), { duration: 25 * 60 });
    expect(todayProgress([lateNight], NOON)).toEqual({ completedSessionsToday: 1, totalFocusTimeToday: 25 });
    expect(todayProgress([lateNight], new Date(2026, 10, 17, 23, 59).getTime()).completedSessionsToday).toBe(0);
  });

  it("ignores sessions of other days, before and after", () => {
    const sessions = [sessionAt(new Date(2026, 10, 17, 9)), sessionAt(at(9)), sessionAt(new Date(2026, 10, 19, 9))];
    expect(todayProgress(sessions, NOON).completedSessionsToday).toBe(1);
  });

  it("reads the day in the time zone it is given", () => {
    // 07:30 UTC on 18 Nov is 23:30 on 17 Nov in Los Angeles and 08:30 on 18 Nov in Berlin.
    const session = { startTime: "2026-11-18T07:05:00.000Z", duration: 1500, type: "focus" as const, completed: true };
    const now = Date.parse("2026-11-18T07:45:00.000Z");
    expect(todayProgress([session], now, "America/Los_Angeles").completedSessionsToday).toBe(1);
    expect(todayProgress([session], now, "Europe/Berlin").completedSessionsToday).toBe(1);
    // At 08:30 UTC it is already the 18th in Los Angeles too (00:30): the session was yesterday's there.
    const later = Date.parse("2026-11-18T08:30:00.000Z");
    expect(todayProgress([session], later, "America/Los_Angeles").completedSessionsToday).toBe(0);
    expect(todayProgress([session], later, "Europe/Berlin").completedSessionsToday).toBe(1);
  });
});
