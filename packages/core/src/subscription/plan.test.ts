import { describe, expect, it } from "vitest";
import { DAY_MS } from "../constants";
import { sessionEndMs } from "../days/sessionRecord";
import { todayProgress } from "../days/today";
import { sessionAt } from "../days/testSession";
import { localDayKey } from "../format";
import { MAX_BLOCKED_SITES } from "../schemas/blockedSite";
import { MAX_SESSION_SECONDS } from "../schemas/session";
import { FREE_TRACKS_MESSAGE, GUEST_TRACKS_MESSAGE, lockedTracksMessage } from "./copy";
import {
  FREE_PLAN,
  GUEST_TRACKS,
  audioListenerOf,
  blockedSitesAllowed,
  dailyLimitWindow,
  listenerMayPlay,
  moodLockedFor,
  type AudioListener,
  exceedsDailyFocusLimit,
  focusSessionsLeftToday,
  freeLimitCard,
  historyStartBound,
  mayPlayTrack,
  planTier,
  sessionsInHistory,
} from "./plan";
import type { SubscriptionFields } from "./rules";

const DAY = 86_400_000;
const NOW = new Date(2026, 10, 18, 15, 0).getTime();
const premium: SubscriptionFields = { subscriptionPlan: "premium", subscriptionStatus: "active", trialEndDate: null };
const trial: SubscriptionFields = { subscriptionPlan: "free", subscriptionStatus: "trial", trialEndDate: new Date(NOW + 3 * DAY).toISOString() };
const trialOver: SubscriptionFields = { ...trial, trialEndDate: new Date(NOW - DAY).toISOString() };
const cancelled: SubscriptionFields = { subscriptionPlan: "free", subscriptionStatus: "cancelled", trialEndDate: null };

describe("plans", () => {
  it("puts a user on premium, trial, or the Free plan once the trial is over or after a cancellation", () => {
    expect(planTier(premium, NOW)).toBe("premium");
    expect(planTier(trial, NOW)).toBe("trial");
    expect(planTier(trialOver, NOW)).toBe("free");
    expect(planTier(cancelled, NOW)).toBe("free");
    expect(planTier(trial, NOW + 4 * DAY)).toBe("free");
  });

  it("counts the Free plan's focus sessions left today, by the day each one ended", () => {
    const today = [sessionAt(new Date(2026, 10, 18, 9)), sessionAt(new Date(2026, 10, 18, 10), { type: "break", duration: 300 })];
    expect(focusSessionsLeftToday(cancelled, today, NOW)).toBe(1);
    expect(focusSessionsLeftToday(cancelled, [...today, sessionAt(new Date(2026, 10, 18, 11))], NOW)).toBe(0);
    expect(focusSessionsLeftToday(cancelled, [...today, sessionAt(new Date(2026, 10, 18, 11)), sessionAt(new Date(2026, 10, 18, 12))], NOW)).toBe(0);
    // Yesterday's do not count; one that started yesterday and ended today does.
    expect(focusSessionsLeftToday(cancelled, [sessionAt(new Date(2026, 10, 17, 9))], NOW)).toBe(2);
    expect(focusSessionsLeftToday(cancelled, [sessionAt(new Date(2026, 10, 17, 23, 50))], NOW)).toBe(1);
    expect(focusSessionsLeftToday(premium, today, NOW)).toBeNull();
    expect(focusSessionsLeftToday(trial, today, NOW)).toBeNull();
  });

  it("refuses a third focus session a day on the Free plan only", () => {
    expect(exceedsDailyFocusLimit("free", FREE_PLAN.focusSessionsPerDay - 1)).toBe(false);
    expect(exceedsDailyFocusLimit("free", FREE_PLAN.focusSessionsPerDay)).toBe(true);
    expect(exceedsDailyFocusLimit("trial", 50)).toBe(false);
    expect(exceedsDailyFocusLimit("premium", 50)).toBe(false);
  });

  it("shows the Free plan the last 7 local days of sessions, premium and trial all of them", () => {
    const sessions = [0, 3, 6, 7, 20].map((daysAgo) => sessionAt(new Date(2026, 10, 18 - daysAgo, 9)));
    expect(sessionsInHistory(cancelled, sessions, NOW).map((s) => new Date(s.startTime).getDate())).toEqual([18, 15, 12]);
    expect(sessionsInHistory(premium, sessions, NOW)).toHaveLength(5);
    expect(sessionsInHistory(trial, sessions, NOW)).toHaveLength(5);
  });

  it("reads the 7 days in the time zone it is given", () => {
    // Ended 2026-11-11 23:30 in Los Angeles: 7 days before the 18th there, outside the window;
    // in Berlin it ended on the 12th, inside.
    const session = { startTime: "2026-11-12T07:05:00.000Z", duration: 1500, type: "focus" as const, completed: true };
    const now = Date.parse("2026-11-18T20:00:00.000Z");
    expect(sessionsInHistory(cancelled, [session], now, "America/Los_Angeles")).toHaveLength(0);
    expect(sessionsInHistory(cancelled, [session], now, "Europe/Berlin")).toHaveLength(1);
  });

  it("bounds the Free plan's list below every session its history shows, in any time zone, the same bound for a whole hour", () => {
    expect(historyStartBound(premium, NOW)).toBeUndefined();
    expect(historyStartBound(trial, NOW)).toBeUndefined();
    const bound = historyStartBound(cancelled, NOW) ?? Number.NaN;
    expect(bound % 3_600_000).toBe(0);
    expect(historyStartBound(cancelled, NOW + 59 * 60_000)).toBe(historyStartBound(cancelled, NOW + 1));
    for (const timeZone of ["Pacific/Kiritimati", "UTC", "Pacific/Pago_Pago"]) {
      // The oldest end, minute by minute, of a longest session the history still shows.
      let endsAt = NOW;
      const shown = (end: number) =>
        sessionsInHistory(cancelled, [{ startTime: new Date(end - MAX_SESSION_SECONDS * 1000).toISOString(), duration: MAX_SESSION_SECONDS, type: "focus", completed: true }], NOW, timeZone).length === 1;
      while (shown(endsAt - 60_000)) endsAt -= 60_000;
      expect(endsAt).toBeLessThan(NOW - 6 * DAY);
      expect(endsAt - MAX_SESSION_SECONDS * 1000).toBeGreaterThanOrEqual(bound);
    }
  });

  it("lets the Free plan play its three tracks and no others", () => {
    expect(FREE_PLAN.tracks).toHaveLength(3);
    for (const path of FREE_PLAN.tracks) expect(mayPlayTrack(cancelled, path, NOW)).toBe(true);
    expect(mayPlayTrack(cancelled, "creative/spark.mp3", NOW)).toBe(false);
    expect(mayPlayTrack(cancelled, "deep-work/my-own-file.mp3", NOW)).toBe(false);
    expect(mayPlayTrack(premium, "creative/spark.mp3", NOW)).toBe(true);
    expect(mayPlayTrack(trial, "creative/spark.mp3", NOW)).toBe(true);
  });

  it("lets a guest or a visitor play the Free plan's Deep Work tracks, and nothing else", () => {
    expect(GUEST_TRACKS).toEqual(["deep-work/steady-beta.mp3", "deep-work/deep-current.mp3"]);
    for (const listener of [null, { ...cancelled, isGuest: true }, { ...premium, isGuest: true }]) {
      expect(mayPlayTrack(listener, "deep-work/steady-beta.mp3", NOW)).toBe(true);
      expect(mayPlayTrack(listener, "deep-work/deep-current.mp3", NOW)).toBe(true);
      for (const path of ["deep-work/flow-state.mp3", "deep-work/night-shift.mp3", "deep-work/anything.mp3", "light-work/morning-desk.mp3", "deep-work-but-not/x.mp3"]) {
        expect(mayPlayTrack(listener, path, NOW)).toBe(false);
      }
    }
  });

  it("names the listener, the moods it has nothing in, and why tracks are locked", () => {
    expect([null, { ...trial, isGuest: true }, cancelled, trialOver, trial, premium].map((user) => audioListenerOf(user, NOW))).toEqual([
      "guest",
      "guest",
      "free",
      "free",
      "trial",
      "premium",
    ]);
    const lockedMoods = (listener: AudioListener) => ["deep-work", "light-work", "creative", "relax"].filter((mood) => moodLockedFor(listener, mood));
    expect(lockedMoods("guest")).toEqual(["light-work", "creative", "relax"]);
    expect(lockedMoods("free")).toEqual(["creative", "relax"]);
    expect(lockedMoods("trial")).toEqual([]);
    expect(lockedTracksMessage("guest")).toBe(GUEST_TRACKS_MESSAGE);
    expect(lockedTracksMessage("free")).toBe(FREE_TRACKS_MESSAGE);
    expect(lockedTracksMessage("premium")).toBeNull();
    expect(listenerMayPlay("guest", "deep-work/flow-state.mp3")).toBe(false);
    expect(listenerMayPlay("trial", "creative/my-own.flac")).toBe(true);
  });
});

describe("dailyLimitWindow", () => {
  const NEW_YORK = "America/New_York";
  // 1 November 2026 in New York lasts 25 hours (the clocks go back): 04:00Z to 05:00Z the next day.
  const FIRST_MS = Date.UTC(2026, 10, 1, 4, 0);
  const LAST_MS = Date.UTC(2026, 10, 2, 5, 0) - 1;
  /** A completed 25-minute focus session ending at `end` (epoch ms). */
  const endingAt = (end: number) => ({ startTime: new Date(end - 25 * 60_000).toISOString(), duration: 1500, type: "focus" as const, completed: true });
  const inWindow = (at: number, end: number) => {
    const window = dailyLimitWindow(at);
    return end >= window.start && end <= window.end;
  };

  it("is two days either side of the instant", () => {
    expect(dailyLimitWindow(FIRST_MS)).toEqual({ start: FIRST_MS - 2 * DAY_MS, end: FIRST_MS + 2 * DAY_MS });
  });

  it("holds the whole local day from its first and from its last millisecond, on a 25-hour day", () => {
    expect([localDayKey(FIRST_MS - 1, NEW_YORK), localDayKey(FIRST_MS, NEW_YORK), localDayKey(LAST_MS, NEW_YORK), localDayKey(LAST_MS + 1, NEW_YORK)]).toEqual([
      "2026-10-31",
      "2026-11-01",
      "2026-11-01",
      "2026-11-02",
    ]);
    expect(inWindow(LAST_MS, FIRST_MS)).toBe(true);
    expect(inWindow(FIRST_MS, LAST_MS)).toBe(true);
    // One day back from the day's last millisecond misses its first hour.
    expect(LAST_MS - DAY_MS > FIRST_MS).toBe(true);
  });

  it("reads enough to count the day's sessions at either end of the day", () => {
    const early = [endingAt(FIRST_MS + 10 * 60_000), endingAt(FIRST_MS + 30 * 60_000)];
    const late = [endingAt(LAST_MS - 30 * 60_000), endingAt(LAST_MS - 10 * 60_000)];
    const read = (at: number, stored: ReturnType<typeof endingAt>[]) => stored.filter((s) => inWindow(at, sessionEndMs(s)));
    expect(todayProgress(read(LAST_MS, early), LAST_MS, NEW_YORK).completedSessionsToday).toBe(2);
    expect(todayProgress(read(FIRST_MS, late), FIRST_MS, NEW_YORK).completedSessionsToday).toBe(2);
  });

  it("holds a 26-hour day (Asia/Magadan moved from UTC+12 to UTC+10 on 26 October 2014)", () => {
    const first = Date.UTC(2014, 9, 25, 12, 0);
    const last = Date.UTC(2014, 9, 26, 14, 0) - 1;
    expect([localDayKey(first - 1, "Asia/Magadan"), localDayKey(first, "Asia/Magadan"), localDayKey(last, "Asia/Magadan"), localDayKey(last + 1, "Asia/Magadan")]).toEqual([
      "2014-10-25",
      "2014-10-26",
      "2014-10-26",
      "2014-10-27",
    ]);
    expect(inWindow(last, first)).toBe(true);
    expect(inWindow(first, last)).toBe(true);
  });
});

describe("blockedSitesAllowed", () => {
  it("gives the Free plan 5 websites and every other plan the sanity cap", () => {
    expect(blockedSitesAllowed(planTier(trialOver, NOW))).toBe(5);
    expect(blockedSitesAllowed(planTier(cancelled, NOW))).toBe(5);
    expect(blockedSitesAllowed(planTier(trial, NOW))).toBe(MAX_BLOCKED_SITES);
    expect(blockedSitesAllowed(planTier(premium, NOW))).toBe(MAX_BLOCKED_SITES);
  });
});

describe("freeLimitCard", () => {
  it("says when the next focus session comes: local midnight, and the wait to it in hours and minutes", () => {
    const evening = new Date(2026, 11, 2, 20, 48, 0).getTime();
    expect(freeLimitCard(evening)).toEqual({
      lead: "2 of 2 focus sessions today. More tomorrow at 00:00 (in 3\u00a0h\u00a012\u00a0min), or",
      premium: "every session with Premium.",
      resetsAt: new Date(2026, 11, 3).getTime(),
    });
    expect(freeLimitCard(new Date(2026, 11, 2, 23, 15, 30).getTime()).lead).toContain("(in 45\u00a0min)");
    expect(freeLimitCard(new Date(2026, 11, 2, 22, 0, 0).getTime()).lead).toContain("(in 2\u00a0h)");
    expect(freeLimitCard(new Date(2026, 11, 2, 23, 59, 59).getTime()).lead).toContain("(in 1\u00a0min)");
  });
});
