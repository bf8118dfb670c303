/**
 * The extension's copy of the web app's timer: the last `timer_update`, kept in storage. All
 * timing comes from core's `sharedTimerView` (the same view the web app shows), from the end
 * timestamp, so a copy read back after the service worker was stopped for minutes is still
 * exact. Pure functions of (timer, now); the worker, badge, popup and blocked page use them.
 */
import { TIMER_MODE_LABELS, type EndWarning, type TimerMode } from "@focus/core/constants";
import { EXTENSION_LINK_LABELS, type ExtensionLinkStatus, type SharedTimerState } from "@focus/core/protocol";
import { activeEndWarning, discShare, sharedTimerView } from "@focus/core/timer";
import type { BadgeSpec } from "./chromeAdapter";

export const BRAND_NAME = "Focus Flow";

/** Badge colours: focus, break, a warning before the end (amber, dark enough for white text), stopped or unlinked. */
export const BADGE_COLORS = { focus: "#0f766e", break: "#2563eb", warning: "#b45309", idle: "#64748b" } as const;

/**
 * A `timer_update` as kept: a running state from a sender that gave no end time is given one,
 * counted from its arrival at `now`, so it keeps exact time from then on.
 */
export function receivedTimer(state: SharedTimerState, now: number): SharedTimerState {
  if (!state.isActive || typeof state.endsAt === "number") return state;
  return { ...state, endsAt: now + state.currentTime * 1000 };
}

/** When the running session ends, epoch ms; null when the timer is not running at `now`. */
export function endsAtOf(timer: SharedTimerState | null, now: number): number | null {
  return timer ? sharedTimerView(timer, now).endsAt : null;
}

/**
 * Whether a strict focus session runs at `now` (`docs/product.md`, Strict focus): the popup offers
 * no pause or reset, and the pairing is not dropped.
 */
export function isStrictRunning(timer: SharedTimerState | null, now: number): boolean {
  return timer ? sharedTimerView(timer, now).strict : false;
}

/** Whether a focus session runs at `now`: the only time sites are blocked. */
export function isFocusRunning(timer: SharedTimerState | null, now: number): boolean {
  if (!timer) return false;
  const view = sharedTimerView(timer, now);
  return view.mode === "focus" && view.isRunning;
}

const modeColor = (mode: TimerMode) => (mode === "focus" ? BADGE_COLORS.focus : BADGE_COLORS.break);

/**
 * The toolbar badge: minutes left while the timer runs (and, grey, while paused part-way),
 * nothing when stopped, "off" when the extension is not linked or paused in the web app. While
 * the user's warning before the end (`endWarning`) is in force it turns amber, as the web app's
 * ring does (core's `activeEndWarning`, `docs/product.md`, The timer).
 */
export function badgeFor(link: ExtensionLinkStatus, timer: SharedTimerState | null, now: number, endWarning: EndWarning = "off"): BadgeSpec {
  if (link === "unlinked") return { text: "off", color: BADGE_COLORS.idle, title: `${BRAND_NAME}: ${EXTENSION_LINK_LABELS.unlinked}` };
  if (link === "paused") return { text: "off", color: BADGE_COLORS.idle, title: `${BRAND_NAME}: ${EXTENSION_LINK_LABELS.paused}` };
  if (!timer) return { text: "", color: BADGE_COLORS.idle, title: BRAND_NAME };
  const view = sharedTimerView(timer, now);
  const mode = TIMER_MODE_LABELS[view.mode];
  if (view.countsUp) return flowBadge(view);
  const minutes = Math.ceil(view.secondsLeft / 60);
  if (view.isRunning) {
    const warning = activeEndWarning(view, endWarning) !== null;
    return { text: String(minutes), color: warning ? BADGE_COLORS.warning : modeColor(view.mode), title: `${BRAND_NAME}: ${mode}, ${minutes} min left` };
  }
  if (view.isPaused) return { text: String(minutes), color: BADGE_COLORS.idle, title: `${BRAND_NAME}: ${mode} paused, ${minutes} min left` };
  return { text: "", color: BADGE_COLORS.idle, title: BRAND_NAME };
}

/**
 * The badge of a Flowtime session, which counts up (`docs/product.md`, The timer): the whole
 * minutes so far with a "+" ("+12"), in the focus colour while it runs, grey while paused.
 */
function flowBadge(view: { isRunning: boolean; secondsElapsed: number }): BadgeSpec {
  const minutes = Math.floor(view.secondsElapsed / 60);
  const state = view.isRunning ? "" : " paused";
  return { text: `+${minutes}`, color: view.isRunning ? BADGE_COLORS.focus : BADGE_COLORS.idle, title: `${BRAND_NAME}: Flowtime focus${state}, ${minutes} min so far` };
}

/**
 * When the badge's minute count next drops (or, in a Flowtime session, rises: its length is
 * whole minutes, so its minutes so far turn with the minutes left) while the timer runs: the moment the time left
 * reaches the next whole minute (24:00 after 24:37); null when not running or in the last
 * minute (the session end takes over).
 */
export function nextBadgeChangeAt(timer: SharedTimerState | null, now: number): number | null {
  const endsAt = endsAtOf(timer, now);
  if (endsAt === null) return null;
  const minutes = Math.ceil((endsAt - now) / 60_000);
  if (minutes <= 1) return null;
  return endsAt - (minutes - 1) * 60_000;
}

/**
 * The state to answer a `sync_request` with: the kept state brought to `now` (a session past
 * its end reads as stopped at 0).
 */
export function stateToShare(timer: SharedTimerState, now: number): SharedTimerState {
  const view = sharedTimerView(timer, now);
  return { ...timer, isActive: view.isRunning, currentTime: view.secondsLeft, progress: view.progress, endsAt: view.endsAt };
}

/**
 * The toolbar icon's disc (`docs/product.md`, The timer: a visual timer): the share left, the
 * mode, and whether a warning before the end is in force (drawn amber).
 */
export interface DiscSpec {
  share: number;
  mode: TimerMode;
  warning: boolean;
}

/**
 * The disc the toolbar icon shows at `now` (server clock, epoch ms): core's `discShare` of the
 * kept timer while a session runs or is paused, amber while `endWarning` is in force; null
 * otherwise (the extension's own icon).
 */
export function discFor(timer: SharedTimerState | null, now: number, endWarning: EndWarning = "off"): DiscSpec | null {
  if (!timer) return null;
  const view = sharedTimerView(timer, now);
  const share = discShare(view);
  return share === null ? null : { share, mode: view.mode, warning: activeEndWarning(view, endWarning) !== null };
}
