import { getShortestPaths } from "@xstate/graph";
import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { selectTrialDaysLeft, subscriptionMachine } from "./machine";
import type { SubscriptionFields } from "./rules";

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

  it("reaches every plan state", () => {
    const users = [trialUser, premium, cancelled, { ...cancelled, subscriptionStatus: "free" as const }];
    const paths = getShortestPaths(subscriptionMachine, {
      input: { user: trialUser, now: NOW },
      events: [
        ...users.map((user) => ({ type: "USER_UPDATED" as const, user, now: NOW })),
        { type: "TIME_PASSED" as const, now: NOW + 10 * DAY },
      ],
      serializeState: (s) => JSON.stringify(s.value),
    });
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(["trial", "premium", "cancelled", "free", "trialExpired"]));
  });
});
