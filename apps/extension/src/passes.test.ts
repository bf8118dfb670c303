import { describe, expect, it } from "vitest";
import { localDayKey as localDay } from "@focus/core/format";
import { countStopped, nextPassEnd, openPassEntries, passesOfToday, takePass } from "./passes";

const NOON = new Date(2026, 2, 2, 12, 0).getTime();
const MIN = 60_000;

describe("delay passes", () => {
  it("lets an entry through for 5 minutes, at most the day's number of times", () => {
    let passes = takePass(null, "youtube.com", NOON, 2);
    expect(openPassEntries(passes, NOON + 4 * MIN)).toEqual(["youtube.com"]);
    expect(openPassEntries(passes, NOON + 5 * MIN)).toEqual([]);
    expect(nextPassEnd(passes, NOON)).toBe(NOON + 5 * MIN);
    passes = takePass(passes, "reddit.com", NOON + MIN, 2);
    expect(passes?.used).toBe(2);
    expect(takePass(passes, "x.com", NOON + 2 * MIN, 2)).toBeNull();
  });

  it("starts counting again on the next local day, and counts stopped visits beside the passes", () => {
    const used = takePass(countStopped(null, NOON), "youtube.com", NOON, 1);
    expect(used).toMatchObject({ used: 1, stopped: 1, day: localDay(NOON) });
    const tomorrow = NOON + 24 * 60 * MIN;
    expect(passesOfToday(used, tomorrow)).toEqual({ day: localDay(tomorrow), used: 0, stopped: 0, open: [] });
    expect(takePass(used, "youtube.com", tomorrow, 1)?.used).toBe(1);
  });

  it("never lets through with no passes a day", () => {
    expect(takePass(null, "youtube.com", NOON, 0)).toBeNull();
  });
});
