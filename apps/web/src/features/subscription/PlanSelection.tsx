import { planSelectionMachine, UPGRADE_FAILED_FALLBACK, type User } from "@focus/core";
import { useQueryClient } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import { LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { fromPromise } from "xstate";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { AccountActionError, upgradeSubscription } from "@/lib/auth";
import { usePublicConfig } from "@/lib/publicConfig";
import { useLatest } from "@/lib/useLatest";
import { useScrollToTop } from "@/lib/useScrollToTop";
import { PlanCard } from "./PlanCard";
import { openPaymentWindow, type PaymentWindow } from "./paymentWindow";
import {
  ACTIVATION_COPY,
  FREE_FEATURES_PICKER,
  FREE_PRICE,
  freeTrialCopy,
  PREMIUM_FEATURES,
  PREMIUM_PRICE,
  premiumTrialCopy,
} from "./planCopy";
import { refreshSubscriptionRequests, UPGRADE_REQUESTED_TITLE, upgradeRequestedText } from "./requests";

/**
 * The plan-selection step after registration, driven by the core plan-selection chart. Free: a
 * trial-activated toast, then `onComplete` after 1000 ms. Premium: the upgrade call, the payment
 * link in a new tab (or, when the server has none, 'Upgrade requested': the team writes), then
 * `onComplete`; on failure a toast and the user stays on the choice. The trial copy names the
 * server's trial length.
 */
export function PlanSelection({ user, onComplete }: { user: User; onComplete: () => void }) {
  useScrollToTop();
  const paymentTab = useRef<PaymentWindow | null>(null);
  const getOnComplete = useLatest(onComplete);
  const currentUser = useLatest(user);
  const client = useQueryClient();
  const config = usePublicConfig();
  const currentConfig = useLatest(config);

  const [{ machine, lastFailure }] = useState(() => {
    // How the last upgrade failed: refused by the server, not answered, or not allowed (a guest).
    let failure: AccountActionError["kind"] = "server";
    const machine = planSelectionMachine.provide({
      actors: {
        upgrade: fromPromise(async (): Promise<{ paypalUrl: string | null }> => {
          try {
            return await upgradeSubscription(currentUser());
          } catch (error) {
            failure = error instanceof AccountActionError ? error.kind : "unexpected";
            throw error;
          }
        }),
      },
    });
    return { machine, lastFailure: () => failure };
  });
  const actorRef = useActorRef(machine);
  const state = useSelector(actorRef, (snapshot) => snapshot.value);

  useEffect(() => {
    const subscriptions = [
      actorRef.on("trialActivated", () => {
        toast({ title: "Free trial activated", description: "Enjoy your free trial. You can upgrade to Premium anytime." });
      }),
      actorRef.on("openPayment", ({ paypalUrl }) => {
        void refreshSubscriptionRequests(client);
        try {
          (paymentTab.current ?? openPaymentWindow()).go(paypalUrl);
          toast({
            title: "Complete your payment",
            description: "The payment page opened in a new tab. An admin activates Premium within 24 hours of payment.",
          });
        } catch {
          toast({ title: "Upgrade Failed", description: "There was an error processing your upgrade. Please try again.", variant: "destructive" });
        }
      }),
      actorRef.on("upgradeRequested", () => {
        paymentTab.current?.close();
        paymentTab.current = null;
        void refreshSubscriptionRequests(client);
        toast({ title: UPGRADE_REQUESTED_TITLE, description: upgradeRequestedText(currentUser().email, currentConfig().supportEmail) });
      }),
      actorRef.on("upgradeFailed", ({ message }) => {
        paymentTab.current?.close();
        paymentTab.current = null;
        const failure = lastFailure();
        toast(
          failure === "loginRequired"
            ? { title: "Authentication Required", description: message, variant: "destructive" }
            : failure === "unexpected"
              ? { title: "Error", description: "An unexpected error occurred. Please try again.", variant: "destructive" }
              : {
                  title: "Upgrade Failed",
                  // The server's message when it gave one, else the product's text.
                  description:
                    message && message !== UPGRADE_FAILED_FALLBACK ? message : "There was an error processing your upgrade. Please try again.",
                  variant: "destructive",
                },
        );
      }),
      actorRef.subscribe((snapshot) => {
        if (snapshot.status === "done") getOnComplete()();
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actorRef, getOnComplete, lastFailure, client, currentUser, currentConfig]);

  const busy = state !== "choosing";
  const choosePremium = () => {
    // Opened inside the click, so the popup blocker lets it through; pointed at the link later.
    // None when the server said it has no payment page (the request is recorded instead).
    paymentTab.current = config.paymentConfigured === false ? null : openPaymentWindow();
    actorRef.send({ type: "CHOOSE_PREMIUM" });
  };

  return (
    <section aria-labelledby="plan-selection-title" className="mx-auto grid w-full max-w-3xl gap-8">
      <header className="grid gap-2 text-center">
        <h1 id="plan-selection-title" className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
          Choose your plan
        </h1>
        <p className="text-muted-foreground">
          Welcome, <span className="font-medium text-foreground">{user.username}</span>. Pick how you would like to start.
        </p>
      </header>
      <div className="grid gap-5 md:grid-cols-2">
        <PlanCard
          name="Free"
          price={FREE_PRICE}
          tagline={freeTrialCopy(config.trialDays)}
          features={FREE_FEATURES_PICKER}
          action={
            <Button variant="outline" size="lg" className="w-full" disabled={busy} aria-busy={state === "activatingFree"} onClick={() => actorRef.send({ type: "CHOOSE_FREE" })}>
              {state === "activatingFree" && <LoaderCircle className="animate-spin" aria-hidden />}
              Continue with Free
            </Button>
          }
        />
        <PlanCard
          name="Premium"
          price={PREMIUM_PRICE}
          tagline={premiumTrialCopy(config.trialDays)}
          features={PREMIUM_FEATURES}
          highlighted
          badge="Recommended"
          action={
            <Button size="lg" className="w-full" disabled={busy} aria-busy={state === "upgrading"} onClick={choosePremium}>
              {state === "upgrading" && <LoaderCircle className="animate-spin" aria-hidden />}
              Choose Premium
            </Button>
          }
        />
      </div>
      <p className="text-center text-sm text-muted-foreground">{ACTIVATION_COPY}</p>
    </section>
  );
}
