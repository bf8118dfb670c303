import type { TimerMode } from "@focus/core/constants";
import { DISC_BACKGROUND, discColour, discPath, discShare, type TimerView } from "@focus/core/timer";

/**
 * The visual timer in the tab's icon (`docs/product.md`, The timer): while a session is under
 * way, every app tab's icon is a disc that shrinks as time passes (core's `discShare` and
 * `discPath`), in the mode's colour (amber while a warning before the end is in force), so time
 * left shows from any tab; otherwise the app's icon.
 */

/** The app's own icon (index.html). */
const APP_ICON = "/favicon.svg";

/** The icon for `share` (0–1) of `mode` left, as an SVG data URL (32 × 32, like favicon.svg); amber with `warning`. */
export function discIconUrl(share: number, mode: TimerMode, warning = false): string {
  const colour = discColour(mode, warning);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">` +
    `<rect width="32" height="32" rx="8" fill="${DISC_BACKGROUND}"/>` +
    `<circle cx="16" cy="16" r="12" fill="none" stroke="${colour}" stroke-opacity="0.35" stroke-width="1.5"/>` +
    `<path d="${discPath(share, 16, 16, 12)}" fill="${colour}"/>` +
    `</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

let shown = APP_ICON;

/**
 * Sets this tab's icon for `view`: the disc while a session runs or is paused (amber with
 * `warning`), else the app's icon. Changes the page only when the picture changes (at most
 * DISC_STEPS times a session, and once as the warning begins).
 */
export function showTimerInTabIcon(view: Pick<TimerView, "progress" | "isRunning" | "isPaused" | "mode">, warning = false): void {
  const share = discShare(view);
  const href = share === null ? APP_ICON : discIconUrl(share, view.mode, warning);
  if (href === shown) return;
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) return;
  link.href = href;
  link.type = "image/svg+xml";
  shown = href;
}

/** Puts the app's icon back (the timer is gone from this page). */
export function resetTabIcon(): void {
  showTimerInTabIcon({ progress: 0, isRunning: false, isPaused: false, mode: "focus" });
}
