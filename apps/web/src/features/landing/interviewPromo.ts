import type { PublicConfig } from "@focus/core";
import { STORAGE_KEYS } from "@focus/core/constants";
import { api } from "@/lib/api";
import { SUPPORT_EMAIL } from "@/lib/brand";

/**
 * The interview promotion: 3 months of free premium, worth $14.97, for a 15-minute video interview
 * booked on an external scheduling page.
 *
 * The booking page is the server's INTERVIEW_URL, read from `GET /api/config` (`docs/api.md`).
 * Until it answers, or when the server has none, the button writes to support instead, so it never
 * leads nowhere.
 */
export const INTERVIEW_FALLBACK_URL = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent("Focus Flow interview: 3 months of Premium")}`;

/**
 * The interview booking page from `GET /api/config`, or null when the server has none or
 * cannot be asked. The landing chunk loads no query client and no zod (the landing page stays
 * light), so the answer is checked by hand (an http(s) URL or nothing).
 */
export async function fetchInterviewUrl(signal?: AbortSignal): Promise<string | null> {
  try {
    const body = await api.get<Partial<PublicConfig> | null>("/api/config", { signal });
    const url = body?.interviewUrl;
    return typeof url === "string" && /^https?:\/\//i.test(url) ? url : null;
  } catch {
    return null;
  }
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
