import { CANCEL_CONFIRMATION_WORD } from "@focus/core/cancellation";
import { PREMIUM_EXTRAS } from "@focus/core/subscription";
import { LoaderCircle, X } from "lucide-react";
import { useId } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { KeepPremiumButton, type CancellationStepProps } from "./KeepPremiumButton";

/** Step 4: what Premium adds over Free, which the user loses (never the sync every plan keeps). */
export function FinalWarningStep({ flow: { actorRef }, descriptionId, close }: CancellationStepProps) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>You will lose Premium</DialogTitle>
        <DialogDescription id={descriptionId}>Your plan switches to Free as soon as you confirm. You will lose:</DialogDescription>
      </DialogHeader>
      <ul className="grid gap-2 text-sm">
        {PREMIUM_EXTRAS.map((feature) => (
          <li key={feature} className="flex items-start gap-2.5">
            <X className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
      <DialogFooter>
        <KeepPremiumButton onClick={close} />
        <Button variant="destructive" onClick={() => actorRef.send({ type: "CONTINUE" })}>
          Continue
        </Button>
      </DialogFooter>
    </>
  );
}

/** Step 5: type CANCEL, then cancel; the server's message on a failure. */
export function ConfirmStep({ flow: { actorRef, snapshot }, descriptionId, close }: CancellationStepProps) {
  const inputId = useId();
  const submitting = snapshot.value === "submitting";
  return (
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
        <DialogDescription id={descriptionId}>Your Premium plan ends right away and your account moves to the free plan.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={inputId}>Type {CANCEL_CONFIRMATION_WORD} to confirm</Label>
        <Input
          id={inputId}
          value={snapshot.context.confirmationText}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          disabled={submitting}
          onChange={(event) => actorRef.send({ type: "SET_CONFIRMATION_TEXT", text: event.target.value })}
        />
      </div>
      {snapshot.context.error && <ErrorAlert>{snapshot.context.error}</ErrorAlert>}
      <DialogFooter>
        <KeepPremiumButton onClick={close} disabled={submitting} />
        <Button type="submit" variant="destructive" disabled={submitting || !snapshot.can({ type: "CONFIRM" })} aria-busy={submitting}>
          {submitting && <LoaderCircle className="animate-spin" aria-hidden />}
          Cancel Subscription
        </Button>
      </DialogFooter>
    </form>
  );
}
