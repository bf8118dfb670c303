import { describe, expect, it } from "vitest";
import { statsOverview } from "./overview";
import { sessionAt, WEDNESDAY } from "../days/testSession";

const now = WEDNESDAY.getTime(); // 18 November 2026, 15:00

describe("statistics overview", () => {
  const sessions = [
    sessionAt(new Date(2026, 10, 16, 9)),
    sessionAt(new Date(2026, 10, 17, 9)),
    ...[9, 10, 11, 12, 13].map((h) => sessionAt(new Date(2026, 10, 18, h))),
    sessionAt(new Date(2026, 10, 18, 9, 25), { type: "break", duration: 300 }),
  ];
  const overview = statsOverview(sessions, now);

  it("computes impact from all-time totals", () => {
    expect(overview.impact.distractionsPrevented).toBe(21);
    expect(overview.impact.timeSavedHours).toBeCloseTo((21 * 23 + 175 * 0.4) / 60);
  });

  it("tracks the milestone and the motivation tier on today's numbers", () => {
    expect(overview.summary.focusMinutesToday).toBe(125);
    expect(overview.milestone).toMatchObject({ previous: 100, next: 150 });
    expect(overview.motivation.tier).toBe("strong");
  });

  it("feeds the streak into the achievements", () => {
    expect(overview.streak).toEqual({ current: 3, longest: 3, consecutive: 3, freezes: 0, toNextFreeze: 4, lastFreezeUsed: null, needsToday: false, week: { focusDays: 3, goal: 4, met: false } });
    expect(overview.gallery.find((a) => a.id === "streak-3-days")?.unlocked).toBe(true);
    expect(overview.headline.map((a) => a.unlocked)).toEqual([true, true, true]);
  });

  it("includes 7- and 30-day series and a 30-day streak calendar", () => {
    expect(overview.last7Days).toHaveLength(7);
    expect(overview.last30Days).toHaveLength(30);
    expect(overview.calendar.slice(-3).map((d) => d.focused)).toEqual([true, true, true]);
  });
});
