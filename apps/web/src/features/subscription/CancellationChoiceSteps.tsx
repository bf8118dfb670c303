import { CANCELLATION_REASON_LABELS, RETENTION_OFFERS } from "@focus/core/cancellation";
import { CANCELLATION_REASONS } from "@focus/core/schemas";
import { Gift, LoaderCircle } from "lucide-react";
import { useId } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { KeepPremiumButton, type CancellationStepProps } from "./KeepPremiumButton";

/** Step 1: the reason, one of CANCELLATION_REASONS; Continue waits for one. */
export function ReasonStep({ flow: { actorRef, snapshot }, descriptionId, close }: CancellationStepProps) {
  const name = `${useId()}-reason`;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Why are you cancelling?</DialogTitle>
        <DialogDescription id={descriptionId}>Your answer helps us improve. Pick the closest reason.</DialogDescription>
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
              name={name}
              value={value}
              checked={snapshot.context.reason === value}
              onChange={() => actorRef.send({ type: "SELECT_REASON", reason: value })}
              className="size-4 accent-primary"
            />
            {CANCELLATION_REASON_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <DialogFooter>
        <KeepPremiumButton onClick={close} />
        <Button onClick={() => actorRef.send({ type: "CONTINUE" })} disabled={!snapshot.can({ type: "CONTINUE" })}>
          Continue
        </Button>
      </DialogFooter>
    </>
  );
}

/** Step 2 (reasons with an offer): the retention offer, with the server's message when it refuses it. */
export function RetentionStep({ flow: { actorRef, snapshot }, descriptionId }: CancellationStepProps) {
  const { reason, error } = snapshot.context;
  const offer = reason ? RETENTION_OFFERS[reason] : undefined;
  const accepting = snapshot.value === "acceptingOffer";
  if (!offer) return null;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Before you go, a special offer</DialogTitle>
        <DialogDescription id={descriptionId}>We would love to keep helping you focus.</DialogDescription>
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
        <Button variant="ghost" onClick={() => actorRef.send({ type: "DECLINE_OFFER" })} disabled={accepting}>
          No thanks, continue cancelling
        </Button>
        <Button onClick={() => actorRef.send({ type: "ACCEPT_OFFER" })} disabled={accepting} aria-busy={accepting}>
          {accepting && <LoaderCircle className="animate-spin" aria-hidden />}
          {offer.cta}
        </Button>
      </DialogFooter>
    </>
  );
}
