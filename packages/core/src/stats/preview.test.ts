import { describe, expect, it } from "vitest";
import { localDayKey } from "../format";
import { sessionSchema } from "../schemas/session";
import { statsOverview } from "./overview";
import { previewSessions } from "./preview";

const afternoon = new Date(2026, 10, 18, 15, 0).getTime();

describe("preview sessions (preview user id 0)", () => {
  it("are the same for the same moment", () => {
    expect(previewSessions(afternoon)).toEqual(previewSessions(afternoon));
  });

  it("are valid sessions with ids counting up in start order", () => {
    const sessions = previewSessions(afternoon);
    for (const s of sessions) expect(sessionSchema.parse(s)).toEqual(s);
    expect(sessions.map((s) => s.id)).toEqual(sessions.map((_, i) => i + 1));
    const starts = sessions.map((s) => Date.parse(s.startTime));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it("look like real use: focus and break sessions, a few abandoned, none in the future", () => {
    const sessions = previewSessions(afternoon);
    expect(sessions.some((s) => s.type === "break")).toBe(true);
    expect(sessions.some((s) => s.type === "focus" && !s.completed)).toBe(true);
    expect(sessions.every((s) => Date.parse(s.startTime) + s.duration * 1000 <= afternoon)).toBe(true);
  });

  it("feed the same statistics pipeline as real sessions", () => {
    const overview = statsOverview(previewSessions(afternoon), afternoon);
    expect(overview.summary.sessionsToday).toBe(3);
    // Single days off never end a run, and the one two-day gap falls to a freeze: one run of every
    // focus day of the 35; 4 days in a row end today.
    expect(overview.streak).toMatchObject({ current: 29, longest: 29, consecutive: 4, needsToday: false });
    expect(overview.recent).toHaveLength(5);
    expect(overview.gallery.some((a) => a.unlocked)).toBe(true);
    expect(overview.last30Days.filter((d) => d.sessions === 0).length).toBeGreaterThan(0);
  });

  it("leave the monthly goal in progress early in a month", () => {
    const third = new Date(2026, 10, 3, 15, 0).getTime();
    const monthly = statsOverview(previewSessions(third), third).gallery.find((a) => a.id === "monthly-50");
    expect(monthly).toMatchObject({ progress: 12, unlocked: false });
  });

  it("show nothing yet for today early in the morning, with the streak running to yesterday", () => {
    const early = new Date(2026, 10, 18, 7, 0).getTime();
    const overview = statsOverview(previewSessions(early), early);
    expect(overview.summary.sessionsToday).toBe(0);
    expect(overview.streak).toMatchObject({ current: 28, consecutive: 3, needsToday: false });
  });

  it("move with the day they are shown on", () => {
    const nextDay = new Date(2026, 10, 19, 15, 0).getTime();
    const wallClock = (ms: number) =>
      previewSessions(ms).map((s) => {
        const d = new Date(s.startTime);
        return [d.getHours(), d.getMinutes(), s.type, s.duration];
      });
    expect(wallClock(nextDay)).toEqual(wallClock(afternoon));
    const firstDay = (ms: number) => localDayKey(Date.parse(previewSessions(ms)[0]?.startTime ?? ""));
    expect(firstDay(afternoon)).toBe("2026-10-15");
    expect(firstDay(nextDay)).toBe("2026-10-16");
  });
});
