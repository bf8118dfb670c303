/**
 * When did the user's current focus session start? Derived from the stream of shared timer
 * states (spec §7 timer_update), so a blocked attempt reported by the extension can be counted
 * per session (issue #6 item 4) without the extension having to know.
 */
import { type SharedTimerState, sharedRemainingSeconds } from "@focus/core";

/** A step back in elapsed time larger than this means the timer was reset, ms. */
const RESTART_TOLERANCE_MS = 5000;

/** Elapsed focus time of a state at `now`, ms; null when the state has no duration. */
function elapsedMs(state: SharedTimerState, now: number): number | null {
  if (state.durationMs === undefined) return null;
  return Math.max(0, state.durationMs - sharedRemainingSeconds(state, now) * 1000);
}

/**
 * The start (epoch ms) of the focus session `next` belongs to, given the previous state and
 * the start derived for it; null outside a focus session. A session starts when a focus timer
 * starts, survives pauses, and ends when the mode changes, when the timer is reset to its full
 * time, or when the elapsed time jumps back (reset and started again between two updates).
 */
export function nextFocusStart(
  previous: { state: SharedTimerState; focusStartedAt: number | null } | undefined,
  next: SharedTimerState,
  now: number,
): number | null {
  if (next.mode !== "focus") return null;
  const nextElapsed = elapsedMs(next, now);
  let start = previous && previous.state.mode === "focus" ? previous.focusStartedAt : null;
  if (start !== null && previous && nextElapsed !== null) {
    const previousElapsed = elapsedMs(previous.state, now);
    if (previousElapsed !== null && nextElapsed < previousElapsed - RESTART_TOLERANCE_MS) start = null;
  }
  if (!next.isActive) {
    // Paused mid-session keeps the start; back at the full time it is no session at all.
    return nextElapsed === 0 ? null : start;
  }
  return start ?? now - (nextElapsed ?? 0);
}
