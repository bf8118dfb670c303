import { planSelectionMachine, UPGRADE_FAILED_FALLBACK } from "@focus/core/planSelection";
import { type User } from "@focus/core/schemas";
import { PLAN_PICKER_COPY, trialDaysLeft, UPGRADE_COPY, upgradeRequestedText } from "@focus/core/subscription";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useRef, useState, type RefObject } from "react";
import { fromPromise } from "xstate";
import { toast, type ToastInput } from "@/components/ui/use-toast";
import { AccountActionError, upgradeSubscription } from "@/runtime/auth";
import { usePublicConfig, type ServerConfig } from "@/lib/publicConfig";
import { useLatest } from "@/lib/useLatest";
import { serverNow } from "@/runtime/serverClock";
import { openPaymentWindow, type PaymentWindow } from "./paymentWindow";
import { refreshSubscriptionRequests } from "./requests";

type FailureKind = AccountActionError["kind"] | "unexpected";

/** The chart with the real upgrade call, remembering how the last upgrade failed. */
function providedMachine(currentUser: () => User) {
  let failure: FailureKind = "server";
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
}

/** The toast of a failed upgrade: the server's message when it gave one. */
function upgradeFailedToast(failure: FailureKind, message: string): ToastInput {
  if (failure === "loginRequired") return { title: "Authentication Required", description: message, variant: "destructive" };
  if (failure === "unexpected") return { title: "Error", description: "An unexpected error occurred. Please try again.", variant: "destructive" };
  const description = message && message !== UPGRADE_FAILED_FALLBACK ? message : "There was an error processing your upgrade. Please try again.";
  return { title: "Upgrade Failed", description, variant: "destructive" };
}

/** Says each outcome of the chart: the trial continues, the payment page, the request, a failure. */
function useOutcomeToasts(
  actorRef: ReturnType<typeof useActorRef<ReturnType<typeof providedMachine>["machine"]>>,
  deps: { user: () => User; config: () => ServerConfig; client: QueryClient; paymentTab: RefObject<PaymentWindow | null>; lastFailure: () => FailureKind },
) {
  const { user, config, client, paymentTab, lastFailure } = deps;
  useEffect(() => {
    const dropTab = () => {
      paymentTab.current?.close();
      paymentTab.current = null;
    };
    const subscriptions = [
      actorRef.on("trialContinued", () => toast(PLAN_PICKER_COPY.continued(trialDaysLeft(user(), serverNow())))),
      actorRef.on("openPayment", ({ paypalUrl }) => {
        void refreshSubscriptionRequests(client);
        try {
          (paymentTab.current ?? openPaymentWindow()).go(paypalUrl);
          toast(UPGRADE_COPY.paymentOpened);
        } catch {
          toast({ title: "Upgrade Failed", description: "There was an error processing your upgrade. Please try again.", variant: "destructive" });
        }
      }),
      actorRef.on("upgradeRequested", () => {
        dropTab();
        void refreshSubscriptionRequests(client);
        toast({ title: UPGRADE_COPY.requestedTitle, description: upgradeRequestedText(user().email, config().supportEmail) });
      }),
      actorRef.on("upgradeFailed", ({ message }) => {
        dropTab();
        toast(upgradeFailedToast(lastFailure(), message));
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actorRef, user, config, client, paymentTab, lastFailure]);
}

/**
 * The plan picker's chart (core's planSelectionMachine) for `user`: `continueTrial` (nothing is
 * activated: the toast says the trial runs, then `onComplete` after 1000 ms) and `choosePremium`
 * (the payment request: the payment link in a tab opened inside the click, or 'Upgrade requested'
 * when the server has none; then `onComplete`; on failure a toast and the choice stays).
 */
export function usePlanSelection(user: User, onComplete: () => void) {
  const paymentTab = useRef<PaymentWindow | null>(null);
  const getOnComplete = useLatest(onComplete);
  const currentUser = useLatest(user);
  const client = useQueryClient();
  const config = usePublicConfig();
  const currentConfig = useLatest(config);
  const [{ machine, lastFailure }] = useState(() => providedMachine(currentUser));
  const actorRef = useActorRef(machine);
  const state = useSelector(actorRef, (snapshot) => snapshot.value);
  useOutcomeToasts(actorRef, { user: currentUser, config: currentConfig, client, paymentTab, lastFailure });
  useEffect(() => {
    const subscription = actorRef.subscribe((snapshot) => {
      if (snapshot.status === "done") getOnComplete()();
    });
    return () => subscription.unsubscribe();
  }, [actorRef, getOnComplete]);

  const choosePremium = () => {
    // Opened inside the click, so the popup blocker lets it through; pointed at the link later.
    // None when the server said it has no payment page (the request is recorded instead).
    paymentTab.current = config.paymentConfigured === false ? null : openPaymentWindow();
    actorRef.send({ type: "CHOOSE_PREMIUM" });
  };
  return { state, continueTrial: () => actorRef.send({ type: "CONTINUE_TRIAL" }), choosePremium };
}
