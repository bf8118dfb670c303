import type { User } from "@focus/core/schemas";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "@/components/ui/dialog";
import { FeedbackStep } from "./CancellationFeedbackStep";
import { ConfirmStep, FinalWarningStep } from "./CancellationSteps";
import { ReasonStep, RetentionStep } from "./CancellationChoiceSteps";
import { useCancellationFlow } from "./useCancellationFlow";

/**
 * 'Cancel subscription' and its dialog (`docs/product.md`, People and plans), driven by the core
 * chart: reason → retention offer (only for reasons with one) → feedback → final warning →
 * confirmation, where the confirm button waits for CANCEL to be typed. Closing at any step resets
 * the flow. Accepting the offer records it on the server before 'Offer accepted' shows; a refusal
 * shows the server's message on the offer. Each step is a part of its own.
 */
export function CancellationDialog({ user }: { user: User }) {
  const flow = useCancellationFlow(user);
  const { actorRef, snapshot } = flow;
  const step = snapshot.value;
  const descriptionId = `${useId()}-description`;
  const busy = step === "submitting" || step === "acceptingOffer";
  const close = () => actorRef.send({ type: "CLOSE" });
  const steps = { flow, descriptionId, close };
  return (
    <Dialog
      open={step !== "closed"}
      onOpenChange={(open) => {
        if (open) actorRef.send({ type: "OPEN" });
        else if (!busy) close();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="link" className="h-auto px-0 text-muted-foreground hover:text-destructive">
          Cancel subscription
        </Button>
      </DialogTrigger>
      <DialogContent aria-describedby={descriptionId}>
        {step === "reason" && <ReasonStep {...steps} />}
        {(step === "retention" || step === "acceptingOffer") && <RetentionStep {...steps} />}
        {step === "feedback" && <FeedbackStep {...steps} />}
        {step === "finalWarning" && <FinalWarningStep {...steps} />}
        {(step === "confirmation" || step === "submitting") && <ConfirmStep {...steps} />}
      </DialogContent>
    </Dialog>
  );
}
