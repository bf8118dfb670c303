import type { SharedTimerState } from "@focus/core/protocol";
import { describe, expect, it } from "vitest";
import type { PopupState } from "../worker";
import { blockedView, countsAsAttempt, delayView, intentionLine, ruleLine, stoppedTodayLine, taskLine } from "./view";

const T0 = Date.UTC(2026, 2, 2, 9, 0);
const KEY = "0123456789abcdef0123456789abcdef";
const query = { domain: "youtube.com", endsAt: T0 + 600_000 };
const worker = (timerState: SharedTimerState): PopupState => ({
  link: "linked",
  shield: { passesLeft: 3, passesPerDay: 3, stoppedToday: 0 },
  timer: timerState,
  appUrl: "http://127.0.0.1:3000",
  clockOffset: 0,
  version: "1.4.0",
});

describe("blocked page view", () => {
  it("names the site and counts down to the session end from the redirect", () => {
    expect(blockedView(query, null, T0 + 1000)).toEqual({
      domain: "youtube.com",
      phase: "blocking",
      timeLeft: "09:59",
      countsUp: false,
      caption: "left in this focus session",
      heading: "Blocked during your focus session",
    });
  });

  it("shows a Flowtime session's time so far, counting up, never the time to its far limit", () => {
    const startedAt = T0 - 12 * 60_000;
    const flow = worker({ isActive: true, currentTime: 228 * 60, mode: "focus", progress: 5, endsAt: startedAt + 240 * 60_000, durationMs: 240 * 60_000, sessionStartTime: startedAt, flow: true });
    expect(blockedView(query, flow, T0)).toMatchObject({ phase: "blocking", timeLeft: "12:00", countsUp: true, caption: "into this Flowtime session" });
    expect(blockedView(query, flow, T0 + 30_000).timeLeft).toBe("12:30");
  });

  it("follows the worker's state once known: a longer session, or one paused since", () => {
    const longer = worker({ isActive: true, currentTime: 900, mode: "focus", progress: 0, endsAt: T0 + 900_000 });
    expect(blockedView(query, longer, T0).timeLeft).toBe("15:00");
    const paused = worker({ isActive: false, currentTime: 900, mode: "focus", progress: 40, endsAt: null });
    expect(blockedView(query, paused, T0).phase).toBe("over");
  });

  it("names a schedule's block as a schedule, with the time left in its window", () => {
    const idle = worker({ isActive: false, currentTime: 1500, mode: "focus", progress: 0, endsAt: null });
    const scheduled: PopupState = { ...idle, shield: { ...idle.shield, blockingUntil: T0 + 45 * 60_000, blockedBy: "schedule" } };
    expect(blockedView(query, scheduled, T0)).toMatchObject({ phase: "blocking", timeLeft: "45:00", heading: "Blocked by your schedule", caption: "left in this scheduled block" });
  });

  it("names the entry of the Shield that matched, so a path is not taken for the whole site", () => {
    expect(ruleLine({ entry: "youtube.com/shorts", reason: "navigation" })).toBe("Your Shield lists youtube.com/shorts");
    expect(ruleLine({ entry: null, reason: "navigation" })).toBeNull();
    expect(ruleLine({ entry: null, reason: "allowlist" })).toBe("Only the sites on your allow list open now.");
  });

  it("says the session is over once the time is up", () => {
    expect(blockedView(query, null, T0 + 600_000)).toMatchObject({ phase: "over", timeLeft: null, heading: "Your focus session is over" });
  });

  it("counts a blocked navigation, not a tab redirected at focus start, a reload or a history visit", () => {
    const redirected = { reason: "navigation", key: KEY } as const;
    expect(countsAsAttempt(redirected, "navigate", true)).toBe(true);
    expect(countsAsAttempt(redirected, undefined, true)).toBe(true);
    expect(countsAsAttempt({ reason: "open-tab", key: KEY }, "navigate", true)).toBe(false);
    expect(countsAsAttempt(redirected, "reload", true)).toBe(false);
    expect(countsAsAttempt(redirected, "back_forward", true)).toBe(false);
  });

  it("counts nothing when framed by another page or opened without the redirect's key", () => {
    expect(countsAsAttempt({ reason: "navigation", key: KEY }, "navigate", false)).toBe(false);
    expect(countsAsAttempt({ reason: "navigation", key: null }, "navigate", true)).toBe(false);
  });
});

describe("delay page view", () => {
  const shield = (passesLeft: number) => ({ passesLeft, passesPerDay: 3, stoppedToday: 4 });

  it("counts down 30 seconds before Continue, then offers 5 minutes while passes are left", () => {
    expect(delayView(T0, T0 + 1000, shield(2))).toEqual({ secondsLeft: 29, canContinue: false, line: "Take a breath. Continue opens in 29 s (2 of 3 passes left today)." });
    expect(delayView(T0, T0 + 30_000, shield(2))).toEqual({ secondsLeft: 0, canContinue: true, line: "You can continue for 5 minutes (2 of 3 passes left today)." });
  });

  it("offers no Continue during a strict focus session, and says when the site opens", () => {
    expect(delayView(T0, T0 + 40_000, { ...shield(2), strict: true })).toEqual({
      secondsLeft: 0,
      canContinue: false,
      line: "A strict focus session is running: this site opens when it ends.",
    });
  });

  it("says so calmly when the day's passes are used", () => {
    expect(delayView(T0, T0 + 40_000, shield(0))).toMatchObject({ canContinue: false, line: "No passes left today. This site opens again when the session ends." });
  });

  it("names an allow-list block and counts its navigation as an attempt", () => {
    expect(blockedView({ ...query, reason: "allowlist" }, null, T0).heading).toBe("Not on your allow list for this focus session");
    expect(countsAsAttempt({ reason: "allowlist", key: KEY }, "navigate", true)).toBe(true);
  });

  it("says how many visits were stopped today", () => {
    expect(stoppedTodayLine(shield(1))).toBe("4 visits stopped today");
    expect(stoppedTodayLine({ passesLeft: 0, passesPerDay: 0, stoppedToday: 1 })).toBe("1 visit stopped today");
    expect(stoppedTodayLine(null)).toBeNull();
  });
});

describe("the session's intention on the blocked page", () => {
  it("names what the user set out to do first, and nothing without one", () => {
    expect(intentionLine({ passesLeft: 3, passesPerDay: 3, stoppedToday: 0, intention: "Outline the talk" })).toBe("Your intention: Outline the talk");
    expect(intentionLine({ passesLeft: 3, passesPerDay: 3, stoppedToday: 0, intention: null })).toBeNull();
    expect(intentionLine(null)).toBeNull();
  });
});

describe("the session's task on the blocked page", () => {
  it("names the task the focus session is for, and nothing without one", () => {
    expect(taskLine({ passesLeft: 3, passesPerDay: 3, stoppedToday: 0, task: "Write the report" })).toBe("Working on: Write the report");
    expect(taskLine({ passesLeft: 3, passesPerDay: 3, stoppedToday: 0, task: null })).toBeNull();
    expect(taskLine(null)).toBeNull();
  });
});
