/**
 * What the blocked page shows: the site that was blocked, the time left in
 * the focus session (counting down from its end; in a Flowtime session, which has no end, the
 * time so far, counting up), a motivational line, and, once the session is over, the way on to
 * the site. Pure; blocked.ts renders it.
 */
import { formatTime } from "@focus/core/format";
import { DELAY_PASS_MINUTES, DELAY_WAIT_SECONDS } from "@focus/core/schemas";
import type { BlockedPageQuery } from "../rules";
import { sharedTimerView } from "@focus/core/timer";
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
  /** mm:ss left while blocking (in a Flowtime session: mm:ss so far). */
  timeLeft: string | null;
  /** A Flowtime session: `timeLeft` is the time so far. */
  countsUp: boolean;
  /** What `timeLeft` is, in words: the time left in the session, or the time so far in a Flowtime session. */
  caption: string;
  heading: string;
}

const LEFT_CAPTION = "left in this focus session";
const SO_FAR_CAPTION = "into this Flowtime session";
const SCHEDULE_CAPTION = "left in this scheduled block";

/**
 * The view at `now`. The worker's state, once known, decides whether the session still runs
 * (it may have been paused or reset since the redirect); until then the redirect's `endsAt`.
 */
export function blockedView(
  query: { domain: string | null; endsAt: number | null; reason?: BlockedPageQuery["reason"] },
  worker: PopupState | null,
  now: number,
): BlockedView {
  const endsAt = worker
    ? worker.shield.blockingUntil !== undefined
      ? worker.shield.blockingUntil
      : isFocusRunning(worker.timer, now)
        ? endsAtOf(worker.timer, now)
        : null
    : query.endsAt;
  if (endsAt !== null && endsAt > now) {
    if (worker?.shield.blockedBy === "schedule") {
      const heading = query.reason === "allowlist" ? "Not on your allow list during this scheduled block" : "Blocked by your schedule";
      return { domain: query.domain, phase: "blocking", timeLeft: formatTime((endsAt - now) / 1000), countsUp: false, caption: SCHEDULE_CAPTION, heading };
    }
    const heading = query.reason === "allowlist" ? "Not on your allow list for this focus session" : "Blocked during your focus session";
    // A Flowtime session's end is only its far limit: it shows the time so far, as the app does.
    const flow = worker?.timer && worker.shield.blockingUntil === undefined ? sharedTimerView(worker.timer, now) : null;
    if (flow?.countsUp) return { domain: query.domain, phase: "blocking", timeLeft: flow.display, countsUp: true, caption: SO_FAR_CAPTION, heading };
    return { domain: query.domain, phase: "blocking", timeLeft: formatTime((endsAt - now) / 1000), countsUp: false, caption: LEFT_CAPTION, heading };
  }
  return { domain: query.domain, phase: "over", timeLeft: null, countsUp: false, caption: LEFT_CAPTION, heading: "Your focus session is over" };
}

/**
 * Whether this load of the blocked page counts as an attempt to open the site: a page the
 * extension's redirect opened (it carries the redirect key), as the top-level page of its tab.
 */
export function countsAsAttempt(query: Pick<BlockedPageQuery, "reason" | "key">, navigationType: string | undefined, topLevel: boolean): boolean {
  // A tab that was already open when focus began is no attempt; nor is reloading this page
  // or coming back to it through the history. A page framed by another, or opened without the
  // key, was not opened by the extension's redirect.
  return topLevel && query.key !== null && query.reason !== "open-tab" && (navigationType === undefined || navigationType === "navigate");
}

/** The delay page's part of the view (`docs/product.md`, Delay instead of a wall). */
export interface DelayView {
  /** Whole seconds still to wait before "Continue"; 0 once it may be used. */
  secondsLeft: number;
  /** "Continue" may be used: the wait is over and the day has a pass left. */
  canContinue: boolean;
  /** What the wait and the day's passes are, in words. */
  line: string;
}

/**
 * The delay page at `now`, opened at `openedAt` (both epoch ms on this browser's clock): a
 * DELAY_WAIT_SECONDS countdown, then "Continue" while the day has passes left; during a strict
 * focus session no "Continue" at all.
 */
export function delayView(openedAt: number, now: number, shield: PopupState["shield"] | null): DelayView {
  const secondsLeft = Math.max(0, Math.ceil(DELAY_WAIT_SECONDS - (now - openedAt) / 1000));
  const left = shield?.passesLeft ?? 0;
  const passes = `${left} of ${shield?.passesPerDay ?? 0} ${shield?.passesPerDay === 1 ? "pass" : "passes"} left today`;
  if (shield?.strict) {
    return { secondsLeft, canContinue: false, line: "A strict focus session is running: this site opens when it ends." };
  }
  if (shield !== null && left === 0) {
    return { secondsLeft, canContinue: false, line: "No passes left today. This site opens again when the session ends." };
  }
  if (secondsLeft > 0) return { secondsLeft, canContinue: false, line: `Take a breath. Continue opens in ${secondsLeft} s (${passes}).` };
  return { secondsLeft: 0, canContinue: shield !== null, line: `You can continue for ${DELAY_PASS_MINUTES} minutes (${passes}).` };
}

/** The focus session's intention, in words ("Your intention: Outline the talk"); null when there is none (`docs/product.md`, Intentions). */
export function intentionLine(shield: PopupState["shield"] | null): string | null {
  return shield?.intention ? `Your intention: ${shield.intention}` : null;
}

/**
 * The entry of the Shield that sent the tab here, in words ("Your Shield lists youtube.com/shorts"),
 * so a path rule is not mistaken for the whole site; null when the address did not say.
 */
export function ruleLine(query: Pick<BlockedPageQuery, "entry" | "reason">): string | null {
  if (query.reason === "allowlist") return "Only the sites on your allow list open now.";
  return query.entry ? `Your Shield lists ${query.entry}` : null;
}

/** The task the focus session is for, in words ("Working on: Write the report"); null when there is none. */
export function taskLine(shield: PopupState["shield"] | null): string | null {
  return shield?.task ? `Working on: ${shield.task}` : null;
}

/** How many visits the Shield stopped today, in words; null before the worker answered. */
export function stoppedTodayLine(shield: PopupState["shield"] | null): string | null {
  if (!shield) return null;
  return shield.stoppedToday === 1 ? "1 visit stopped today" : `${shield.stoppedToday} visits stopped today`;
}
