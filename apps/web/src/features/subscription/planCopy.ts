/**
 * Plan copy. The product states the features twice; both versions are kept verbatim where they
 * are shown. The trial has one length, the server's TRIAL_DAYS (`GET /api/config`), which every
 * sentence naming it takes as `trialDays` (null while unknown: "free trial" without a number).
 */

import { AUDIO_TRACK_TOTAL } from "@focus/core";
import { trialPhrase, trialPhraseCapitalised } from "@/lib/publicConfig";

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

/** The registration copy's trial: "21-day free trial, no card required." */
export function registrationTrialCopy(trialDays: number | null): string {
  return `${trialPhraseCapitalised(trialDays)}, no card required.`;
}

/** The free plan's trial copy: "Includes a 21-day free trial. No credit card required." */
export function freeTrialCopy(trialDays: number | null): string {
  return `Includes a ${trialPhrase(trialDays)}. No credit card required.`;
}

/** The premium pricing's trial copy: "21-day free trial. Cancel anytime." */
export function premiumTrialCopy(trialDays: number | null): string {
  return `${trialPhraseCapitalised(trialDays)}. Cancel anytime.`;
}

/** How Premium is paid and switched on (`docs/product.md`). */
export const ACTIVATION_COPY = "Premium is paid manually through our payment provider's link and activated by an admin within 24 hours of payment.";
