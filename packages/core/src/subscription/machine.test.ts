import { getShortestPaths, getSimplePaths } from "@xstate/graph";
import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { selectTrialDaysLeft, subscriptionMachine, type SubscriptionEvent } from "./machine";
import { planStateOf, trialDaysLeft, type SubscriptionFields } from "./rules";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const DAY = 86_400_000;
const trialUser: SubscriptionFields = { subscriptionPlan: "free", subscriptionStatus: "trial", trialEndDate: new Date(NOW + 2.5 * DAY).toISOString() };
const premium: SubscriptionFields = { subscriptionPlan: "premium", subscriptionStatus: "active", trialEndDate: null };
const cancelled: SubscriptionFields = { subscriptionPlan: "free", subscriptionStatus: "cancelled", trialEndDate: null };

describe("subscription chart", () => {
  it("classifies a new registration as a trial with days left rounded up", () => {
    const actor = createActor(subscriptionMachine, { input: { user: trialUser, now: NOW } }).start();
    expect(actor.getSnapshot().value).toBe("trial");
    expect(actor.getSnapshot().hasTag("canUseTimer")).toBe(true);
    expect(selectTrialDaysLeft(actor.getSnapshot())).toBe(3);
  });

  it("expires the trial when its end passes while the app is open", () => {
    const actor = createActor(subscriptionMachine, { input: { user: trialUser, now: NOW } }).start();
    actor.send({ type: "TIME_PASSED", now: NOW + 3 * DAY });
    expect(actor.getSnapshot().value).toBe("trialExpired");
    expect(actor.getSnapshot().hasTag("canUseTimer")).toBe(false);
    expect(selectTrialDaysLeft(actor.getSnapshot())).toBe(0);
  });

  it("follows the server: admin activation makes premium, cancellation makes cancelled", () => {
    const actor = createActor(subscriptionMachine, { input: { user: trialUser, now: NOW } }).start();
    actor.send({ type: "USER_UPDATED", user: premium, now: NOW });
    expect(actor.getSnapshot().value).toBe("premium");
    expect(actor.getSnapshot().hasTag("canCancel")).toBe(true);
    actor.send({ type: "USER_UPDATED", user: cancelled, now: NOW });
    expect(actor.getSnapshot().value).toBe("cancelled");
    expect(actor.getSnapshot().hasTag("canUseTimer")).toBe(false);
  });

});

/**
 * The plan a user should see, straight from `docs/product.md` (not from the chart): premium and
 * active is Premium; a trial whose end is still ahead is a trial; a trial past its end has expired;
 * cancelled is cancelled; anything else is free.
 */
function specPlan(user: SubscriptionFields, now: number): string {
  if (user.subscriptionPlan === "premium" && user.subscriptionStatus === "active") return "premium";
  if (user.subscriptionStatus === "trial") return user.trialEndDate && Date.parse(user.trialEndDate) > now ? "trial" : "trialExpired";
  if (user.subscriptionStatus === "cancelled") return "cancelled";
  return "free";
}

describe("subscription chart paths", () => {
  const freeUser: SubscriptionFields = { ...cancelled, subscriptionStatus: "free" };
  const expiredUser: SubscriptionFields = { ...trialUser, trialEndDate: new Date(NOW - DAY).toISOString() };
  const cancelledPremium: SubscriptionFields = { ...premium, subscriptionStatus: "cancelled" };
  const users = [trialUser, expiredUser, premium, cancelled, cancelledPremium, freeUser];
  const events: SubscriptionEvent[] = [
    ...users.map((user) => ({ type: "USER_UPDATED" as const, user, now: NOW })),
    { type: "TIME_PASSED", now: NOW + DAY },
    { type: "TIME_PASSED", now: NOW + 10 * DAY },
  ];
  const paths = getSimplePaths(subscriptionMachine, {
    input: { user: trialUser, now: NOW },
    events,
    serializeState: (s) => JSON.stringify(s.value),
  });

  it("reaches every plan state", () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(["trial", "premium", "cancelled", "free", "trialExpired"]));
  });

  /** Replays `sequence` on a real actor, checking after every event what the user is shown. */
  function replay(sequence: readonly { type: string }[]) {
    const actor = createActor(subscriptionMachine, { input: { user: trialUser, now: NOW } }).start();
    let user = trialUser;
    let now = NOW;
    for (const event of sequence) {
      if (event.type === "USER_UPDATED" || event.type === "TIME_PASSED") {
        const sent = event as SubscriptionEvent;
        actor.send(sent);
        if (sent.type === "USER_UPDATED") user = sent.user;
        // Time never runs backwards: an older instant does not revive a trial.
        now = Math.max(now, sent.now);
      }
      const snapshot = actor.getSnapshot();
      const plan = specPlan(user, now);
      expect(snapshot.value).toBe(plan);
      // Only Premium and a running trial start the timer; only Premium can be cancelled.
      expect(snapshot.hasTag("canUseTimer")).toBe(plan === "premium" || plan === "trial");
      expect(snapshot.hasTag("canCancel")).toBe(plan === "premium");
      expect(snapshot.hasTag("canUpgrade")).toBe(plan !== "premium");
      expect(selectTrialDaysLeft(snapshot)).toBe(trialDaysLeft(user, now));
      // The screens' own classification (planStateOf) agrees with the chart.
      expect(planStateOf(user, now)).toBe(plan);
    }
    const final = actor.getSnapshot();
    actor.stop();
    return final;
  }

  it("replays every simple path on a real actor and shows the plan the product rules give the latest user at the latest time", () => {
    expect(paths.length).toBeGreaterThan(50);
    for (const path of paths) {
      expect(replay(path.steps.map((step) => step.event)).value).toBe(path.state.value);
    }
  });

  it("answers every event in every reachable user-and-time situation as the product rules say", () => {
    const situations = getShortestPaths(subscriptionMachine, {
      input: { user: trialUser, now: NOW },
      events,
      serializeState: (s) => JSON.stringify([s.value, s.context]),
    });
    // 6 users × 3 instants.
    expect(situations).toHaveLength(18);
    for (const situation of situations) {
      const prefix = situation.steps.map((step) => step.event);
      for (const event of events) replay([...prefix, event]);
    }
  });
});
