import { type User } from "@focus/core/schemas";
import { PLAN_PICKER_COPY, paymentRequestNote } from "@focus/core/subscription";
import { LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { usePublicConfig } from "@/lib/publicConfig";
import { useScrollToTop } from "@/lib/useScrollToTop";
import { PlanCard, planNoteId } from "./PlanCard";
import { usePlanSelection } from "./usePlanSelection";

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** The trial's end as the user reads it ("Dec 10, 2026"), or null without a valid date. */
function trialEndText(user: User): string | null {
  const end = user.trialEndDate ? new Date(user.trialEndDate) : null;
  return end && !Number.isNaN(end.getTime()) ? DATE.format(end) : null;
}

/**
 * The plan picker after registration (`docs/product.md`, People and plans), every word from core's
 * plan wording table: the trial already runs (the title says so, with its end), "Continue with my
 * trial" (first: what most people want) activates nothing, and "Choose Premium" says before the
 * click that it sends a payment request. The trial's length is the server's.
 */
export function PlanSelection({ user, onComplete }: { user: User; onComplete: () => void }) {
  useScrollToTop();
  const config = usePublicConfig();
  const { state, continueTrial, choosePremium } = usePlanSelection(user, onComplete);
  const busy = state !== "choosing";
  return (
    <section aria-labelledby="plan-selection-title" className="mx-auto grid w-full max-w-3xl gap-8">
      <header className="grid gap-2 text-center">
        <h1 id="plan-selection-title" className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
          {PLAN_PICKER_COPY.title(config.trialDays)}
        </h1>
        <p className="text-muted-foreground text-pretty">
          Welcome, <span className="font-medium text-foreground">{user.username}</span>. {PLAN_PICKER_COPY.intro(trialEndText(user))}
        </p>
      </header>
      <div className="grid justify-items-center gap-2">
        <Button size="lg" className="w-full max-w-sm" disabled={busy} aria-busy={state === "continuingTrial"} aria-describedby="plan-continue-note" onClick={continueTrial}>
          {state === "continuingTrial" && <LoaderCircle className="animate-spin" aria-hidden />}
          {PLAN_PICKER_COPY.actions.continue}
        </Button>
        <p id="plan-continue-note" className="text-center text-sm text-muted-foreground">
          {PLAN_PICKER_COPY.continueNote}
        </p>
      </div>
      <div className="grid gap-5 md:grid-cols-2">
        <PlanCard plan="free" tagline={PLAN_PICKER_COPY.taglines.free} badge={PLAN_PICKER_COPY.badges.free} />
        <PlanCard
          plan="premium"
          tagline={PLAN_PICKER_COPY.taglines.premium}
          badge={PLAN_PICKER_COPY.badges.premium}
          note={paymentRequestNote(config.paymentConfigured)}
          action={
            <Button variant="outline" size="lg" className="w-full" disabled={busy} aria-busy={state === "upgrading"} aria-describedby={planNoteId("premium")} onClick={choosePremium}>
              {state === "upgrading" && <LoaderCircle className="animate-spin" aria-hidden />}
              {PLAN_PICKER_COPY.actions.premium}
            </Button>
          }
        />
      </div>
    </section>
  );
}
