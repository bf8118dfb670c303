import type { SharedTimerState } from "@focus/core/protocol";
import { describe, expect, it } from "vitest";
import type { PopupState } from "../worker";
import { popupView } from "./view";

const T0 = Date.UTC(2026, 2, 2, 9, 0);
const running: SharedTimerState = { isActive: true, currentTime: 1500, mode: "focus", progress: 0, endsAt: T0 + 1_500_000, durationMs: 1_500_000 };
const state = (patch: Partial<PopupState>): PopupState => ({
  link: "linked",
  shield: { passesLeft: 3, passesPerDay: 3, stoppedToday: 0 },
  timer: running,
  appUrl: "http://127.0.0.1:3000",
  version: "1.4.0",
  clockOffset: 0,
  ...patch,
});

describe("popup view", () => {
  it("is a mini timer: mode, mm:ss, progress and a pause button while running", () => {
    const view = popupView(state({}), T0 + 90_500);
    expect(view.timer).toMatchObject({ mode: "focus", display: "23:30", isRunning: true });
    expect(view.timer?.progress).toBeCloseTo(6.03, 1);
    expect(view.primary).toEqual({ label: "Pause", action: "pause" });
    expect(view.controlsEnabled).toBe(true);
    expect(view.linkLabel).toBe("Linked");
    expect(view.notice).toBeNull();
  });

  it("offers Start Focus or Start Break when a session waits, and Resume when one is paused", () => {
    const waiting = { ...running, isActive: false, currentTime: 1500, endsAt: null, sessionStartTime: null };
    expect(popupView(state({ timer: waiting }), T0).primary).toEqual({ label: "Start Focus", action: "start" });
    expect(popupView(state({ timer: { ...waiting, mode: "shortBreak", durationMs: 300_000, currentTime: 300 } }), T0).primary.label).toBe("Start Break");
    const paused = { ...running, isActive: false, currentTime: 600, endsAt: null, sessionStartTime: T0 - 900_000 };
    const view = popupView(state({ timer: paused }), T0);
    expect(view.primary).toEqual({ label: "Resume", action: "start" });
    expect(view.timer).toMatchObject({ isPaused: true, display: "10:00" });
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

  it("shows no Start, Pause or Reset during a strict focus session, and says where End early is", () => {
    const view = popupView(state({ timer: { ...running, sessionStartTime: T0, strict: true } }), T0 + 60_000);
    expect(view.strict).toBe(true);
    expect(view.notice?.title).toBe("Strict focus");
    expect(view.notice?.body).toMatch(/End early is in Focus Flow/);
    // Once the strict session is over, the controls come back.
    expect(popupView(state({ timer: { ...running, sessionStartTime: T0, strict: true } }), T0 + 1_600_000).strict).toBe(false);
    expect(popupView(state({}), T0).strict).toBe(false);
  });

  it("shows no Start, Pause or Reset during a room's round, and says that leaving the room is in the app", () => {
    const view = popupView(state({ timer: { ...running, sessionStartTime: T0, inRound: true } }), T0 + 60_000);
    expect(view.inRound).toBe(true);
    expect(view.notice).toEqual({ title: "A room's round", body: expect.stringMatching(/leave the room in Focus Flow/) });
    // A round over, or none, leaves the controls.
    expect(popupView(state({ timer: { ...running, sessionStartTime: T0, inRound: true } }), T0 + 1_600_000).inRound).toBe(false);
    expect(popupView(state({}), T0).inRound).toBe(false);
  });
});
