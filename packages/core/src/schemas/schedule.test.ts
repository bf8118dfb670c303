import { describe, expect, it } from "vitest";
import { scheduleLabel, shieldScheduleInputSchema } from "./schedule";
import { nextScheduleChange, scheduleBlockingUntil } from "./scheduleWindows";

/** A local time on Monday 2 March 2026 (the test's time zone), plus `days`. */
const monday = (hours: number, minutes = 0, days = 0) => new Date(2026, 2, 2 + days, hours, minutes).getTime();
const weekdays = { days: [1, 2, 3, 4, 5], start: "09:00", end: "12:00" };

describe("Shield schedules", () => {
  it("block inside a window of a listed day and not outside it", () => {
    expect(scheduleBlockingUntil([weekdays], monday(9, 0))).toBe(monday(12, 0));
    expect(scheduleBlockingUntil([weekdays], monday(11, 59))).toBe(monday(12, 0));
    expect(scheduleBlockingUntil([weekdays], monday(12, 0))).toBeNull();
    expect(scheduleBlockingUntil([weekdays], monday(8, 59))).toBeNull();
    // Saturday.
    expect(scheduleBlockingUntil([weekdays], monday(10, 0, 5))).toBeNull();
  });

  it("runs a window past midnight into the next day", () => {
    const night = { days: [1], start: "22:00", end: "01:00" };
    expect(scheduleBlockingUntil([night], monday(23, 30))).toBe(monday(1, 0, 1));
    expect(scheduleBlockingUntil([night], monday(0, 30, 1))).toBe(monday(1, 0, 1));
    expect(scheduleBlockingUntil([night], monday(0, 30))).toBeNull();
  });

  it("says when the next window starts or ends", () => {
    expect(nextScheduleChange([weekdays], monday(7, 0))).toBe(monday(9, 0));
    expect(nextScheduleChange([weekdays], monday(10, 0))).toBe(monday(12, 0));
    expect(nextScheduleChange([weekdays], monday(13, 0))).toBe(monday(9, 0, 1));
  });

  it("keeps the account's windows whatever this device's zone is: days and times in the named zone", () => {
    // Weekdays 09:00-12:00 in Berlin (UTC+1 in March 2026) are 08:00-11:00 UTC, from any device.
    const utc = (day: number, hours: number, minutes = 0) => Date.UTC(2026, 2, day, hours, minutes);
    expect(scheduleBlockingUntil([weekdays], utc(2, 8, 0), "Europe/Berlin")).toBe(utc(2, 11));
    expect(scheduleBlockingUntil([weekdays], utc(2, 7, 59), "Europe/Berlin")).toBeNull();
    expect(scheduleBlockingUntil([weekdays], utc(2, 11, 0), "Europe/Berlin")).toBeNull();
    // Kiritimati (UTC+14): Monday 09:00 there is Sunday 19:00 UTC.
    expect(scheduleBlockingUntil([weekdays], utc(1, 19, 30), "Pacific/Kiritimati")).toBe(utc(1, 22));
    // Saturday morning in Berlin blocks nothing (it is still Friday evening in Honolulu, where a device may be).
    expect(scheduleBlockingUntil([weekdays], utc(7, 8, 30), "Europe/Berlin")).toBeNull();
    // A window past midnight in the named zone, and the next change.
    const night = { days: [1], start: "22:00", end: "01:00" };
    expect(scheduleBlockingUntil([night], utc(2, 23, 30), "Europe/Berlin")).toBe(utc(3, 0));
    expect(nextScheduleChange([weekdays], utc(2, 6, 0), "Europe/Berlin")).toBe(utc(2, 8));
    // Across the change to summer time (29 March 2026 in Berlin): 09:00 is 07:00 UTC on Monday 30 March.
    expect(nextScheduleChange([weekdays], utc(30, 5, 0), "Europe/Berlin")).toBe(utc(30, 7));
  });

  it("validates days and times with clear messages, and names a schedule in words", () => {
    const messages = (input: object) => shieldScheduleInputSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ days: [], start: "09:00", end: "12:00" })).toEqual(["Choose at least one day"]);
    expect(messages({ days: [1], start: "9am", end: "12:00" })).toEqual(["Start must be a time like 09:00"]);
    expect(messages({ days: [1], start: "09:00", end: "09:00" })).toEqual(["Start and end must differ"]);
    expect(shieldScheduleInputSchema.parse({ days: [5, 1, 1], start: "09:00", end: "12:00" }).days).toEqual([1, 5]);
    expect(scheduleLabel(weekdays)).toBe("Mon–Fri 09:00–12:00");
    expect(scheduleLabel({ days: [0, 6], start: "10:00", end: "11:30" })).toBe("Sun, Sat 10:00–11:30");
  });
});
