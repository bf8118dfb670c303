import { DAY_MS } from "../constants";
import type { SubscriptionPlan, SubscriptionStatus } from "../schemas/user";

/** The subscription fields of a user. `trialEndDate` is ISO 8601 or null. */
export interface SubscriptionFields {
  isGuest?: boolean;
  subscriptionPlan: SubscriptionPlan;
  subscriptionStatus: SubscriptionStatus;
  trialEndDate: string | null;
}

/** Premium is active when the plan is premium and the status active (`docs/product.md`). */
export function isPremiumActive(user: SubscriptionFields): boolean {
  return user.subscriptionPlan === "premium" && user.subscriptionStatus === "active";
}

/** A trial is active when the status is trial and the end date in the future (`docs/product.md`). */
export function isTrialActive(user: SubscriptionFields, now: number): boolean {
  if (user.subscriptionStatus !== "trial" || !user.trialEndDate) return false;
  const end = Date.parse(user.trialEndDate);
  return Number.isFinite(end) && end > now;
}

/** Whole days left of the trial, rounded up, never below 0 (`docs/product.md`). */
export function trialDaysLeft(user: SubscriptionFields, now: number): number {
  if (!user.trialEndDate) return 0;
  const end = Date.parse(user.trialEndDate);
  if (!Number.isFinite(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / DAY_MS));
}

/**
 * Whether a non-guest may run the timer and record focus sessions: premium or an active trial (else
 * 'Trial Period Expired', `docs/product.md`). Guests are governed by the one-a-day rule instead.
 */
export function canUseTimer(user: SubscriptionFields, now: number): boolean {
  if (user.isGuest) return true;
  return isPremiumActive(user) || isTrialActive(user, now);
}

/**
 * The plan a user is on (`docs/product.md`, People and plans): `premium` (premium and active),
 * `trial` (status trial, end in the future), `trialExpired` (the trial ran out: the Free plan),
 * `cancelled` (premium cancelled: the Free plan) or `free`. The subscription chart classifies users
 * the same way, in the same order.
 */
export type PlanState = "premium" | "trial" | "trialExpired" | "cancelled" | "free";

/** Which plan state the user is in at `now` (epoch ms); see PlanState. */
export function planStateOf(user: SubscriptionFields, now: number): PlanState {
  if (isPremiumActive(user)) return "premium";
  if (isTrialActive(user, now)) return "trial";
  if (user.subscriptionStatus === "trial") return "trialExpired";
  if (user.subscriptionStatus === "cancelled") return "cancelled";
  return "free";
}

/** 'N days left', '1 day left' (the user's own plan; the admin list keeps the product's wording). */
export function daysLeftText(days: number): string {
  return `${days} ${days === 1 ? "day" : "days"} left`;
}

/**
 * The user's plan badge (`docs/product.md`): 'Premium' for active premium, 'Trial' while a trial
 * runs, else 'Free Plan' (an ended trial and a cancelled premium are the Free plan).
 */
export function planBadge(state: PlanState): "Premium" | "Trial" | "Free Plan" {
  if (state === "premium") return "Premium";
  if (state === "trial") return "Trial";
  return "Free Plan";
}

/**
 * The plan status line (`docs/product.md`): 'Active' for premium, 'Trial · N days left' during a
 * trial (`daysLeft` from trialDaysLeft), 'Free · trial ended', 'Free · Premium cancelled' or 'Free'.
 */
export function planStatusText(state: PlanState, daysLeft: number): string {
  switch (state) {
    case "premium":
      return "Active";
    case "trial":
      return `Trial · ${daysLeftText(daysLeft)}`;
    case "trialExpired":
      return "Free · trial ended";
    case "cancelled":
      return "Free · Premium cancelled";
    case "free":
      return "Free";
  }
}

/**
 * The admin users-list badge (`docs/product.md`): 'Premium Active', 'N days left', 'Trial Expired',
 * 'Cancelled' or 'Free Plan'. The product's wording is kept verbatim for every N, so one day left
 * reads '1 days left'.
 */
export function adminBadge(user: SubscriptionFields, now: number): string {
  if (user.subscriptionStatus === "active" && user.subscriptionPlan === "premium") return "Premium Active";
  if (user.subscriptionStatus === "trial") {
    const days = trialDaysLeft(user, now);
    return days > 0 ? `${days} days left` : "Trial Expired";
  }
  if (user.subscriptionStatus === "cancelled") return "Cancelled";
  return "Free Plan";
}

/**
 * What the admin's cancel does to a user at `now` (`docs/product.md`, People and plans):
 * `endPremium` for an active Premium (free/cancelled), `endTrial` for a trial that runs (it ends
 * at once), null when the user is on Free and has nothing to cancel.
 */
export type AdminCancellation = "endPremium" | "endTrial" | null;

/** Which AdminCancellation applies to `user` at `now` (epoch ms). */
export function adminCancellationOf(user: SubscriptionFields, now: number): AdminCancellation {
  if (isPremiumActive(user)) return "endPremium";
  if (isTrialActive(user, now)) return "endTrial";
  return null;
}
