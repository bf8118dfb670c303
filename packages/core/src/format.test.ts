import { describe, expect, it } from "vitest";
import { formatTime, localDayBounds, localDayKey } from "./format";

describe("formatTime", () => {
  it("shows mm:ss with leading zeros", () => {
    expect(formatTime(1500)).toBe("25:00");
    expect(formatTime(61)).toBe("01:01");
    expect(formatTime(9)).toBe("00:09");
  });
  it("rounds fractions up and never shows negatives", () => {
    expect(formatTime(59.2)).toBe("01:00");
    expect(formatTime(0.001)).toBe("00:01");
    expect(formatTime(-5)).toBe("00:00");
  });
  it("keeps counting minutes past an hour", () => {
    expect(formatTime(3600)).toBe("60:00");
  });
});

describe("local days", () => {
  it("keys an instant by its local calendar day", () => {
    expect(localDayKey(new Date(2026, 0, 5, 23, 59).getTime())).toBe("2026-01-05");
    expect(localDayKey(new Date(2026, 0, 6, 0, 0).getTime())).toBe("2026-01-06");
  });
  it("bounds a local day from midnight to the next midnight", () => {
    const { start, end } = localDayBounds(new Date(2026, 2, 10, 15, 30).getTime());
    expect(start).toBe(new Date(2026, 2, 10).getTime());
    expect(end).toBe(new Date(2026, 2, 11).getTime());
  });
});
