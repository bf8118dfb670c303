import type { SharedTimerState } from "@focus/core/protocol";
import { describe, expect, it } from "vitest";
import type { PopupState } from "../worker";
import { blockedView, countsAsAttempt } from "./view";

const T0 = Date.UTC(2026, 2, 2, 9, 0);
const KEY = "0123456789abcdef0123456789abcdef";
const query = { domain: "youtube.com", endsAt: T0 + 600_000 };
const worker = (timerState: SharedTimerState): PopupState => ({
  link: "linked",
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
      heading: "Blocked during your focus session",
    });
  });

  it("follows the worker's state once known: a longer session, or one paused since", () => {
    const longer = worker({ isActive: true, currentTime: 900, mode: "focus", progress: 0, endsAt: T0 + 900_000 });
    expect(blockedView(query, longer, T0).timeLeft).toBe("15:00");
    const paused = worker({ isActive: false, currentTime: 900, mode: "focus", progress: 40, endsAt: null });
    expect(blockedView(query, paused, T0).phase).toBe("over");
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
