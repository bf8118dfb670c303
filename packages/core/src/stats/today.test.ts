import { describe, expect, it } from "vitest";
import { sessionAt } from "./testSession";
import { todayProgress } from "./today";

const at = (hour: number, minute = 0) => new Date(2026, 10, 18, hour, minute);

describe("today's progress", () => {
  it("counts completed focus sessions and their minutes, not breaks or abandoned sessions", () => {
    expect(
      todayProgress([
        sessionAt(at(9)),
        sessionAt(at(9, 25), { type: "break", duration: 300 }),
        sessionAt(at(10), { completed: false, duration: 600 }),
        sessionAt(at(11), { duration: 50 * 60 }),
      ]),
    ).toEqual({ completedSessionsToday: 2, totalFocusTimeToday: 75 });
  });

  it("rounds the summed seconds once, so short sessions are not each rounded away", () => {
    // Three sessions of 20 s make one minute; rounding each would make zero.
    const short = [0, 1, 2].map((i) => sessionAt(at(12, i), { duration: 20 }));
    expect(todayProgress(short).totalFocusTimeToday).toBe(1);
    expect(todayProgress(short).completedSessionsToday).toBe(3);
  });

  it("is zero for a day without sessions", () => {
    expect(todayProgress([])).toEqual({ completedSessionsToday: 0, totalFocusTimeToday: 0 });
  });
});
