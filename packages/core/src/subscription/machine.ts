import { assign, setup } from "xstate";
import { isPremiumActive, isTrialActive, trialDaysLeft, type SubscriptionFields } from "./rules";

interface SubscriptionContext {
  user: SubscriptionFields;
  /** The latest instant seen, epoch ms. */
  now: number;
}

export type SubscriptionEvent =
  /** The server sent a fresh user (after login, refetch, admin activation, cancellation). */
  | { type: "USER_UPDATED"; user: SubscriptionFields; now: number }
  /** Time passed: a trial may have run out. */
  | { type: "TIME_PASSED"; now: number };

/**
 * The plan a user is on (`docs/product.md`, People and plans): `premium` (premium and active),
 * `trial` (status trial, end in the future), `trialExpired`, `cancelled` or `free`. The server owns
 * the data (admin activation, cancellation); this chart classifies it and follows time, so a trial
 * that runs out while the app is open closes the timer at once.
 */
export const subscriptionMachine = setup({
  types: {
    context: {} as SubscriptionContext,
    events: {} as SubscriptionEvent,
    input: {} as SubscriptionContext,
  },
  guards: {
    isPremium: ({ context }) => isPremiumActive(context.user),
    isInTrial: ({ context }) => isTrialActive(context.user, context.now),
    trialRanOut: ({ context }) => context.user.subscriptionStatus === "trial",
    isCancelled: ({ context }) => context.user.subscriptionStatus === "cancelled",
  },
  actions: {
    setUser: assign(({ context, event }) =>
      event.type === "USER_UPDATED" ? { user: event.user, now: Math.max(context.now, event.now) } : {},
    ),
    setNow: assign(({ context, event }) => ({ now: Math.max(context.now, event.now) })),
  },
}).createMachine({
  id: "subscription",
  context: ({ input }) => input,
  initial: "classifying",
  on: {
    USER_UPDATED: { target: ".classifying", actions: "setUser" },
    TIME_PASSED: { target: ".classifying", actions: "setNow" },
  },
  states: {
    classifying: {
      always: [
        { guard: "isPremium", target: "premium" },
        { guard: "isInTrial", target: "trial" },
        { guard: "trialRanOut", target: "trialExpired" },
        { guard: "isCancelled", target: "cancelled" },
        { target: "free" },
      ],
    },
    premium: { tags: ["canUseTimer", "canCancel"] },
    trial: { tags: ["canUseTimer", "canUpgrade"] },
    trialExpired: { tags: ["canUpgrade"] },
    cancelled: { tags: ["canUpgrade"] },
    free: { tags: ["canUpgrade"] },
  },
});

/** Days left of the trial, rounded up, minimum 0 (`docs/product.md`). */
export function selectTrialDaysLeft(snapshot: { context: SubscriptionContext }): number {
  return trialDaysLeft(snapshot.context.user, snapshot.context.now);
}
