/**
 * Plan copy. The product states the features twice and the trial length twice; both versions are
 * kept verbatim where they are shown: registration and the plan picker show the 7-day copy, the
 * premium pricing (and the guest promo) the 14-day copy.
 */

import { AUDIO_TRACK_TOTAL } from "@focus/core";

export const PREMIUM_PRICE = "$4.99";
export const FREE_PRICE = "$0";

/** Premium features, as in the plan picker and the pricing. */
export const PREMIUM_FEATURES = [
  "Unlimited sessions",
  `All 4 categories with ${AUDIO_TRACK_TOTAL} tracks`,
  "Unlimited blocking",
  "30-day analytics",
  "Multi-device sync",
  "Priority support",
] as const;

/** Free features as the plan picker states them. */
export const FREE_FEATURES_PICKER = ["2 focus sessions per day", "3 audio tracks", "5 blocked sites"] as const;

/** Free features as the landing pricing states them. */
export const FREE_FEATURES_PRICING = [
  "Basic timer",
  "Only Deep Work and Light Work audio",
  "Up to 5 blocked websites",
  "7-day history",
] as const;

/** The registration copy's trial (7 days, no card required). */
export const REGISTRATION_TRIAL_COPY = "7-day free trial, no card required.";

/** The free plan's trial copy (registration and free-plan copy: 7 days). */
export const FREE_TRIAL_COPY = "Includes a 7-day free trial. No credit card required.";

/** The premium pricing's trial copy (14 days). */
export const PREMIUM_TRIAL_COPY = "14-day free trial. Cancel anytime.";

/** How Premium is paid and switched on (`docs/product.md`). */
export const ACTIVATION_COPY = "Premium is paid manually through our payment provider's link and activated by an admin within 24 hours of payment.";
