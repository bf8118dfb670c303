import { describe, expect, it } from "vitest";
import {
  adminBadge,
  canUseTimer,
  daysLeftText,
  isPremiumActive,
  isTrialActive,
  planBadge,
  planStateOf,
  planStatusText,
  trialDaysLeft,
  type SubscriptionFields,
} from "./rules";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const trial = (msLeft: number): SubscriptionFields => ({
  subscriptionPlan: "free",
  subscriptionStatus: "trial",
  trialEndDate: new Date(NOW + msLeft).toISOString(),
});
const premium: SubscriptionFields = { subscriptionPlan: "premium", subscriptionStatus: "active", trialEndDate: null };
const cancelled: SubscriptionFields = { subscriptionPlan: "free", subscriptionStatus: "cancelled", trialEndDate: null };

describe("subscription rules", () => {
  it("treats premium as active only with status active", () => {
    expect(isPremiumActive(premium)).toBe(true);
    expect(isPremiumActive({ ...premium, subscriptionStatus: "cancelled" })).toBe(false);
  });

  it("treats a trial as active only while its end date is in the future", () => {
    expect(isTrialActive(trial(1000), NOW)).toBe(true);
    expect(isTrialActive(trial(0), NOW)).toBe(false);
    expect(isTrialActive(trial(-DAY), NOW)).toBe(false);
  });

  it("rounds days left up and never below 0", () => {
    expect(trialDaysLeft(trial(14 * DAY), NOW)).toBe(14);
    expect(trialDaysLeft(trial(DAY + 1), NOW)).toBe(2);
    expect(trialDaysLeft(trial(1), NOW)).toBe(1);
    expect(trialDaysLeft(trial(-3 * DAY), NOW)).toBe(0);
  });

  it("lets premium, active trials and guests use the timer, and nobody else", () => {
    expect(canUseTimer(premium, NOW)).toBe(true);
    expect(canUseTimer(trial(DAY), NOW)).toBe(true);
    expect(canUseTimer(trial(-1), NOW)).toBe(false);
    expect(canUseTimer(cancelled, NOW)).toBe(false);
    expect(canUseTimer({ ...cancelled, isGuest: true }, NOW)).toBe(true);
  });

  it("names the plan of each subscription state: trial active, trial ended → Free, premium, cancelled → Free", () => {
    const shown = (user: SubscriptionFields) => {
      const state = planStateOf(user, NOW);
      return [state, planBadge(state), planStatusText(state, trialDaysLeft(user, NOW))];
    };
    expect(shown(premium)).toEqual(["premium", "Premium", "Active"]);
    expect(shown(trial(12 * DAY))).toEqual(["trial", "Trial", "Trial · 12 days left"]);
    expect(shown(trial(DAY))).toEqual(["trial", "Trial", "Trial · 1 day left"]);
    expect(shown(trial(-DAY))).toEqual(["trialExpired", "Free Plan", "Free · trial ended"]);
    expect(shown(cancelled)).toEqual(["cancelled", "Free Plan", "Free · Premium cancelled"]);
    expect(shown({ ...cancelled, subscriptionStatus: "free" })).toEqual(["free", "Free Plan", "Free"]);
    // A premium plan whose status is no longer active is not Premium.
    expect(shown({ ...premium, subscriptionStatus: "inactive" })).toEqual(["free", "Free Plan", "Free"]);
  });

  it("says days left in the singular for one day", () => {
    expect(daysLeftText(1)).toBe("1 day left");
    expect(daysLeftText(21)).toBe("21 days left");
    expect(daysLeftText(0)).toBe("0 days left");
  });

  it("labels users in the admin list", () => {
    expect(adminBadge(premium, NOW)).toBe("Premium Active");
    expect(adminBadge(trial(3 * DAY), NOW)).toBe("3 days left");
    // The product's wording 'N days left', verbatim for every N (no singular form).
    expect(adminBadge(trial(DAY), NOW)).toBe("1 days left");
    expect(adminBadge(trial(1), NOW)).toBe("1 days left");
    expect(adminBadge(trial(14 * DAY), NOW)).toBe("14 days left");
    expect(adminBadge(trial(-DAY), NOW)).toBe("Trial Expired");
    expect(adminBadge(cancelled, NOW)).toBe("Cancelled");
    expect(adminBadge({ ...cancelled, subscriptionStatus: "free" }, NOW)).toBe("Free Plan");
  });
});
