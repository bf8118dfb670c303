import type { SubscriptionPlan, SubscriptionStatus } from "../schemas/user";

/** The subscription fields of a user. `trialEndDate` is ISO 8601 or null. */
export interface SubscriptionFields {
  isGuest?: boolean;
  subscriptionPlan: SubscriptionPlan;
  subscriptionStatus: SubscriptionStatus;
  trialEndDate: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

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
 * The plan badge (`docs/product.md`): 'Premium' for premium, 'Trial' for a free plan in trial,
 * else null.
 */
export function planBadge(user: SubscriptionFields): "Premium" | "Trial" | null {
  if (user.subscriptionPlan === "premium") return "Premium";
  if (user.subscriptionStatus === "trial") return "Trial";
  return null;
}

/** Plan status text: 'Active' when premium is active, else 'Inactive'. */
export function planStatusLabel(user: SubscriptionFields): "Active" | "Inactive" {
  return isPremiumActive(user) ? "Active" : "Inactive";
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
