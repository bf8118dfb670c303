import { STORAGE_KEYS } from "@focus/core/constants";
import type { ServerConfig } from "@/lib/publicConfig";

/**
 * The interview promotion: 3 months of free premium, worth $14.97, for a 15-minute video interview
 * booked on an external scheduling page.
 *
 * The booking page is the server's INTERVIEW_URL, read from `GET /api/config` (`docs/api.md`).
 * When the server has none, the button writes to the server's support address instead, so it
 * never leads nowhere.
 */

/** Where 'Book your interview' leads, or null until the server answered (nothing to link to yet). */
export function interviewLink(config: ServerConfig): { href: string; external: boolean } | null {
  if (config.interviewUrl) return { href: config.interviewUrl, external: true };
  if (!config.supportEmail) return null;
  const subject = encodeURIComponent("Focus Flow interview: 3 months of Premium");
  return { href: `mailto:${config.supportEmail}?subject=${subject}`, external: false };
}

/** Whether the visitor dismissed the promo card before (localStorage `calendly-interview-dismissed`). */
export function isInterviewPromoDismissed(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.interviewDismissed) === "true";
  } catch {
    return false;
  }
}

/** Remembers the dismissal in this browser. */
export function dismissInterviewPromo(): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.interviewDismissed, "true");
  } catch {
    // Storage unavailable (private mode): the card stays hidden until the page reloads.
  }
}
