/**
 * The timer mirror (DESIGN.md §5, issue #6 item 4): the extension's copy of the web app's
 * timer, kept as the last `timer_update` and the moment it arrived. All timing comes from the
 * end timestamp, so a mirror read back after the service worker was stopped for minutes is
 * still exact. Pure functions of (mirror, now); the badge and the popup read them.
 */
import {
  EXTENSION_LINK_LABELS,
  type ExtensionLinkStatus,
  formatTime,
  type SharedTimerState,
  sharedRemainingSeconds,
  TIMER_MODE_LABELS,
  type TimerMode,
} from "@focus/core";
import type { BadgeSpec } from "./chromeAdapter";
import type { TimerMirror } from "./storage";

export const BRAND_NAME = "Focus Flow";

/** Badge colours: focus, break, stopped or unlinked. */
export const BADGE_COLORS = { focus: "#0f766e", break: "#2563eb", idle: "#64748b" } as const;

/** The mirror of a `timer_update` that arrived at `now`. */
export function mirrorOf(state: SharedTimerState, now: number): TimerMirror {
  return { state, receivedAt: now };
}

/**
 * When the running session ends, epoch ms; null when the timer is not running. A state
 * without `endsAt` (an older sender) counts from its arrival.
 */
export function endsAtOf(mirror: TimerMirror | null): number | null {
  if (!mirror?.state.isActive) return null;
  return typeof mirror.state.endsAt === "number" ? mirror.state.endsAt : mirror.receivedAt + mirror.state.currentTime * 1000;
}

/** Whether the timer runs at `now` (a session past its end no longer does). */
export function isRunning(mirror: TimerMirror | null, now: number): boolean {
  const endsAt = endsAtOf(mirror);
  return endsAt !== null && endsAt > now;
}

/** Whether a focus session runs at `now`: the only time sites are blocked. */
export function isFocusRunning(mirror: TimerMirror | null, now: number): boolean {
  return mirror?.state.mode === "focus" && isRunning(mirror, now);
}

/** Seconds left at `now` (0 once a running session has passed its end). */
export function remainingSeconds(mirror: TimerMirror, now: number): number {
  const endsAt = endsAtOf(mirror);
  if (endsAt !== null) return Math.max(0, (endsAt - now) / 1000);
  return sharedRemainingSeconds(mirror.state, now);
}

/** Whole minutes left as the badge shows them: 24:01 → 25, 0:30 → 1. */
export function badgeMinutes(mirror: TimerMirror, now: number): number {
  return Math.ceil(remainingSeconds(mirror, now) / 60);
}

/** Whether the timer is stopped part-way (paused), rather than at its full time or finished. */
function isPausedMidway(mirror: TimerMirror): boolean {
  const { state } = mirror;
  if (state.isActive) return false;
  const full = state.durationMs === undefined ? null : state.durationMs / 1000;
  return state.currentTime > 0 && (full === null ? state.progress > 0 : state.currentTime < full);
}

const modeColor = (mode: TimerMode) => (mode === "focus" ? BADGE_COLORS.focus : BADGE_COLORS.break);

/**
 * The toolbar badge: minutes left while the timer runs (and, grey, while paused part-way),
 * nothing when stopped, "off" when the extension is not linked or paused in the web app.
 */
export function badgeFor(link: ExtensionLinkStatus, mirror: TimerMirror | null, now: number): BadgeSpec {
  if (link === "unlinked") return { text: "off", color: BADGE_COLORS.idle, title: `${BRAND_NAME}: ${EXTENSION_LINK_LABELS.unlinked}` };
  if (link === "paused") return { text: "off", color: BADGE_COLORS.idle, title: `${BRAND_NAME}: ${EXTENSION_LINK_LABELS.paused}` };
  if (!mirror) return { text: "", color: BADGE_COLORS.idle, title: BRAND_NAME };
  const mode = TIMER_MODE_LABELS[mirror.state.mode];
  if (isRunning(mirror, now)) {
    const minutes = badgeMinutes(mirror, now);
    return { text: String(minutes), color: modeColor(mirror.state.mode), title: `${BRAND_NAME}: ${mode}, ${minutes} min left` };
  }
  if (isPausedMidway(mirror)) {
    const minutes = badgeMinutes(mirror, now);
    return { text: String(minutes), color: BADGE_COLORS.idle, title: `${BRAND_NAME}: ${mode} paused, ${minutes} min left` };
  }
  return { text: "", color: BADGE_COLORS.idle, title: BRAND_NAME };
}

/**
 * When the badge's minute count next drops while the timer runs: the moment the time left
 * reaches the next whole minute (24:00 after 24:37); null when not running or in the last
 * minute (the session end takes over).
 */
export function nextBadgeChangeAt(mirror: TimerMirror | null, now: number): number | null {
  const endsAt = endsAtOf(mirror);
  if (endsAt === null || endsAt <= now) return null;
  const minutes = Math.ceil((endsAt - now) / 60_000);
  if (minutes <= 1) return null;
  return endsAt - (minutes - 1) * 60_000;
}

/** What the popup shows of the timer. */
export interface TimerView {
  mode: TimerMode;
  modeLabel: string;
  /** mm:ss. */
  display: string;
  isRunning: boolean;
  /** Elapsed share, percent 0-100. */
  progress: number;
}

/** The popup's view of the mirror at `now`; null before the first update. */
export function timerView(mirror: TimerMirror | null, now: number): TimerView | null {
  if (!mirror) return null;
  const left = remainingSeconds(mirror, now);
  const durationMs = mirror.state.durationMs;
  const progress = durationMs ? Math.min(100, Math.max(0, ((durationMs - left * 1000) / durationMs) * 100)) : mirror.state.progress;
  return {
    mode: mirror.state.mode,
    modeLabel: TIMER_MODE_LABELS[mirror.state.mode],
    display: formatTime(left),
    isRunning: isRunning(mirror, now),
    progress,
  };
}

/**
 * The state to answer a `sync_request` with: the mirror, its seconds left brought to `now`
 * (a finished session reads as stopped at 0).
 */
export function stateToShare(mirror: TimerMirror, now: number): SharedTimerState {
  const running = isRunning(mirror, now);
  return {
    ...mirror.state,
    isActive: running,
    currentTime: Math.ceil(remainingSeconds(mirror, now)),
    endsAt: running ? endsAtOf(mirror) : null,
  };
}
