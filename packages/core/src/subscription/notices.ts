import { PLAN_CHANGE_COPY, PLAN_NAMES, TRIAL_NOTICE_COPY, type PlanNoticeText } from "./copy";
import { FREE_PLAN, focusSessionsLeft } from "./plan";
import { daysLeftText, planStateOf, trialDaysLeft, type SubscriptionFields } from "./rules";

/**
 * When the app tells a user about their plan (`docs/product.md`, Plan notices, and the plan line
 * of People and plans). Pure: the caller passes the server's clock (`now`, epoch ms) and keeps
 * which notices were shown.
 */

/** The trial notices, one per threshold; each is shown once per user. */
export type TrialNoticeId = "trial-3-days" | "trial-1-day" | "trial-ended";

/** Days left at which the trial's notices start (3 days, then 1 day, before the end). */
const TRIAL_NOTICE_DAYS = { first: 3, last: 1 } as const;

/** A notice with its id. */
interface TrialNotice extends PlanNoticeText {
  id: TrialNoticeId;
}

/**
 * The trial notice that applies at `now`: `trial-ended` once a trial has run out, `trial-1-day`
 * with 1 day left, `trial-3-days` with 2 or 3 days left (its title names the days), else null
 * (more days left, no trial, a guest). Only the latest threshold is returned, so a user back
 * after several sees one notice.
 */
export function trialNotice(user: SubscriptionFields, now: number): TrialNotice | null {
  if (user.isGuest || user.subscriptionStatus !== "trial" || !user.trialEndDate) return null;
  const state = planStateOf(user, now);
  if (state === "trialExpired") return { id: "trial-ended", ...TRIAL_NOTICE_COPY.ended };
  if (state !== "trial") return null;
  const days = trialDaysLeft(user, now);
  if (days <= TRIAL_NOTICE_DAYS.last) return { id: "trial-1-day", ...TRIAL_NOTICE_COPY.ending(days) };
  if (days <= TRIAL_NOTICE_DAYS.first) return { id: "trial-3-days", ...TRIAL_NOTICE_COPY.ending(days) };
  return null;
}

/**
 * What a change of the user's plan says: `before` and `after` are the plan fields as this device
 * last showed them and as the server has them now, both judged at `now`. Null when the plan
 * state is the same (time alone never makes a change: a trial running out is `trialNotice`'s).
 */
export function planChangeNotice(before: SubscriptionFields, after: SubscriptionFields, now: number): PlanNoticeText | null {
  const from = planStateOf(before, now);
  const to = planStateOf(after, now);
  return from === to ? null : PLAN_CHANGE_COPY[to];
}

/**
 * The header's plan line (`docs/product.md`, People and plans): "Premium", "Trial · 9 days left",
 * "Free · 1 of 2 sessions left today" (`completedToday`: the user's completed focus sessions of
 * the local day, null while unknown: then "Free"); null for a guest. `size` "short" is the phone's
 * form, the same facts in fewer words ("Free · 1 of 2 left today").
 */
export function planLine(user: SubscriptionFields, now: number, completedToday: number | null, size: "full" | "short" = "full"): string | null {
  if (user.isGuest) return null;
  const state = planStateOf(user, now);
  if (state === "premium") return PLAN_NAMES.premium;
  if (state === "trial") return `${PLAN_NAMES.trial} · ${daysLeftText(trialDaysLeft(user, now))}`;
  if (completedToday === null) return PLAN_NAMES.free;
  const left = focusSessionsLeft("free", completedToday) ?? 0;
  return `${PLAN_NAMES.free} · ${left} of ${FREE_PLAN.focusSessionsPerDay} ${size === "full" ? "sessions left" : "left"} today`;
}
