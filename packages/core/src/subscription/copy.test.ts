import { describe, expect, it } from "vitest";
import { AUDIO_TRACK_TOTAL } from "../audio/catalogue";
import {
  FREE_FEATURES,
  PLAN_PRICES,
  PREMIUM_EXTRAS,
  PREMIUM_FEATURES,
  PREMIUM_HISTORY_FEATURE,
  STATS_COPY,
  SYNC_FEATURE,
  guestLimitMessage,
  guestSignupPoints,
  newAccountTrialText,
  premiumWorth,
  subscriptionCardCopy,
  trialPhrase,
} from "./copy";
import { FREE_PLAN } from "./plan";

describe("the plan wording table", () => {
  it("states Free's limits from the plan rules, sync included", () => {
    expect(FREE_FEATURES).toEqual([
      `${FREE_PLAN.focusSessionsPerDay} focus sessions a day`,
      "3 focus tracks",
      "Up to 5 blocked websites",
      "Statistics of the last 7 days",
      SYNC_FEATURE,
    ]);
  });

  it("gives every plan the timer in sync, and never lists it among what Premium adds", () => {
    expect(PREMIUM_FEATURES).toContain(SYNC_FEATURE);
    expect(PREMIUM_EXTRAS).not.toContain(SYNC_FEATURE);
    expect(PREMIUM_EXTRAS).toContain(`All 4 moods, ${AUDIO_TRACK_TOTAL} tracks`);
  });

  it("states Premium's history once, the same in the plan list and the Statistics banner", () => {
    expect(PREMIUM_FEATURES.filter((feature) => /history|analytics/i.test(feature))).toEqual([PREMIUM_HISTORY_FEATURE]);
    expect(STATS_COPY.premiumHistory).toBe(`for ${PREMIUM_HISTORY_FEATURE.toLowerCase()}.`);
    expect(STATS_COPY.rangeLabel).toBe("Last 7 days");
  });

  it("prices Premium at $4.99 and three months of it at $14.97", () => {
    expect(PLAN_PRICES).toEqual({ free: "$0", premium: "$4.99" });
    expect(premiumWorth(3)).toBe("$14.97");
  });

  it("names the server's trial length, or no number while it is unknown", () => {
    expect(trialPhrase(21)).toBe("21-day free trial");
    expect(trialPhrase(null)).toBe("free trial");
    expect(newAccountTrialText(14)).toBe("Every new account starts with a 14-day free trial of everything in Premium. No credit card required.");
  });

  it("never promises guests unlimited sessions", () => {
    for (const text of [guestLimitMessage(14), guestLimitMessage(null), ...guestSignupPoints(14)]) expect(text).not.toMatch(/unlimited/i);
    expect(guestLimitMessage(14)).toBe("Guests get 1 focus session a day. A free account gets 2 a day, and starts with a 14-day free trial of everything.");
  });

  it("offers no trial on /subscription, whatever the plan", () => {
    for (const state of ["premium", "trial", "trialExpired", "cancelled", "free"] as const) {
      const { taglines, badges } = subscriptionCardCopy(state);
      expect(JSON.stringify({ taglines, badges })).not.toMatch(/free trial/i);
    }
  });
});
