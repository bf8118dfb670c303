import { describe, expect, it } from "vitest";
import { currentStreak, longestStreak } from "./streak";
import { sessionAt, WEDNESDAY } from "../days/testSession";

const now = WEDNESDAY.getTime(); // 18 November 2026, 15:00
const onDays = (...days: number[]) => days.map((d) => sessionAt(new Date(2026, 10, d, 10)));

describe("current streak", () => {
  it("counts consecutive days with a completed focus session ending today", () => {
    expect(currentStreak(onDays(16, 17, 18), now)).toBe(3);
  });

  it("counts up to yesterday when there is no session yet today", () => {
    expect(currentStreak(onDays(15, 16, 17), now)).toBe(3);
  });

  it("is 0 when the last session was the day before yesterday", () => {
    expect(currentStreak(onDays(14, 15, 16), now)).toBe(0);
  });

  it("is broken by a day without a session", () => {
    expect(currentStreak(onDays(13, 14, 16, 17, 18), now)).toBe(3);
  });

  it("counts a day once however many sessions it has", () => {
    expect(currentStreak([...onDays(17, 18, 18, 18), sessionAt(new Date(2026, 10, 18, 14))], now)).toBe(2);
  });

  it("ignores days that only had breaks or abandoned focus sessions", () => {
    const sessions = [
      ...onDays(18),
      sessionAt(new Date(2026, 10, 17, 9), { type: "break", duration: 300 }),
      sessionAt(new Date(2026, 10, 16, 9), { completed: false }),
      ...onDays(15),
    ];
    expect(currentStreak(sessions, now)).toBe(1);
  });

  it("is 0 without sessions", () => {
    expect(currentStreak([], now)).toBe(0);
  });

  it("runs across a month boundary and daylight-saving changes", () => {
    const november = onDays(1, 2);
    const october = [30, 31].map((d) => sessionAt(new Date(2026, 9, d, 10)));
    expect(currentStreak([...october, ...november], new Date(2026, 10, 2, 12).getTime())).toBe(4);
    // 5 to 31 March covers the US and the EU spring change.
    const march = Array.from({ length: 27 }, (_, i) => sessionAt(new Date(2026, 2, 5 + i, 10)));
    expect(currentStreak(march, new Date(2026, 2, 31, 20).getTime())).toBe(27);
  });
});

describe("longest streak", () => {
  it("finds the longest run of consecutive focus days anywhere in the history", () => {
    expect(longestStreak(onDays(1, 2, 3, 4, 6, 7, 9))).toBe(4);
    expect(longestStreak(onDays(9, 7, 6, 4, 3, 2, 1))).toBe(4);
  });

  it("is 1 for a single day and 0 without sessions", () => {
    expect(longestStreak(onDays(5, 5))).toBe(1);
    expect(longestStreak([])).toBe(0);
  });

  it("joins the last day of a month to the first of the next", () => {
    const sessions = [sessionAt(new Date(2026, 9, 30, 10)), sessionAt(new Date(2026, 9, 31, 10)), ...onDays(1)];
    expect(longestStreak(sessions)).toBe(3);
  });
});
