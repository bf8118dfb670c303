import { DISC_COLOURS, DISC_WARNING_COLOUR, discPath } from "@focus/core/timer";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { discIconUrl, resetTabIcon, showTimerInTabIcon } from "./tabIcon";

const icon = () => document.querySelector<HTMLLinkElement>('link[rel="icon"]')!;
const drawn = () => decodeURIComponent(icon().getAttribute("href") ?? "");

describe("the visual timer in the tab's icon", () => {
  beforeEach(() => {
    document.head.innerHTML = '<link rel="icon" type="image/svg+xml" href="/favicon.svg">';
  });
  afterEach(() => resetTabIcon());

  it("draws the time left as a disc that shrinks as the session runs", () => {
    showTimerInTabIcon({ progress: 0, isRunning: true, isPaused: false, mode: "focus" });
    expect(drawn()).toContain(`d="${discPath(1, 16, 16, 12)}"`);
    showTimerInTabIcon({ progress: 75, isRunning: true, isPaused: false, mode: "focus" });
    expect(drawn()).toContain(`d="${discPath(0.25, 16, 16, 12)}"`);
    expect(icon().getAttribute("href")).toBe(discIconUrl(0.25, "focus"));
  });

  it("shows a break in its own colour, keeps the disc while paused, and gives the app's icon back when the session is over", () => {
    showTimerInTabIcon({ progress: 50, isRunning: true, isPaused: false, mode: "shortBreak" });
    expect(drawn()).toContain('fill="#34d399"');
    showTimerInTabIcon({ progress: 50, isRunning: false, isPaused: true, mode: "shortBreak" });
    expect(drawn()).toContain(`d="${discPath(0.5, 16, 16, 12)}"`);
    showTimerInTabIcon({ progress: 0, isRunning: false, isPaused: false, mode: "focus" });
    expect(icon().getAttribute("href")).toBe("/favicon.svg");
  });

  it("turns amber while a warning before the end is in force", () => {
    showTimerInTabIcon({ progress: 95, isRunning: true, isPaused: false, mode: "focus" });
    expect(drawn()).toContain(`fill="${DISC_COLOURS.focus}"`);
    showTimerInTabIcon({ progress: 95, isRunning: true, isPaused: false, mode: "focus" }, true);
    expect(drawn()).toContain(`fill="${DISC_WARNING_COLOUR}"`);
    expect(drawn()).not.toContain(`fill="${DISC_COLOURS.focus}"`);
  });
});
