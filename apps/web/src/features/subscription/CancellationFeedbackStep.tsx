import { cancelSubscriptionBodySchema } from "@focus/core/schemas";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { KeepPremiumButton, type CancellationStepProps } from "./KeepPremiumButton";

/** Step 3: optional feedback (shown to the admin) and an optional email for updates, checked before Continue. */
export function FeedbackStep({ flow: { actorRef, snapshot }, descriptionId, close }: CancellationStepProps) {
  const ids = useId();
  const [emailError, setEmailError] = useState<string | null>(null);
  const { feedback, email } = snapshot.context;
  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        const check = cancelSubscriptionBodySchema.shape.email.safeParse(email.trim());
        setEmailError(check.success ? null : (check.error.issues[0]?.message ?? "Please enter a valid email address"));
        if (check.success) actorRef.send({ type: "CONTINUE" });
      }}
    >
      <DialogHeader>
        <DialogTitle>Anything we could do better?</DialogTitle>
        <DialogDescription id={descriptionId}>Both fields are optional.</DialogDescription>
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
        <KeepPremiumButton onClick={close} />
        <Button type="submit">Continue</Button>
      </DialogFooter>
    </form>
  );
}
