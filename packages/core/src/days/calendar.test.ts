import { describe, expect, it } from "vitest";
import { addLocalDays, lastLocalDayKeys, localPeriodBounds, startOfLocalDay, startOfLocalMonth, startOfLocalWeek } from "./calendar";

/** Epoch ms of a local wall-clock time; months count from 0 as in `Date`. */
const at = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m, d, h, min).getTime();

describe("local calendar", () => {
  it("starts the day at local midnight", () => {
    expect(startOfLocalDay(at(2026, 10, 18, 15, 30))).toBe(at(2026, 10, 18));
    expect(startOfLocalDay(at(2026, 10, 18, 0, 0))).toBe(at(2026, 10, 18));
  });

  it("starts the week on Sunday", () => {
    expect(startOfLocalWeek(at(2026, 10, 18, 15))).toBe(at(2026, 10, 15)); // Wednesday
    expect(startOfLocalWeek(at(2026, 10, 15, 0))).toBe(at(2026, 10, 15)); // Sunday midnight
    expect(startOfLocalWeek(at(2026, 10, 21, 23, 59))).toBe(at(2026, 10, 15)); // Saturday night
    expect(startOfLocalWeek(at(2026, 10, 22, 8))).toBe(at(2026, 10, 22)); // next Sunday
    expect(new Date(startOfLocalWeek(at(2026, 10, 18))).getDay()).toBe(0);
  });

  it("finds the Sunday of a week that began in the previous month", () => {
    expect(startOfLocalWeek(at(2026, 11, 2, 10))).toBe(at(2026, 10, 29));
  });

  it("starts the month on the 1st at local midnight", () => {
    expect(startOfLocalMonth(at(2026, 10, 18, 15))).toBe(at(2026, 10, 1));
    expect(startOfLocalMonth(at(2026, 0, 1, 0))).toBe(at(2026, 0, 1));
  });

  it("bounds the day, week and month with an exclusive end", () => {
    const now = at(2026, 10, 18, 15);
    expect(localPeriodBounds(now, "day")).toEqual({ start: at(2026, 10, 18), end: at(2026, 10, 19) });
    expect(localPeriodBounds(now, "week")).toEqual({ start: at(2026, 10, 15), end: at(2026, 10, 22) });
    expect(localPeriodBounds(now, "month")).toEqual({ start: at(2026, 10, 1), end: at(2026, 11, 1) });
    expect(localPeriodBounds(at(2026, 11, 31, 23), "month").end).toBe(at(2027, 0, 1));
  });

  it("moves by whole local days, landing on midnight", () => {
    expect(addLocalDays(at(2026, 10, 18, 15), 1)).toBe(at(2026, 10, 19));
    expect(addLocalDays(at(2026, 10, 1, 15), -1)).toBe(at(2026, 9, 31));
  });

  it("lists the last N local days oldest first, ending today, across a month boundary", () => {
    expect(lastLocalDayKeys(at(2026, 10, 2, 9), 7)).toEqual([
      "2026-10-27",
      "2026-10-28",
      "2026-10-29",
      "2026-10-30",
      "2026-10-31",
      "2026-11-01",
      "2026-11-02",
    ]);
    expect(lastLocalDayKeys(at(2026, 10, 2, 9), 1)).toEqual(["2026-11-02"]);
    expect(lastLocalDayKeys(at(2026, 10, 2, 9), 0)).toEqual([]);
  });

  it("keeps one key per day through the daylight-saving months", () => {
    const keys = lastLocalDayKeys(at(2026, 10, 30, 12), 366);
    expect(new Set(keys).size).toBe(366);
    expect(keys[0]).toBe("2025-11-30");
  });
});
