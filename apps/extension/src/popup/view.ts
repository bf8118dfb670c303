/**
 * What the popup shows (a mini timer), as a pure function of the worker's
 * state and the clock; popup.ts only renders it.
 */
import { EXTENSION_LINK_LABELS, type ExtensionLinkStatus } from "@focus/core/protocol";
import { sharedTimerView, type TimerView } from "@focus/core/timer";
import type { PopupCommand } from "../messages";
import type { PopupState } from "../worker";

export interface PopupView {
  link: ExtensionLinkStatus;
  /** "Linked", "Not linked", "Paused", "Connecting". */
  linkLabel: string;
  timer: TimerView | null;
  primary: { label: string; action: Extract<PopupCommand, "start" | "pause"> };
  /** Start/pause/reset only work with an open live connection. */
  controlsEnabled: boolean;
  /** A strict focus session runs: no Start, Pause or Reset is shown (`docs/product.md`, Strict focus). */
  strict: boolean;
  /** A focus room's round runs: no Start, Pause or Reset is shown either (`docs/rooms.md`); leaving the room is in the app. */
  inRound: boolean;
  /** A sentence under the timer, or a card instead of it when not linked. */
  notice: { title: string; body: string } | null;
  appUrl: string;
}

const NOTICES: Partial<Record<ExtensionLinkStatus, { title: string; body: string }>> = {
  unlinked: {
    title: "Not linked",
    body: "Open Focus Flow, go to the Website Shield tab and choose “Pair this browser's extension”. Your blocklist then applies during focus sessions.",
  },
  paused: {
    title: "Paused",
    body: "This browser is switched off in Focus Flow's Website Shield tab, so no sites are blocked here. Switch it back on there.",
  },
};

export function popupView(state: PopupState, now: number): PopupView {
  const timer = state.link === "unlinked" || state.link === "paused" || !state.timer ? null : sharedTimerView(state.timer, now);
  const running = timer?.isRunning ?? false;
  const startLabel = timer?.isPaused ? "Resume" : !timer || timer.mode === "focus" ? "Start Focus" : "Start Break";
  let notice = NOTICES[state.link] ?? null;
  if (!notice && timer?.strict) {
    notice = { title: "Strict focus", body: "This session keeps going until it ends, and your sites stay blocked. If you need to stop, End early is in Focus Flow." };
  }
  if (!notice && timer?.inRound) {
    notice = { title: "A room's round", body: "This round runs on the room's clock until it ends. To stop it, leave the room in Focus Flow." };
  }
  if (!notice && state.link === "linked" && !timer) {
    notice = { title: "No timer yet", body: "Open Focus Flow in a tab: its timer shows here and these buttons control it." };
  }
  return {
    link: state.link,
    linkLabel: EXTENSION_LINK_LABELS[state.link],
    timer,
    primary: running ? { label: "Pause", action: "pause" } : { label: startLabel, action: "start" },
    controlsEnabled: state.link === "linked",
    strict: timer?.strict ?? false,
    inRound: timer?.inRound ?? false,
    notice,
    appUrl: state.appUrl,
  };
}
