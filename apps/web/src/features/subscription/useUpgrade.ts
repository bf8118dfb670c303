import { type User } from "@focus/core/schemas";
import { UPGRADE_COPY, upgradeRequestedText } from "@focus/core/subscription";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import { toast } from "@/components/ui/use-toast";
import { upgradeSubscription } from "@/runtime/auth";
import { usePublicConfig } from "@/lib/publicConfig";
import { openPaymentWindow, type PaymentWindow } from "./paymentWindow";
import { refreshSubscriptionRequests } from "./requests";

/** The toast and redirect for guests and visitors who try to upgrade. */
export function useRequireLoginToUpgrade() {
  const navigate = useNavigate();
  return () => {
    toast({ title: "Authentication Required", description: "Please log in to upgrade your subscription.", variant: "destructive" });
    void navigate("/auth");
  };
}

/**
 * The subscription page's upgrade: guests get 'Authentication Required' and go to /auth. Others'
 * request is recorded by the server; with a payment link it opens in a new tab (opened inside the
 * click, unless the server said it has no link), without one 'Upgrade requested' says the team
 * will write (`docs/product.md`, Offers and upgrade requests). A failure toasts 'Error' with the
 * auth layer's text: the server's message, else 'Failed to upgrade subscription', or 'An
 * unexpected error occurred while upgrading subscription'.
 */
export function useUpgrade(user: User) {
  const requireLogin = useRequireLoginToUpgrade();
  const client = useQueryClient();
  const { supportEmail, paymentConfigured } = usePublicConfig();
  const mutation = useMutation({ mutationFn: () => upgradeSubscription(user) });

  const upgrade = () => {
    if (user.isGuest) {
      requireLogin();
      return;
    }
    // No blank tab when the server already said there is no payment page to send it to.
    const tab: PaymentWindow | null = paymentConfigured === false ? null : openPaymentWindow();
    mutation.mutate(undefined, {
      onSuccess: ({ paypalUrl }) => {
        void refreshSubscriptionRequests(client);
        if (paypalUrl === null) {
          tab?.close();
          toast({ title: UPGRADE_COPY.requestedTitle, description: upgradeRequestedText(user.email, supportEmail) });
          return;
        }
        try {
          (tab ?? openPaymentWindow()).go(paypalUrl);
          toast(UPGRADE_COPY.paymentOpened);
        } catch {
          toast({ title: "Error", description: "Failed to process subscription upgrade. Please try again.", variant: "destructive" });
        }
      },
      onError: (error) => {
        tab?.close();
        toast({ title: "Error", description: error.message || "Failed to process subscription upgrade. Please try again.", variant: "destructive" });
      },
    });
  };
  return { upgrade, isPending: mutation.isPending };
}
