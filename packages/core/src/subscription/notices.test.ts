import { describe, expect, it } from "vitest";
import { FREE_PLAN } from "./plan";
import { planChangeNotice, planLine, trialNotice } from "./notices";
import { adminCancellationOf, trialDaysLeft, type SubscriptionFields } from "./rules";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const trial = (msLeft: number): SubscriptionFields => ({
  subscriptionPlan: "free",
  subscriptionStatus: "trial",
  trialEndDate: new Date(NOW + msLeft).toISOString(),
});
const premium: SubscriptionFields = { subscriptionPlan: "premium", subscriptionStatus: "active", trialEndDate: null };
const cancelled: SubscriptionFields = { subscriptionPlan: "free", subscriptionStatus: "cancelled", trialEndDate: null };

describe("trialDaysLeft rounding (docs/product.md: rounded up, never below 0)", () => {
  it("reads a fresh 14-day trial as 14 days on the server's clock, and 15 on a clock 5 minutes slow", () => {
    const fresh = trial(14 * DAY - 1000);
    expect(trialDaysLeft(fresh, NOW)).toBe(14);
    // The same trial seen from a device whose clock is 5 minutes behind: why the web app counts on serverNow.
    expect(trialDaysLeft(fresh, NOW - 5 * 60_000)).toBe(15);
    expect(trialDaysLeft(trial(60 * 60_000), NOW)).toBe(1);
    expect(trialDaysLeft(trial(-DAY), NOW)).toBe(0);
  });
});

describe("trialNotice", () => {
  it("says nothing while more than 3 days are left", () => {
    expect(trialNotice(trial(3 * DAY + 1000), NOW)).toBeNull();
    expect(trialNotice(trial(10 * DAY), NOW)).toBeNull();
  });

  it("warns 3 days before the end, naming the days left", () => {
    expect(trialNotice(trial(3 * DAY), NOW)).toMatchObject({ id: "trial-3-days", title: "3 days left in your trial" });
    expect(trialNotice(trial(2 * DAY - 1000), NOW)).toMatchObject({ id: "trial-3-days", title: "2 days left in your trial" });
    expect(trialNotice(trial(3 * DAY), NOW)?.description).toBe(
      `Then you move to Free (${FREE_PLAN.focusSessionsPerDay} focus sessions a day). Choose Premium to keep everything.`,
    );
  });

  it("warns again 1 day before the end", () => {
    expect(trialNotice(trial(DAY), NOW)).toMatchObject({ id: "trial-1-day", title: "1 day left in your trial" });
    expect(trialNotice(trial(60_000), NOW)).toMatchObject({ id: "trial-1-day" });
  });

  it("says the trial has ended once it ran out, and only the latest threshold", () => {
    const notice = trialNotice(trial(-5 * DAY), NOW);
    expect(notice).toMatchObject({ id: "trial-ended", title: "Your trial has ended" });
    expect(notice?.description).toMatch(/^You're on Free now: 2 focus sessions a day, 3 focus tracks, up to 5 blocked websites/);
    expect(trialNotice(trial(0), NOW)?.id).toBe("trial-ended");
  });

  it("has nothing for premium, a cancelled plan, a guest or a trial without an end", () => {
    expect(trialNotice(premium, NOW)).toBeNull();
    expect(trialNotice(cancelled, NOW)).toBeNull();
    expect(trialNotice({ ...trial(DAY), isGuest: true }, NOW)).toBeNull();
    expect(trialNotice({ ...trial(DAY), trialEndDate: null }, NOW)).toBeNull();
  });
});

describe("planChangeNotice", () => {
  it("says Premium is on after an activation, from a trial or from Free", () => {
    expect(planChangeNotice(trial(5 * DAY), premium, NOW)?.title).toBe("Premium is on");
    expect(planChangeNotice(cancelled, premium, NOW)?.title).toBe("Premium is on");
  });

  it("says the subscription was cancelled, with what Free keeps", () => {
    const notice = planChangeNotice(premium, cancelled, NOW);
    expect(notice?.title).toBe("Subscription Cancelled");
    expect(notice?.description).toContain("Your history and settings stay with you.");
  });

  it("says the trial ended when the admin ends it", () => {
    expect(planChangeNotice(trial(5 * DAY), trial(-1000), NOW)?.title).toBe("Your trial has ended");
  });

  it("says nothing when the plan is the same, and nothing for time alone", () => {
    expect(planChangeNotice(premium, premium, NOW)).toBeNull();
    // Fields unchanged: a trial that ran out by itself is the same state at the same instant.
    expect(planChangeNotice(trial(-DAY), trial(-DAY), NOW)).toBeNull();
  });
});

describe("planLine", () => {
  it("reads Premium, the trial's days left, or Free with today's sessions left", () => {
    expect(planLine(premium, NOW, null)).toBe("Premium");
    expect(planLine(trial(8.5 * DAY), NOW, 3)).toBe("Trial · 9 days left");
    expect(planLine(trial(DAY / 2), NOW, null)).toBe("Trial · 1 day left");
    expect(planLine(cancelled, NOW, 1)).toBe("Free · 1 of 2 sessions left today");
    expect(planLine(trial(-DAY), NOW, 0)).toBe("Free · 2 of 2 sessions left today");
    expect(planLine(cancelled, NOW, 5)).toBe("Free · 0 of 2 sessions left today");
  });

  it("has a shorter form for phones with the same facts", () => {
    expect(planLine(cancelled, NOW, 1, "short")).toBe("Free · 1 of 2 left today");
    expect(planLine(trial(8.5 * DAY), NOW, 0, "short")).toBe("Trial · 9 days left");
  });

  it("reads Free while today's sessions load, and nothing for a guest", () => {
    expect(planLine(cancelled, NOW, null)).toBe("Free");
    expect(planLine({ ...trial(DAY), isGuest: true }, NOW, 0)).toBeNull();
  });
});

describe("adminCancellationOf", () => {
  it("ends an active Premium or a running trial, and has nothing to cancel on Free", () => {
    expect(adminCancellationOf(premium, NOW)).toBe("endPremium");
    expect(adminCancellationOf(trial(DAY), NOW)).toBe("endTrial");
    expect(adminCancellationOf(trial(-DAY), NOW)).toBeNull();
    expect(adminCancellationOf(cancelled, NOW)).toBeNull();
  });
});
