import { selectTrialDaysLeft, subscriptionMachine, type PlanState, type User } from "@focus/core";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useState } from "react";

/** How often the plan is re-checked against the clock, so a trial that runs out shows it. */
const CLOCK_MS = 60_000;

/**
 * Binds the subscription chart (`docs/product.md`, People and plans) to the current user: which
 * plan state they are in, whether they may upgrade or cancel, and the trial's days left (core's
 * `trialDaysLeft`, the one rule every screen shows).
 */
export function useSubscription(user: User) {
  // The input is read once, when the actor is created; later times arrive as events.
  const [input] = useState(() => ({ user, now: Date.now() }));
  const actorRef = useActorRef(subscriptionMachine, { input });
  useEffect(() => {
    actorRef.send({ type: "USER_UPDATED", user, now: Date.now() });
  }, [actorRef, user]);
  useEffect(() => {
    const id = window.setInterval(() => actorRef.send({ type: "TIME_PASSED", now: Date.now() }), CLOCK_MS);
    return () => window.clearInterval(id);
  }, [actorRef]);
  // The chart only passes through `classifying` (eventless), so a settled snapshot is a PlanState.
  const state = useSelector(actorRef, (snapshot) => snapshot.value as PlanState);
  const canUpgrade = useSelector(actorRef, (snapshot) => snapshot.hasTag("canUpgrade"));
  const canCancel = useSelector(actorRef, (snapshot) => snapshot.hasTag("canCancel"));
  const daysLeft = useSelector(actorRef, selectTrialDaysLeft);
  return { state, canUpgrade, canCancel, daysLeft };
}
