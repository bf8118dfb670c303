import type { TimerMode } from "../constants";
import { TIMER_MODE_LABELS } from "../constants";

/**
 * The end-of-session notice (`docs/product.md`, The timer, and Notifications on a locked
 * phone): what ended and what comes next. The page's own notification and the server's push
 * both read it from here, so a phone hears the same words as the open tab.
 */

/** What a notice needs to know of a session's end (core's `SessionCompleted` carries it). */
interface SessionEnd {
  /** The mode that just ended. */
  mode: TimerMode;
  /** The mode that comes next. */
  nextMode: TimerMode;
  /** Full length of the next session, ms. */
  nextDurationMs: number;
  /** The next session starts by itself (auto-start settings). */
  nextStartsItself: boolean;
}

/** A notice as a notification shows it. */
interface SessionEndNotice {
  title: string;
  body: string;
}

/**
 * The tag of every end-of-session notification, the page's and the service worker's alike, so
 * a newer one replaces an older one instead of stacking.
 */
export const SESSION_END_NOTICE_TAG = "focus-timer";

const MODE_NAMES: Record<TimerMode, string> = { focus: "focus session", shortBreak: "short break", longBreak: "long break" };

/**
 * The notice for a session's end, e.g. "Focus session complete" / "Your 5-minute short break
 * starts now." (the next session starts by itself) or "Up next: a 5-minute short break. Start
 * it when you're ready." (it waits for the user). Minutes are rounded to whole ones.
 */
export function sessionEndNotice(end: SessionEnd): SessionEndNotice {
  const title = end.mode === "focus" ? "Focus session complete" : `${TIMER_MODE_LABELS[end.mode]} is over`;
  const next = `${Math.round(end.nextDurationMs / 60_000)}-minute ${MODE_NAMES[end.nextMode]}`;
  const body = end.nextStartsItself ? `Your ${next} starts now.` : `Up next: a ${next}. Start it when you're ready.`;
  return { title, body };
}
