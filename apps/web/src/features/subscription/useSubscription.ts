import { type User } from "@focus/core/schemas";
import { subscriptionMachine, trialDaysLeft, type PlanState } from "@focus/core/subscription";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useState } from "react";
import { serverNow } from "@/runtime/serverClock";
import { usePlanNow } from "@/runtime/usePlanNow";

/**
 * Binds the subscription chart (`docs/product.md`, People and plans) to the current user: which
 * plan state they are in, whether they may upgrade or cancel, and the trial's days left (core's
 * `trialDaysLeft`, the one rule every screen shows). Time is the server's clock (`serverNow`), so
 * a device whose clock is off never shows more days than the trial has.
 */
export function useSubscription(user: User) {
  const now = usePlanNow(user);
  // The input is read once, when the actor is created; later times arrive as events.
  const [input] = useState(() => ({ user, now: serverNow() }));
  const actorRef = useActorRef(subscriptionMachine, { input });
  useEffect(() => {
    actorRef.send({ type: "USER_UPDATED", user, now: serverNow() });
  }, [actorRef, user]);
  useEffect(() => {
    actorRef.send({ type: "TIME_PASSED", now });
  }, [actorRef, now]);
  // The chart only passes through `classifying` (eventless), so a settled snapshot is a PlanState.
  const state = useSelector(actorRef, (snapshot) => snapshot.value as PlanState);
  const canUpgrade = useSelector(actorRef, (snapshot) => snapshot.hasTag("canUpgrade"));
  const canCancel = useSelector(actorRef, (snapshot) => snapshot.hasTag("canCancel"));
  // From the clock as it is now, also when a better clock sample moved it back.
  const daysLeft = trialDaysLeft(user, now);
  return { state, canUpgrade, canCancel, daysLeft };
}
