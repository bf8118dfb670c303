import type { User } from "@focus/core";
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import { toast } from "@/components/ui/use-toast";
import { upgradeSubscription } from "@/lib/auth";
import { openPaymentWindow } from "./paymentWindow";

/** The toast and redirect for guests and visitors who try to upgrade. */
export function useRequireLoginToUpgrade() {
  const navigate = useNavigate();
  return () => {
    toast({ title: "Authentication Required", description: "Please log in to upgrade your subscription.", variant: "destructive" });
    void navigate("/auth");
  };
}

/**
 * The subscription page's upgrade: guests get 'Authentication Required' and go to /auth; others get
 * the payment link in a new tab, opened inside the click. A failure toasts 'Error' with the auth
 * layer's text: the server's message, else 'Failed to upgrade subscription', or 'An unexpected
 * error occurred while upgrading subscription'.
 */
export function useUpgrade(user: User) {
  const requireLogin = useRequireLoginToUpgrade();
  const mutation = useMutation({ mutationFn: () => upgradeSubscription(user) });

  const upgrade = () => {
    if (user.isGuest) {
      requireLogin();
      return;
    }
    const tab = openPaymentWindow();
    mutation.mutate(undefined, {
      onSuccess: ({ paypalUrl }) => {
        try {
          tab.go(paypalUrl);
          toast({
            title: "Complete your payment",
            description: "The payment page opened in a new tab. An admin activates Premium within 24 hours of payment.",
          });
        } catch {
          toast({ title: "Error", description: "Failed to process subscription upgrade. Please try again.", variant: "destructive" });
        }
      },
      onError: (error) => {
        tab.close();
        toast({ title: "Error", description: error.message || "Failed to process subscription upgrade. Please try again.", variant: "destructive" });
      },
    });
  };
  return { upgrade, isPending: mutation.isPending };
}
