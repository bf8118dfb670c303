import {
  CANCEL_CONFIRMATION_WORD,
  CANCELLATION_REASON_LABELS,
  CANCELLATION_REASONS,
  RETENTION_OFFERS,
  cancelSubscriptionBodySchema,
  cancellationMachine,
  type User,
} from "@focus/core";
import { useQueryClient } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import { Gift, LoaderCircle, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { fromPromise } from "xstate";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { acceptRetentionOffer, cancelSubscription } from "@/lib/auth";
import { queryKeys } from "@/lib/queryKeys";
import { useLatest } from "@/lib/useLatest";
import { PREMIUM_FEATURES } from "./planCopy";
import { refreshSubscriptionRequests } from "./requests";

/**
 * 'Cancel subscription' and its dialog (`docs/product.md`, People and plans), driven by the core
 * chart: reason → retention offer (only for reasons with one) → feedback → final warning →
 * confirmation, where the confirm button waits for CANCEL to be typed. Closing at any step resets
 * the flow. Accepting the offer records it on the server (`POST /api/subscription/offer`) before
 * 'Offer Applied!' shows; a refusal shows the server's message on the offer.
 */
export function CancellationDialog({ user }: { user: User }) {
  const client = useQueryClient();
  const currentUser = useLatest(user);
  // The chart with the real call through the auth layer, for the current user.
  const [cancellation] = useState(() =>
    cancellationMachine.provide({
      actors: {
        cancelSubscription: fromPromise(({ input }) => cancelSubscription(currentUser(), input)),
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
  const step = snapshot.value;
  const { reason, feedback, email, confirmationText, error } = snapshot.context;
  const ids = useId();
  const [emailError, setEmailError] = useState<string | null>(null);

  useEffect(() => {
    const subscriptions = [
      actorRef.on("offerAccepted", ({ reason: accepted }) => {
        const offer = RETENTION_OFFERS[accepted];
        toast({ title: "Offer Applied!", description: offer ? `${offer.title}: our team will apply it to your account.` : undefined });
      }),
      actorRef.on("cancelled", () => {
        toast({ title: "Subscription Cancelled", description: "You are on the free plan now. Your history and settings stay with you." });
        void client.invalidateQueries({ queryKey: queryKeys.me });
      }),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actorRef, client]);

  const close = () => {
    setEmailError(null);
    actorRef.send({ type: "CLOSE" });
  };
  const offer = reason ? RETENTION_OFFERS[reason] : undefined;
  const submitting = step === "submitting";
  const acceptingOffer = step === "acceptingOffer";

  const keepPremium = (
    <Button variant="outline" onClick={close} disabled={submitting}>
      Keep Premium
    </Button>
  );

  return (
    <Dialog
      open={step !== "closed"}
      onOpenChange={(open) => {
        if (open) actorRef.send({ type: "OPEN" });
        else if (!submitting && !acceptingOffer) close();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="link" className="h-auto px-0 text-muted-foreground hover:text-destructive">
          Cancel subscription
        </Button>
      </DialogTrigger>
      <DialogContent aria-describedby={`${ids}-description`}>
        {step === "reason" && (
          <>
            <DialogHeader>
              <DialogTitle>Why are you cancelling?</DialogTitle>
              <DialogDescription id={`${ids}-description`}>Your answer helps us improve. Pick the closest reason.</DialogDescription>
            </DialogHeader>
            <fieldset className="grid gap-2">
              <legend className="sr-only">Reason for cancelling</legend>
              {CANCELLATION_REASONS.map((value) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-center gap-3 rounded-lg border px-4 py-3 text-sm transition-colors hover:bg-accent/40 has-[:checked]:border-primary has-[:checked]:bg-accent/50"
                >
                  <input
                    type="radio"
                    name={`${ids}-reason`}
                    value={value}
                    checked={reason === value}
                    onChange={() => actorRef.send({ type: "SELECT_REASON", reason: value })}
                    className="size-4 accent-primary"
                  />
                  {CANCELLATION_REASON_LABELS[value]}
                </label>
              ))}
            </fieldset>
            <DialogFooter>
              {keepPremium}
              <Button onClick={() => actorRef.send({ type: "CONTINUE" })} disabled={!snapshot.can({ type: "CONTINUE" })}>
                Continue
              </Button>
            </DialogFooter>
          </>
        )}

        {(step === "retention" || acceptingOffer) && offer && (
          <>
            <DialogHeader>
              <DialogTitle>Before you go, a special offer</DialogTitle>
              <DialogDescription id={`${ids}-description`}>We would love to keep helping you focus.</DialogDescription>
            </DialogHeader>
            <div className="flex gap-4 rounded-lg border border-primary/50 bg-accent/40 p-4">
              <Gift className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden />
              <div className="grid gap-1">
                <p className="font-semibold">{offer.title}</p>
                <p className="text-sm text-muted-foreground">{offer.description}</p>
              </div>
            </div>
            {error && <ErrorAlert>{error}</ErrorAlert>}
            <DialogFooter>
              <Button variant="ghost" onClick={() => actorRef.send({ type: "DECLINE_OFFER" })} disabled={acceptingOffer}>
                No thanks, continue cancelling
              </Button>
              <Button onClick={() => actorRef.send({ type: "ACCEPT_OFFER" })} disabled={acceptingOffer} aria-busy={acceptingOffer}>
                {acceptingOffer && <LoaderCircle className="animate-spin" aria-hidden />}
                {offer.cta}
              </Button>
            </DialogFooter>
          </>
        )}

        {step === "feedback" && (
          <form
            noValidate
            className="grid gap-5"
            onSubmit={(event) => {
              event.preventDefault();
              const check = cancelSubscriptionBodySchema.shape.email.safeParse(email.trim());
              if (!check.success) {
                setEmailError(check.error.issues[0]?.message ?? "Please enter a valid email address");
                return;
              }
              setEmailError(null);
              actorRef.send({ type: "CONTINUE" });
            }}
          >
            <DialogHeader>
              <DialogTitle>Anything we could do better?</DialogTitle>
              <DialogDescription id={`${ids}-description`}>Both fields are optional.</DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-feedback`}>Feedback (optional)</Label>
              <Textarea
                id={`${ids}-feedback`}
                value={feedback}
                maxLength={5000}
                onChange={(event) => actorRef.send({ type: "SET_FEEDBACK", feedback: event.target.value })}
                placeholder="Tell us what did not work for you"
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-email`}>Email for updates (optional)</Label>
              <Input
                id={`${ids}-email`}
                type="email"
                autoComplete="email"
                value={email}
                aria-invalid={emailError ? true : undefined}
                aria-describedby={`${ids}-email-hint${emailError ? ` ${ids}-email-error` : ""}`}
                onChange={(event) => actorRef.send({ type: "SET_EMAIL", email: event.target.value })}
              />
              <p id={`${ids}-email-hint`} className="text-xs text-muted-foreground">
                We will write when we fix or add what you asked for.
              </p>
              {emailError && (
                <p id={`${ids}-email-error`} className="text-sm font-medium text-destructive">
                  {emailError}
                </p>
              )}
            </div>
            <DialogFooter>
              {keepPremium}
              <Button type="submit">Continue</Button>
            </DialogFooter>
          </form>
        )}

        {step === "finalWarning" && (
          <>
            <DialogHeader>
              <DialogTitle>You will lose Premium</DialogTitle>
              <DialogDescription id={`${ids}-description`}>Your plan switches to Free as soon as you confirm. You will lose:</DialogDescription>
            </DialogHeader>
            <ul className="grid gap-2 text-sm">
              {PREMIUM_FEATURES.map((feature) => (
                <li key={feature} className="flex items-start gap-2.5">
                  <X className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
                  {feature}
                </li>
              ))}
            </ul>
            <DialogFooter>
              {keepPremium}
              <Button variant="destructive" onClick={() => actorRef.send({ type: "CONTINUE" })}>
                Continue
              </Button>
            </DialogFooter>
          </>
        )}

        {(step === "confirmation" || step === "submitting") && (
          <form
            noValidate
            className="grid gap-5"
            onSubmit={(event) => {
              event.preventDefault();
              actorRef.send({ type: "CONFIRM" });
            }}
          >
            <DialogHeader>
              <DialogTitle>Confirm cancellation</DialogTitle>
              <DialogDescription id={`${ids}-description`}>
                Your Premium plan ends right away and your account moves to the free plan.
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-confirm`}>Type {CANCEL_CONFIRMATION_WORD} to confirm</Label>
              <Input
                id={`${ids}-confirm`}
                value={confirmationText}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                disabled={submitting}
                onChange={(event) => actorRef.send({ type: "SET_CONFIRMATION_TEXT", text: event.target.value })}
              />
            </div>
            {error && <ErrorAlert>{error}</ErrorAlert>}
            <DialogFooter>
              {keepPremium}
              <Button type="submit" variant="destructive" disabled={submitting || !snapshot.can({ type: "CONFIRM" })} aria-busy={submitting}>
                {submitting && <LoaderCircle className="animate-spin" aria-hidden />}
                Cancel Subscription
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
