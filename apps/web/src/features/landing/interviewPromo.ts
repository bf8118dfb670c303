import { STORAGE_KEYS } from "@focus/core/constants";
import { SUPPORT_EMAIL } from "@/lib/brand";

/**
 * The interview promotion (spec §1): 3 months of free premium, worth $14.97, for a 15-minute
 * video interview booked on an external scheduling page.
 *
 * The booking page is the server's `INTERVIEW_URL` (DESIGN.md §8). Until the API exposes it,
 * the web build reads `VITE_INTERVIEW_URL` at build time; without one, the button writes to
 * support instead, so it never leads nowhere.
 */
export const INTERVIEW_URL: string =
  (import.meta.env.VITE_INTERVIEW_URL as string | undefined) ||
  `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent("Focus Flow interview: 3 months of Premium")}`;

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
