import { subscriptionRequestsSchema, type SubscriptionRequests, type User } from "@focus/core";
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

/** The title of the upgrade answer when the server has no payment link. */
export const UPGRADE_REQUESTED_TITLE = "Upgrade requested";

/**
 * What the user reads after an upgrade request without a payment link: the team writes to them
 * (at their email when they gave one), and where to write meanwhile (the server's SUPPORT_EMAIL).
 */
export function upgradeRequestedText(email: string | null, supportEmail: string | null): string {
  const reply = email ? `We'll email you at ${email} with how to pay` : "We'll be in touch with how to pay";
  const contact = supportEmail ? ` Questions? Write to ${supportEmail}.` : "";
  return `${reply}, and an admin activates Premium within 24 hours of payment.${contact}`;
}
