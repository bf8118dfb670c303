import { AUDIO_MOODS, AUDIO_TRACK_TOTAL } from "../audio/catalogue";
import { FREE_PLAN, type AudioListener } from "./plan";
import { daysLeftText, type PlanState } from "./rules";

/**
 * The one table of plan wording (`docs/product.md`, People and plans: One table of plan wording).
 * Every plan fact a screen states (names, prices, what each plan includes, the Free limits, the
 * trial's length, the guest's limit, the refusals, the notices) is read from here, and every
 * number in it comes from the plan rules (FREE_PLAN, the audio catalogue) or, for the trial's
 * length, from the server (`trialDays`, TRIAL_DAYS served by `GET /api/config`; null while it is
 * not known, and then no number is named).
 */

/** The plans' names, as every screen writes them. */
export const PLAN_NAMES = { free: "Free", trial: "Trial", premium: "Premium" } as const;

/** Premium's monthly price in cents (paid through a payment request, `docs/product.md`). */
const PREMIUM_PRICE_CENTS = 499;

/** An amount of cents as a price: 499 → "$4.99", 0 → "$0". */
function formatPrice(cents: number): string {
  return cents === 0 ? "$0" : `$${(cents / 100).toFixed(2)}`;
}

/** Monthly prices as shown, and the period written after them. */
export const PLAN_PRICES = { free: formatPrice(0), premium: formatPrice(PREMIUM_PRICE_CENTS) } as const;
export const PRICE_PERIOD = "/month";

/** What `months` of Premium are worth: 3 → "$14.97" (the interview promotion). */
export function premiumWorth(months: number): string {
  return formatPrice(PREMIUM_PRICE_CENTS * months);
}

/** What every plan has, Free included: the timer in sync, since a correct record is not a paid feature. */
export const SYNC_FEATURE = "Your timer in sync on all your devices";

/** Free's statistics and Premium's, each stated once. */
const FREE_HISTORY_FEATURE = `Statistics of the last ${FREE_PLAN.historyDays} days`;
export const PREMIUM_HISTORY_FEATURE = "Statistics of your whole history";

/** What Free includes, as every list of it reads. */
export const FREE_FEATURES: readonly string[] = [
  `${FREE_PLAN.focusSessionsPerDay} focus sessions a day`,
  `${FREE_PLAN.tracks.length} focus tracks`,
  `Up to ${FREE_PLAN.blockedSites} blocked websites`,
  FREE_HISTORY_FEATURE,
  SYNC_FEATURE,
];

/** What Premium adds over Free: what a cancellation loses. */
export const PREMIUM_EXTRAS: readonly string[] = [
  "Unlimited focus sessions",
  `All ${AUDIO_MOODS.length} moods, ${AUDIO_TRACK_TOTAL} tracks`,
  "Unlimited website blocking",
  PREMIUM_HISTORY_FEATURE,
  "Priority support",
];

/** What Premium includes, as every list of it reads. */
export const PREMIUM_FEATURES: readonly string[] = [...PREMIUM_EXTRAS, SYNC_FEATURE];

/** Free in one line, for notices: "2 focus sessions a day, 3 focus tracks, …". */
const FREE_SUMMARY = `${FREE_FEATURES.slice(0, 4).join(", ").toLowerCase()}`;

/** The trial as a phrase: "14-day free trial", or "free trial" while the length is not known. */
export function trialPhrase(trialDays: number | null): string {
  return trialDays ? `${trialDays}-day free trial` : "free trial";
}

/** `text` with its first letter in capitals. */
function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `trialPhrase` at the start of a sentence: "14-day free trial", "Free trial". */
function trialPhraseCapitalised(trialDays: number | null): string {
  return capitalised(trialPhrase(trialDays));
}

/** What a new account gets, said once wherever plans are shown to visitors. */
export function newAccountTrialText(trialDays: number | null): string {
  return `Every new account starts with a ${trialPhrase(trialDays)} of everything in Premium. No credit card required.`;
}

/** The registration screens' trial (the Register tab and the panel beside it). */
export const REGISTRATION_COPY = {
  tab: (trialDays: number | null) => `Start your ${trialPhrase(trialDays)} in about 30 seconds. No card required.`,
  panel: (trialDays: number | null) => `${trialPhraseCapitalised(trialDays)}, no card required.`,
} as const;

/** The landing page's pricing (visitors: the trial is named once, under the cards). */
export const PRICING_COPY = {
  title: "Simple pricing",
  intro: "Start for free. Upgrade when focus becomes a habit.",
  taglines: { free: "Free for as long as you like.", premium: "For people who focus every day." },
  actions: { free: "Get Started Free", premium: "Start Free Trial" },
  recommended: "Recommended",
} as const;

/**
 * What "Choose Premium" and "Upgrade to Premium" do, said before the click: they send a payment
 * request. `paymentConfigured` is whether the server has a payment page (null: not known yet).
 */
export function paymentRequestNote(paymentConfigured: boolean | null): string {
  const how =
    paymentConfigured === true
      ? "the payment page opens in a new tab"
      : paymentConfigured === false
        ? "we email you how to pay"
        : "we show you how to pay";
  return `This sends a payment request: ${how}. An admin switches Premium on within 24 hours of payment.`;
}

/**
 * The plan picker after registration (`docs/product.md`, People and plans): the trial is already
 * running, continuing activates nothing, and Premium is a payment request.
 */
export const PLAN_PICKER_COPY = {
  title: (trialDays: number | null) => `Your ${trialPhrase(trialDays)} has started`,
  /** Under the title; `until` is the trial's end as the user reads it ("Dec 10, 2026"), null when unknown. */
  intro: (until: string | null) =>
    `Everything in Premium is yours${until ? ` until ${until}` : " during your trial"}. After that you move to Free, unless you choose Premium.`,
  taglines: { free: "What you keep after your trial, free for as long as you like.", premium: "Keep everything after your trial." },
  badges: { free: "After your trial", premium: "Recommended" },
  actions: { continue: "Continue with my trial", premium: "Choose Premium" },
  /** Under "Continue with my trial". */
  continueNote: "Nothing to pay now. You can choose Premium any time from Settings.",
  /** The toast when the user continues: nothing was activated, the trial simply runs. */
  continued: (daysLeft: number) => ({ title: "Enjoy your trial", description: `${daysLeftText(daysLeft)} of everything in Premium.` }),
} as const;

/** The plan cards of /subscription, for the user's plan state: never a trial offer. */
export function subscriptionCardCopy(state: PlanState): {
  taglines: { free: string; premium: string };
  badges: { free?: string; premium?: string };
} {
  if (state === "premium") {
    return {
      taglines: { free: PRICING_COPY.taglines.free, premium: "Your plan. Thank you for supporting us!" },
      badges: { premium: "Current plan" },
    };
  }
  if (state === "trial") {
    return { taglines: PLAN_PICKER_COPY.taglines, badges: { free: "After your trial", premium: "In your trial now" } };
  }
  return {
    taglines: { free: "Your plan, free for as long as you like.", premium: PRICING_COPY.taglines.premium },
    badges: { free: "Current plan", premium: "Recommended" },
  };
}

/** The plan actions, the same on every screen. */
export const PLAN_ACTIONS = {
  upgrade: "Upgrade to Premium",
  viewPlan: "View plan details",
  cancel: "Cancel subscription",
  onPremium: "You are on Premium. Thank you!",
} as const;

/**
 * The payment information of /subscription: how Premium is paid and switched on. `username` is
 * who to name in the payment note (null for a guest); `paymentConfigured` as in paymentRequestNote.
 */
export function paymentInfo(username: string | null, paymentConfigured: boolean | null): string[] {
  return [
    `Premium costs ${PLAN_PRICES.premium} per month.`,
    paymentConfigured === false
      ? "When you upgrade, we record your request and email you how to pay."
      : "You pay manually through our payment provider's link, which opens in a new tab when you upgrade.",
    `Add your username (${username ?? "after you sign up"}) to the payment note so we can find your account.`,
    "An admin activates Premium within 24 hours of payment. This page shows your new plan as soon as it is on.",
  ];
}

/** The upgrade's answers (`docs/product.md`, Offers and upgrade requests). */
export const UPGRADE_COPY = {
  requestedTitle: "Upgrade requested",
  paymentOpened: {
    title: "Complete your payment",
    description: "The payment page opened in a new tab. An admin activates Premium within 24 hours of payment.",
  },
  /** Under a waiting request when there is a payment page. */
  waiting: "An admin activates Premium within 24 hours of payment.",
} as const;

/**
 * What the user reads after an upgrade request without a payment link: the team writes to them
 * (at their email when they gave one), and where to write meanwhile (the server's SUPPORT_EMAIL).
 */
export function upgradeRequestedText(email: string | null, supportEmail: string | null): string {
  const reply = email ? `We'll email you at ${email} with how to pay` : "We'll be in touch with how to pay";
  const contact = supportEmail ? ` Questions? Write to ${supportEmail}.` : "";
  return `${reply}, and an admin activates Premium within 24 hours of payment.${contact}`;
}

/** The accepted retention offer: recorded now, applied by the team later (`docs/product.md`). */
export function offerAcceptedToast(offerTitle: string): { title: string; description: string } {
  return { title: "Offer accepted", description: `${offerTitle} is recorded. Our team applies it to your account and tells you here when it's done.` };
}

/** The guest's plan: what they have without an account (`docs/product.md`, People and plans). */
export const GUEST_INCLUDES = "One focus session a day and Deep Work audio, no account needed. The guest session stays in this browser.";

/** What the guest's limit says, naming the trial's length when known (never "unlimited"). */
export function guestLimitMessage(trialDays: number | null): string {
  const trial = trialDays ? `a ${trialDays}-day free trial` : "a free trial";
  return `Guests get 1 focus session a day. A free account gets ${FREE_PLAN.focusSessionsPerDay} a day, and starts with ${trial} of everything.`;
}

/** The guest's limit toast (a second focus session start), for screens that cannot wait for the trial's length. */
export const GUEST_LIMIT_TOAST = { title: "Session Limit Reached", description: guestLimitMessage(null) } as const;

/** The points of the guests' sign-up prompts. */
export function guestSignupPoints(trialDays: number | null): string[] {
  return [`${trialPhraseCapitalised(trialDays)} of everything`, `Then ${FREE_PLAN.focusSessionsPerDay} focus sessions a day, free`, "No credit card required"];
}

/** The Statistics screen on Free: the banner and the card that replaces "This month" and "All time". */
export const STATS_COPY = {
  freeNote: `The Free plan shows ${FREE_HISTORY_FEATURE.toLowerCase()}.`,
  /** After the "Upgrade to Premium" link: "for statistics of your whole history." */
  premiumHistory: `for ${PREMIUM_HISTORY_FEATURE.toLowerCase()}.`,
  rangeLabel: `Last ${FREE_PLAN.historyDays} days`,
} as const;

/**
 * The Website Shield's line under the list: how many websites the plan keeps on it (`count`
 * listed now). In allow-list `mode` the list holds the sites that open, so it says so.
 */
export function blocklistAllowance(state: PlanState, count: number, mode: "blocklist" | "allowlist" = "blocklist"): string {
  if (mode === "allowlist") {
    if (state === "premium") return "Premium: as many websites on your allow list as you like.";
    if (state === "trial") return `Your trial keeps as many websites on your allow list as you like. On Free, up to ${FREE_PLAN.blockedSites}.`;
    return `Free plan: ${Math.min(count, FREE_PLAN.blockedSites)} of ${FREE_PLAN.blockedSites} websites on your allow list.`;
  }
  if (state === "premium") return "Premium: unlimited website blocking.";
  if (state === "trial") return `Your trial blocks as many websites as you like. On Free, up to ${FREE_PLAN.blockedSites}.`;
  return `Free plan: ${Math.min(count, FREE_PLAN.blockedSites)} of ${FREE_PLAN.blockedSites} blocked websites.`;
}

/** What a refused website over the Free plan's blocklist size says. */
export const FREE_BLOCKED_SITES_MESSAGE = `The Free plan blocks up to ${FREE_PLAN.blockedSites} websites. Upgrade to Premium for unlimited blocking.`;

/** What a refused Shield schedule past the Free plan's one says (`docs/product.md`, Schedules). */
export const FREE_SCHEDULES_MESSAGE = `The Free plan keeps ${FREE_PLAN.shieldSchedules} Shield schedule. Upgrade to Premium for more, or change the one you have.`;

/** What a refused focus session over the Free plan's daily limit says. */
export const FREE_DAILY_LIMIT_MESSAGE = `The Free plan includes ${FREE_PLAN.focusSessionsPerDay} focus sessions a day. Upgrade to Premium for unlimited sessions.`;

/** What a refused track says: the Free plan's tracks by name, and how to get the rest. */
export const FREE_TRACKS_MESSAGE = `The Free plan includes ${FREE_PLAN.tracks.length} tracks: Steady Beta, Deep Current and Morning Desk. Upgrade to Premium for the whole library.`;

/** What a track refused to a guest or visitor says: their two tracks by name, and how to get the rest. */
export const GUEST_TRACKS_MESSAGE = "Without an account you can play Steady Beta and Deep Current. Create a free account to try the whole library.";

/**
 * Why some tracks are locked for `listener` and how to unlock them (the note above a track list,
 * the stream route's 403); null when nothing is locked (trial, premium).
 */
export function lockedTracksMessage(listener: AudioListener): string | null {
  if (listener === "guest") return GUEST_TRACKS_MESSAGE;
  if (listener === "free") return FREE_TRACKS_MESSAGE;
  return null;
}

/** A notice: a title and a line of plain words. */
export interface PlanNoticeText {
  title: string;
  description: string;
}

const ON_FREE = `You're on Free now: ${FREE_SUMMARY}. Your history and settings stay with you.`;

/** What a plan change says, by the plan the user is on after it (`docs/product.md`, Plan notices). */
export const PLAN_CHANGE_COPY: Record<PlanState, PlanNoticeText> = {
  premium: { title: "Premium is on", description: "Thank you! Everything in Premium is yours now, with no daily limit." },
  trial: { title: "Your trial is on", description: "Everything in Premium is yours until your trial ends." },
  trialExpired: { title: "Your trial has ended", description: ON_FREE },
  cancelled: { title: "Subscription Cancelled", description: ON_FREE },
  free: { title: "You're on Free now", description: ON_FREE },
};

/** The trial's notices before and at its end (`docs/product.md`, Plan notices). */
export const TRIAL_NOTICE_COPY = {
  ending: (daysLeft: number): PlanNoticeText => ({
    title: `${daysLeftText(daysLeft)} in your trial`,
    description: `Then you move to Free (${FREE_PLAN.focusSessionsPerDay} focus sessions a day). Choose Premium to keep everything.`,
  }),
  ended: PLAN_CHANGE_COPY.trialExpired,
} as const;

/** The admin's cancel actions and why a user has none (`docs/product.md`, People and plans). */
export const ADMIN_CANCEL_COPY = {
  premium: {
    action: "Cancel subscription",
    title: (name: string) => `Cancel ${name}'s subscription?`,
    effect: (name: string) => `${name} moves to the Free plan right away and loses Premium. You can activate Premium again later.`,
    keep: "Keep subscription",
  },
  trial: {
    action: "End trial",
    title: (name: string) => `End ${name}'s trial?`,
    effect: (name: string) => `${name}'s trial ends right away and they move to the Free plan. You can activate Premium later.`,
    keep: "Keep trial",
  },
  none: "On Free: nothing to cancel",
} as const;

/** The admin list's line of a user's last cancellation. */
export const CANCELLATION_FEEDBACK_COPY = {
  label: "Cancelled because",
  noFeedback: "No feedback written.",
} as const;
