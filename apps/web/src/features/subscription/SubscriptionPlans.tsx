import { PLAN_ACTIONS, paymentRequestNote, subscriptionCardCopy, type PlanState } from "@focus/core/subscription";
import { LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { PlanCard, planNoteId } from "./PlanCard";

/**
 * The plan cards of /subscription for the user's plan `state` (`docs/product.md`): taglines and
 * badges from core's plan wording table, never a trial offer (the trial is had once); Premium's
 * card has 'Upgrade to Premium', said to be a payment request, or the thanks of a Premium user.
 */
export function SubscriptionPlans(props: {
  state: PlanState;
  canUpgrade: boolean;
  paymentConfigured: boolean | null;
  upgrade: () => void;
  isPending: boolean;
}) {
  const { state, canUpgrade, paymentConfigured, upgrade, isPending } = props;
  const { taglines, badges } = subscriptionCardCopy(state);
  return (
    <section aria-label="Plans" className="grid gap-5 md:grid-cols-2">
      <PlanCard plan="free" tagline={taglines.free} badge={badges.free} />
      <PlanCard
        plan="premium"
        tagline={taglines.premium}
        badge={badges.premium}
        note={canUpgrade ? paymentRequestNote(paymentConfigured) : undefined}
        action={
          canUpgrade ? (
            <Button size="lg" className="w-full" onClick={upgrade} disabled={isPending} aria-busy={isPending} aria-describedby={planNoteId("premium")}>
              {isPending && <LoaderCircle className="animate-spin" aria-hidden />}
              {PLAN_ACTIONS.upgrade}
            </Button>
          ) : (
            <p className="w-full rounded-md bg-accent/50 px-4 py-3 text-center text-sm font-medium">{PLAN_ACTIONS.onPremium}</p>
          )
        }
      />
    </section>
  );
}
