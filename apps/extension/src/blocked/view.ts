/**
 * What the blocked page shows: the site that was blocked, the time left in
 * the focus session (counting down from its end), a motivational line, and, once the session
 * is over, the way on to the site. Pure; blocked.ts renders it.
 */
import { formatTime } from "@focus/core/format";
import type { BlockedPageQuery } from "../rules";
import { endsAtOf, isFocusRunning } from "../timer";
import type { PopupState } from "../worker";

/** Lines shown on the blocked page, one per visit. */
export const MOTIVATION = [
  "This moment is yours. The site will still be there after the session.",
  "Every distraction you skip makes the next one easier to skip.",
  "You decided to focus. That was a good decision; keep it.",
  "Deep work now, guilt-free scrolling later.",
  "Small sessions, done often, add up to big things.",
  "Take a breath, look back at your task, and take the next small step.",
] as const;

export interface BlockedView {
  domain: string | null;
  /** "blocking" while the focus session runs; "over" once it ended or stopped. */
  phase: "blocking" | "over";
  /** mm:ss left, while blocking. */
  timeLeft: string | null;
  heading: string;
}

/**
 * The view at `now`. The worker's state, once known, decides whether the session still runs
 * (it may have been paused or reset since the redirect); until then the redirect's `endsAt`.
 */
export function blockedView(query: { domain: string | null; endsAt: number | null }, worker: PopupState | null, now: number): BlockedView {
  const endsAt = worker ? (isFocusRunning(worker.timer, now) ? endsAtOf(worker.timer, now) : null) : query.endsAt;
  if (endsAt !== null && endsAt > now) {
    return { domain: query.domain, phase: "blocking", timeLeft: formatTime((endsAt - now) / 1000), heading: "Blocked during your focus session" };
  }
  return { domain: query.domain, phase: "over", timeLeft: null, heading: "Your focus session is over" };
}

/**
 * Whether this load of the blocked page counts as an attempt to open the site: a page the
 * extension's redirect opened (it carries the redirect key), as the top-level page of its tab.
 */
export function countsAsAttempt(query: Pick<BlockedPageQuery, "reason" | "key">, navigationType: string | undefined, topLevel: boolean): boolean {
  // A tab that was already open when focus began is no attempt; nor is reloading this page
  // or coming back to it through the history. A page framed by another, or opened without the
  // key, was not opened by the extension's redirect.
  return topLevel && query.key !== null && query.reason === "navigation" && (navigationType === undefined || navigationType === "navigate");
}
