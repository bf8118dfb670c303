import { RETENTION_OFFER_TITLES, cancellationMachine } from "@focus/core/cancellation";
import { type User } from "@focus/core/schemas";
import { offerAcceptedToast } from "@focus/core/subscription";
import { useQueryClient } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useState } from "react";
import { fromPromise } from "xstate";
import { toast } from "@/components/ui/use-toast";
import { acceptRetentionOffer, cancelSubscription } from "@/runtime/auth";
import { queryKeys } from "@/lib/queryKeys";
import { useLatest } from "@/lib/useLatest";
import { refreshSubscriptionRequests } from "./requests";

/**
 * The cancellation chart (core's cancellationMachine) with the real calls for the current user:
 * accepting an offer records it (`POST /api/subscription/offer`) and says "Offer accepted" (the
 * team applies it later: `docs/product.md`, Offers and upgrade requests); a cancellation puts the
 * answered user in the cache at once, so the plan notice says it (`PlanNotices`), then reloads it.
 */
export function useCancellationFlow(user: User) {
  const client = useQueryClient();
  const currentUser = useLatest(user);
  const [cancellation] = useState(() =>
    cancellationMachine.provide({
      actors: {
        cancelSubscription: fromPromise(async ({ input }) => {
          const updated = await cancelSubscription(currentUser(), input);
          client.setQueryData(queryKeys.me, updated);
          return updated;
        }),
        acceptOffer: fromPromise(async ({ input }) => {
          const answer = await acceptRetentionOffer(currentUser(), input);
          await refreshSubscriptionRequests(client, answer);
          return answer;
        }),
      },
    }),
  );
  const actorRef = useActorRef(cancellation);
  const snapshot = useSelector(actorRef, (s) => s);
  useEffect(() => {
    const subscriptions = [
      actorRef.on("offerAccepted", ({ offer }) => toast(offerAcceptedToast(RETENTION_OFFER_TITLES[offer]))),
      actorRef.on("cancelled", () => void client.invalidateQueries({ queryKey: queryKeys.me })),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actorRef, client]);
  return { actorRef, snapshot };
}

/** The running flow, as the steps receive it. */
export type CancellationFlow = ReturnType<typeof useCancellationFlow>;
