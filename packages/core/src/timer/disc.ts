/**
 * The visual timer (`docs/product.md`, The timer: a visual timer): time left as a disc that
 * shrinks like a Time Timer's, drawn by the web app in the tab's icon and by anything else that
 * shows the timer as a picture. One geometry for all of them: the remaining share of the session
 * is a sector from 12 o'clock, clockwise, that gets narrower as time passes.
 */
import type { TimerMode } from "../constants";
import type { TimerView } from "./view";

/** The disc's colour per mode, as the Focus Arena's ring: teal for focus, green for breaks. */
export const DISC_COLOURS: Record<TimerMode, string> = { focus: "#6fd3c1", shortBreak: "#34d399", longBreak: "#34d399" };

/** The disc's colour while a warning before the end is in force: amber, as the Focus Arena's ring then. */
export const DISC_WARNING_COLOUR = "#f59e0b";

/**
 * The colour a disc of `mode` is drawn in: the mode's, or amber while a warning before the end is
 * in force (`warning`, from `activeEndWarning` in warnings.ts).
 */
export function discColour(mode: TimerMode, warning: boolean): string {
  return warning ? DISC_WARNING_COLOUR : DISC_COLOURS[mode];
}

/** The disc's background and its track (the full circle, faint). */
export const DISC_BACKGROUND = "#1b2433";

/** Steps a disc is drawn in: a picture changes at most this many times a session. */
export const DISC_STEPS = 120;

/**
 * The share of the session left, 0–1, in DISC_STEPS steps (rounded up, so a session that has
 * just started reads full and one with a second left still shows a sliver). Null when no session
 * is under way (not running, not paused): the picture is the app's own icon then. A Flowtime
 * session, which counts up, reads full (its view's progress stays 0).
 */
export function discShare(view: Pick<TimerView, "progress" | "isRunning" | "isPaused">): number | null {
  if (!view.isRunning && !view.isPaused) return null;
  const left = Math.min(1, Math.max(0, 1 - view.progress / 100));
  return Math.ceil(left * DISC_STEPS) / DISC_STEPS;
}

/**
 * The SVG path (`d`) of the disc's remaining sector for `share` (0–1) of a circle of radius `r`
 * centred on (`cx`, `cy`), in SVG coordinates (y down): from 12 o'clock clockwise. A full share
 * is the whole circle (two arcs); 0 is an empty path.
 */
export function discPath(share: number, cx: number, cy: number, r: number): string {
  const s = Math.min(1, Math.max(0, share));
  if (s <= 0) return "";
  const fmt = (n: number) => (Math.round(n * 1000) / 1000).toString();
  if (s >= 1) {
    return `M${fmt(cx)} ${fmt(cy - r)}A${fmt(r)} ${fmt(r)} 0 1 1 ${fmt(cx)} ${fmt(cy + r)}A${fmt(r)} ${fmt(r)} 0 1 1 ${fmt(cx)} ${fmt(cy - r)}Z`;
  }
  const angle = s * 2 * Math.PI;
  const x = cx + r * Math.sin(angle);
  const y = cy - r * Math.cos(angle);
  const large = s > 0.5 ? 1 : 0;
  return `M${fmt(cx)} ${fmt(cy)}L${fmt(cx)} ${fmt(cy - r)}A${fmt(r)} ${fmt(r)} 0 ${large} 1 ${fmt(x)} ${fmt(y)}Z`;
}
