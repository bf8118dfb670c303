import { act, cleanup, render, screen } from "@testing-library/react";
import type { SharedTimerState, ToMiniTimerMessage } from "@focus/core/protocol";
import { discPath } from "@focus/core/timer";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MiniTimerPage } from "./MiniTimerPage";

const MIN = 60_000;

/** The main window as the popup sees it: `window.opener`, whose messages the page trusts. */
const opener = { closed: false, postMessage: vi.fn() };

function fromMainWindow(message: ToMiniTimerMessage) {
  act(() => {
    window.dispatchEvent(new MessageEvent("message", { data: message, origin: window.location.origin, source: opener as unknown as Window }));
  });
}

/** A 17-minute focus session with `leftMs` to go, as the main window sends it. */
function running(leftMs: number): SharedTimerState {
  const now = Date.now();
  const durationMs = 17 * MIN;
  return { isActive: true, currentTime: Math.ceil(leftMs / 1000), mode: "focus", progress: ((durationMs - leftMs) / durationMs) * 100, endsAt: now + leftMs, durationMs, sessionStartTime: now + leftMs - durationMs };
}

beforeEach(() => {
  // The page reads the clock when it shows; the main window's times are counted from the same instant.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.UTC(2026, 2, 2, 9, 0));
  Object.defineProperty(window, "opener", { value: opener, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  Object.defineProperty(window, "opener", { value: null, configurable: true });
});

describe("the mini timer", () => {
  it("shows a bar by default, and the disc when the user sees the time as a disc", () => {
    render(<MiniTimerPage />);
    fromMainWindow({ action: "updateTimer", timerState: running(10 * MIN) });
    expect(screen.getByTestId("mini-timer-display").textContent).toBe("10:00");
    expect(screen.queryByTestId("mini-timer-disc")).toBeNull();

    fromMainWindow({ action: "updateTimer", timerState: running(10 * MIN), display: "disc", endWarning: "1" });
    // 10 of 17 minutes left: more than half the disc.
    expect(screen.getByTestId("mini-timer-disc").getAttribute("d")).toBe(discPath(10 / 17, 50, 50, 45));
    expect(screen.queryByTestId("mini-timer-warning")).toBeNull();
  });

  it("says the last minute in the user's warning before the end", () => {
    render(<MiniTimerPage />);
    fromMainWindow({ action: "updateTimer", timerState: running(50_000), display: "disc", endWarning: "1" });
    expect(screen.getByTestId("mini-timer-warning").textContent).toBe("The last minute");
    fromMainWindow({ action: "updateTimer", timerState: running(50_000), display: "disc", endWarning: "off" });
    expect(screen.queryByTestId("mini-timer-warning")).toBeNull();
  });
});
