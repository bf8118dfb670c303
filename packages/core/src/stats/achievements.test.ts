import { describe, expect, it } from "vitest";
import { ACHIEVEMENT_CATEGORIES, achievementTally, galleryAchievements, headlineAchievements, type Achievement, type AchievementInput } from "./achievements";

const none: AchievementInput = {
  totalSessions: 0,
  sessionsToday: 0,
  sessionsThisWeek: 0,
  sessionsThisMonth: 0,
  totalFocusMinutes: 0,
  currentStreak: 0,
  longestStreak: 0,
};
const byId = (list: Achievement[]): Record<string, Achievement | undefined> => Object.fromEntries(list.map((a) => [a.id, a]));

describe("headline achievements", () => {
  it("are First Session, 4 Sessions Today and 2 Hours Focused with targets 1, 4 and 120", () => {
    const list = headlineAchievements(none);
    expect(list.map((a) => [a.title, a.target])).toEqual([
      ["First Session", 1],
      ["4 Sessions Today", 4],
      ["2 Hours Focused", 120],
    ]);
    expect(list.every((a) => !a.unlocked && a.progress === 0)).toBe(true);
  });

  it("unlocks First Session with one completed focus session", () => {
    expect(byId(headlineAchievements({ ...none, totalSessions: 1 }))["first-session"]).toMatchObject({ progress: 1, unlocked: true });
  });

  it("unlocks 4 Sessions Today at 4 sessions today, not at 3 or at 4 on other days", () => {
    expect(byId(headlineAchievements({ ...none, sessionsToday: 3, totalSessions: 9 }))["four-sessions-today"]).toMatchObject({ progress: 3, unlocked: false });
    expect(byId(headlineAchievements({ ...none, sessionsToday: 4 }))["four-sessions-today"]).toMatchObject({ progress: 4, unlocked: true });
  });

  it("unlocks 2 Hours Focused at 120 focus minutes in total", () => {
    expect(byId(headlineAchievements({ ...none, totalFocusMinutes: 119 }))["two-hours-focused"]).toMatchObject({ progress: 119, unlocked: false });
    expect(byId(headlineAchievements({ ...none, totalFocusMinutes: 120 }))["two-hours-focused"]).toMatchObject({ progress: 120, unlocked: true });
  });

  it("caps progress at the target", () => {
    const first = byId(headlineAchievements({ ...none, totalSessions: 37, totalFocusMinutes: 925 }));
    expect(first["first-session"]?.progress).toBe(1);
    expect(first["two-hours-focused"]?.progress).toBe(120);
  });
});

describe("achievements gallery", () => {
  it("has first session 1, weekly 5, 25 hours 1500 minutes, 3-day streak, 10 sessions and monthly 50", () => {
    expect(galleryAchievements(none).map((a) => [a.id, a.target])).toEqual([
      ["first-session", 1],
      ["weekly-five", 5],
      ["focus-25-hours", 1500],
      ["streak-3-days", 3],
      ["ten-sessions", 10],
      ["monthly-50", 50],
    ]);
  });

  it("measures each one on its own counter", () => {
    const gallery = byId(
      galleryAchievements({
        totalSessions: 12,
        sessionsToday: 2,
        sessionsThisWeek: 4,
        sessionsThisMonth: 12,
        totalFocusMinutes: 300,
        currentStreak: 2,
        longestStreak: 2,
      }),
    );
    expect(gallery["first-session"]).toMatchObject({ progress: 1, unlocked: true });
    expect(gallery["weekly-five"]).toMatchObject({ progress: 4, unlocked: false });
    expect(gallery["focus-25-hours"]).toMatchObject({ progress: 300, unlocked: false });
    expect(gallery["streak-3-days"]).toMatchObject({ progress: 2, unlocked: false });
    expect(gallery["ten-sessions"]).toMatchObject({ progress: 10, unlocked: true });
    expect(gallery["monthly-50"]).toMatchObject({ progress: 12, unlocked: false });
  });

  it("unlocks the weekly, 25-hour and monthly ones exactly at 5, 1500 and 50", () => {
    const gallery = byId(galleryAchievements({ ...none, sessionsThisWeek: 5, totalFocusMinutes: 1500, sessionsThisMonth: 50 }));
    expect(gallery["weekly-five"]?.unlocked).toBe(true);
    expect(gallery["focus-25-hours"]?.unlocked).toBe(true);
    expect(gallery["monthly-50"]?.unlocked).toBe(true);
  });

  it("keeps the 3-day streak once earned, and otherwise shows the current streak", () => {
    const earned = byId(galleryAchievements({ ...none, currentStreak: 0, longestStreak: 5 }))["streak-3-days"];
    expect(earned).toMatchObject({ progress: 3, unlocked: true });
    const building = byId(galleryAchievements({ ...none, currentStreak: 1, longestStreak: 2 }))["streak-3-days"];
    expect(building).toMatchObject({ progress: 1, unlocked: false });
  });

  it("gives every achievement a title, description, tip and a known category", () => {
    for (const a of [...headlineAchievements(none), ...galleryAchievements(none)]) {
      expect(a.title && a.description && a.tip).toBeTruthy();
      expect(ACHIEVEMENT_CATEGORIES).toContain(a.category);
    }
  });
});

describe("the achievements' tally", () => {
  it("counts each achievement shown once: 8 in all, First Session being both a headline one and in the gallery", () => {
    expect(achievementTally(headlineAchievements(none), galleryAchievements(none))).toEqual({ unlocked: 0, total: 8 });
    // Three headline ones unlocked and two of the gallery's (First Session among both).
    const day = { ...none, totalSessions: 5, sessionsToday: 5, sessionsThisWeek: 5, totalFocusMinutes: 125 };
    expect(headlineAchievements(day).every((a) => a.unlocked)).toBe(true);
    expect(galleryAchievements(day).filter((a) => a.unlocked).map((a) => a.id)).toEqual(["first-session", "weekly-five"]);
    expect(achievementTally(headlineAchievements(day), galleryAchievements(day))).toEqual({ unlocked: 4, total: 8 });
  });
});
