import type { SharedTimerState } from "@focus/core";
import { describe, expect, it } from "vitest";
import type { PopupState } from "../worker";
import { popupView } from "./view";

const T0 = Date.UTC(2026, 2, 2, 9, 0);
const running: SharedTimerState = { isActive: true, currentTime: 1500, mode: "focus", progress: 0, endsAt: T0 + 1_500_000, durationMs: 1_500_000 };
const state = (patch: Partial<PopupState>): PopupState => ({
  link: "linked",
  timer: { state: running, receivedAt: T0 },
  appUrl: "http://127.0.0.1:3000",
  version: "1.4.0",
  ...patch,
});

describe("popup view", () => {
  it("is a mini timer: mode, mm:ss, progress and a pause button while running", () => {
    const view = popupView(state({}), T0 + 90_500);
    expect(view.timer).toMatchObject({ modeLabel: "Focus", display: "23:30", isRunning: true });
    expect(view.timer?.progress).toBeCloseTo(6.03, 1);
    expect(view.primary).toEqual({ label: "Pause", action: "pause" });
    expect(view.controlsEnabled).toBe(true);
    expect(view.linkLabel).toBe("Linked");
    expect(view.notice).toBeNull();
  });

  it("offers Start Focus or Start Break when stopped", () => {
    const paused = { ...running, isActive: false, currentTime: 600, endsAt: null };
    expect(popupView(state({ timer: { state: paused, receivedAt: T0 } }), T0).primary).toEqual({ label: "Start Focus", action: "start" });
    const pausedBreak = { ...paused, mode: "shortBreak" as const };
    expect(popupView(state({ timer: { state: pausedBreak, receivedAt: T0 } }), T0).primary.label).toBe("Start Break");
  });

  it("says Not linked or Paused instead of a timer, and Connecting with the controls off", () => {
    const unlinked = popupView(state({ link: "unlinked", timer: null }), T0);
    expect(unlinked).toMatchObject({ linkLabel: "Not linked", timer: null, controlsEnabled: false });
    expect(unlinked.notice?.title).toBe("Not linked");
    expect(popupView(state({ link: "paused" }), T0)).toMatchObject({ linkLabel: "Paused", timer: null, controlsEnabled: false });
    const connecting = popupView(state({ link: "connecting" }), T0);
    expect(connecting).toMatchObject({ linkLabel: "Connecting", controlsEnabled: false });
    expect(connecting.timer?.display).toBe("25:00");
  });

  it("asks for the web app to be opened before the first update", () => {
    expect(popupView(state({ timer: null }), T0).notice?.title).toBe("No timer yet");
  });
});
