import type { SharedTimerState } from "@focus/core/protocol";
import { describe, expect, it } from "vitest";
import { sharedTimerView } from "@focus/core/timer";
import { BADGE_COLORS, badgeFor, discFor, endsAtOf, isFocusRunning, nextBadgeChangeAt, receivedTimer, stateToShare } from "./timer";

const T0 = Date.UTC(2026, 2, 2, 9, 0);
const MIN = 60_000;

const running = (mode: SharedTimerState["mode"], endsAt: number): SharedTimerState => ({
  isActive: true,
  currentTime: Math.round((endsAt - T0) / 1000),
  mode,
  progress: 0,
  endsAt,
  durationMs: 25 * MIN,
});

describe("the kept timer", () => {
  it("runs from the end timestamp, not from the message's seconds", () => {
    const timer = receivedTimer(running("focus", T0 + 25 * MIN), T0);
    expect(isFocusRunning(timer, T0 + 24 * MIN)).toBe(true);
    expect(isFocusRunning(timer, T0 + 25 * MIN)).toBe(false);
    expect(sharedTimerView(timer, T0 + 10 * MIN + 1)).toMatchObject({ display: "15:00", isRunning: true, mode: "focus" });
    expect(sharedTimerView(timer, T0 + 30 * MIN)).toMatchObject({ display: "00:00", isRunning: false });
  });

  it("counts a state without endsAt from its arrival", () => {
    const timer = receivedTimer({ isActive: true, currentTime: 600, mode: "focus", progress: 60 }, T0);
    expect(endsAtOf(timer, T0)).toBe(T0 + 10 * MIN);
    expect(endsAtOf(timer, T0 + 11 * MIN)).toBeNull();
  });

  it("does not block in a break or while paused", () => {
    expect(isFocusRunning(receivedTimer(running("shortBreak", T0 + 5 * MIN), T0), T0)).toBe(false);
    const paused = receivedTimer({ isActive: false, currentTime: 600, mode: "focus", progress: 60, endsAt: null, durationMs: 25 * MIN }, T0);
    expect(isFocusRunning(paused, T0)).toBe(false);
    expect(isFocusRunning(null, T0)).toBe(false);
  });

  it("shares its state brought up to date, and a finished session as stopped", () => {
    const timer = receivedTimer(running("focus", T0 + 25 * MIN), T0);
    expect(stateToShare(timer, T0 + 5 * MIN)).toMatchObject({ isActive: true, currentTime: 1200, endsAt: T0 + 25 * MIN });
    expect(stateToShare(timer, T0 + 26 * MIN)).toMatchObject({ isActive: false, currentTime: 0, endsAt: null });
  });
});

describe("badge", () => {
  const timer = receivedTimer(running("focus", T0 + 25 * MIN), T0);

  it("shows the minutes left, rounded up, while the timer runs", () => {
    expect(badgeFor("linked", timer, T0)).toEqual({ text: "25", color: BADGE_COLORS.focus, title: "Focus Flow: Focus, 25 min left" });
    expect(badgeFor("linked", timer, T0 + 37_000).text).toBe("25");
    expect(badgeFor("linked", timer, T0 + MIN).text).toBe("24");
    expect(badgeFor("linked", timer, T0 + 24 * MIN + 30_000).text).toBe("1");
    expect(badgeFor("linked", timer, T0 + 25 * MIN).text).toBe("");
  });

  it("shows a Flowtime session's minutes so far with a +, blocks during it and draws a full disc", () => {
    const flow: SharedTimerState = { isActive: true, currentTime: 240 * 60, mode: "focus", progress: 0, endsAt: T0 + 240 * MIN, durationMs: 240 * MIN, sessionStartTime: T0, flow: true };
    expect(badgeFor("linked", flow, T0 + 30_000)).toEqual({ text: "+0", color: BADGE_COLORS.focus, title: "Focus Flow: Flowtime focus, 0 min so far" });
    expect(badgeFor("linked", flow, T0 + 12 * MIN + 59_000).text).toBe("+12");
    // No end to warn of: never amber, whatever the warning setting.
    expect(badgeFor("linked", flow, T0 + 239 * MIN + 30_000, "both")).toMatchObject({ text: "+239", color: BADGE_COLORS.focus });
    expect(nextBadgeChangeAt(flow, T0 + 12 * MIN + 20_000)).toBe(T0 + 13 * MIN);
    expect(isFocusRunning(flow, T0 + 100 * MIN)).toBe(true);
    expect(discFor(flow, T0 + 100 * MIN, "both")).toEqual({ share: 1, mode: "focus", warning: false });
    const paused: SharedTimerState = { ...flow, isActive: false, endsAt: null, currentTime: 228 * 60 };
    expect(badgeFor("linked", paused, T0 + 50 * MIN)).toMatchObject({ text: "+12", color: BADGE_COLORS.idle });
  });

  it("keeps counting while only the connection is down", () => {
    expect(badgeFor("connecting", timer, T0 + 10 * MIN).text).toBe("15");
  });

  it("colours breaks apart, greys a paused timer and is empty when stopped", () => {
    expect(badgeFor("linked", receivedTimer(running("longBreak", T0 + 15 * MIN), T0), T0).color).toBe(BADGE_COLORS.break);
    const paused = receivedTimer({ isActive: false, currentTime: 599, mode: "focus", progress: 60, endsAt: null, durationMs: 25 * MIN }, T0);
    expect(badgeFor("linked", paused, T0 + 99 * MIN)).toMatchObject({ text: "10", color: BADGE_COLORS.idle });
    const stopped = receivedTimer({ isActive: false, currentTime: 1500, mode: "focus", progress: 0, endsAt: null, durationMs: 25 * MIN }, T0);
    expect(badgeFor("linked", stopped, T0).text).toBe("");
    expect(badgeFor("linked", null, T0).text).toBe("");
  });

  it("turns amber from the user's warning before the end to the end, while running", () => {
    const seventeen = receivedTimer({ ...running("focus", T0 + 17 * MIN), durationMs: 17 * MIN }, T0);
    expect(badgeFor("linked", seventeen, T0 + 16 * MIN - 1, "1").color).toBe(BADGE_COLORS.focus);
    expect(badgeFor("linked", seventeen, T0 + 16 * MIN, "1")).toMatchObject({ text: "1", color: BADGE_COLORS.warning });
    expect(badgeFor("linked", seventeen, T0 + 12 * MIN, "both").color).toBe(BADGE_COLORS.warning);
    expect(badgeFor("linked", seventeen, T0 + 12 * MIN, "1").color).toBe(BADGE_COLORS.focus);
    expect(badgeFor("linked", seventeen, T0 + 16 * MIN, "off").color).toBe(BADGE_COLORS.focus);
    // A break warns too; a paused session stays grey.
    expect(badgeFor("linked", receivedTimer(running("shortBreak", T0 + 5 * MIN), T0), T0 + 4.5 * MIN, "1").color).toBe(BADGE_COLORS.warning);
    const paused = receivedTimer({ isActive: false, currentTime: 30, mode: "focus", progress: 98, endsAt: null, durationMs: 25 * MIN }, T0);
    expect(badgeFor("linked", paused, T0, "1").color).toBe(BADGE_COLORS.idle);
    expect(discFor(seventeen, T0 + 16 * MIN, "1")).toMatchObject({ mode: "focus", warning: true });
    expect(discFor(seventeen, T0 + 15 * MIN, "1")).toMatchObject({ mode: "focus", warning: false });
  });

  it("says off when not linked or paused, whatever the timer", () => {
    expect(badgeFor("unlinked", timer, T0)).toEqual({ text: "off", color: BADGE_COLORS.idle, title: "Focus Flow: Not linked" });
    expect(badgeFor("paused", timer, T0)).toEqual({ text: "off", color: BADGE_COLORS.idle, title: "Focus Flow: Paused" });
  });

  it("plans the next wake-up at the next whole minute left", () => {
    expect(nextBadgeChangeAt(timer, T0)).toBe(T0 + MIN);
    expect(nextBadgeChangeAt(timer, T0 + 37_000)).toBe(T0 + MIN);
    expect(nextBadgeChangeAt(timer, T0 + MIN)).toBe(T0 + 2 * MIN);
    // In the last minute the session-end alarm takes over.
    expect(nextBadgeChangeAt(timer, T0 + 24 * MIN + 1)).toBeNull();
    expect(nextBadgeChangeAt(null, T0)).toBeNull();
  });
});
