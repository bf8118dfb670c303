import { subscriptionRequestsSchema, type SubscriptionRequests, type User } from "@focus/core/schemas";
import { useQuery, type QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { queryKeys } from "@/lib/queryKeys";

/**
 * What the user asked for that waits on the team (`docs/product.md`, Offers and upgrade
 * requests): the last upgrade request and the accepted retention offer, `GET /api/subscription`.
 * Not asked for guests, who have neither.
 */
export function useSubscriptionRequests(user: User) {
  return useQuery({
    queryKey: queryKeys.subscriptionRequests,
    enabled: !user.isGuest,
    queryFn: async ({ signal }): Promise<SubscriptionRequests> =>
      subscriptionRequestsSchema.parse(await api.get("/api/subscription", { signal })),
  });
}

/** Shows a new answer of the server (an upgrade request, an accepted offer) on every screen. */
export function refreshSubscriptionRequests(client: QueryClient, answer?: SubscriptionRequests): Promise<void> {
  if (answer) client.setQueryData(queryKeys.subscriptionRequests, answer);
  return client.invalidateQueries({ queryKey: queryKeys.subscriptionRequests });
}
