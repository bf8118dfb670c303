import { describe, expect, it } from "vitest";
import { localDayKey as localDay } from "@focus/core/format";
import { countStopped, nextPassEnd, openPassEntries, passesOfToday, passesTakenToday, takePass } from "./passes";

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

  it("counts today's passes as the larger of this browser's and the account's, the account's only on its own day", () => {
    const mine = takePass(null, "youtube.com", NOON, 3);
    const account = (day: string, count: number) => ({ passesTaken: { day, count }, timeZone: "UTC" });
    expect(passesTakenToday(mine, null, NOON)).toBe(1);
    expect(passesTakenToday(mine, account(localDay(NOON, "UTC"), 2), NOON)).toBe(2);
    expect(passesTakenToday(mine, account(localDay(NOON, "UTC"), 0), NOON)).toBe(1);
    // The account's count of yesterday counts for nothing today.
    expect(passesTakenToday(null, account(localDay(NOON - 24 * 60 * MIN, "UTC"), 3), NOON)).toBe(0);
  });
});
