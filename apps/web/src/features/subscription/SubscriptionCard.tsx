import { type User } from "@focus/core/schemas";
import { PLAN_ACTIONS } from "@focus/core/subscription";
import { Crown } from "lucide-react";
import { Link } from "react-router-dom";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { CancellationDialog } from "./CancellationDialog";
import { PlanRequests } from "./PlanRequests";
import { PlanSummary } from "./PlanSummary";
import { useSubscription } from "./useSubscription";

/**
 * The plan in Settings, with what the user asked for (upgrade request, accepted offer): premium
 * users get the 'Cancel subscription' link that opens the cancellation dialog; everyone else gets
 * 'Upgrade to Premium' to /subscription.
 */
export function SubscriptionCard({ user }: { user: User }) {
  const subscription = useSubscription(user);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Crown className="size-5 text-primary" aria-hidden />
          Subscription
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <PlanSummary user={user} subscription={subscription} />
        <PlanRequests user={user} isPremium={subscription.state === "premium"} />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          {subscription.canUpgrade && (
            <Link to="/subscription" className={buttonVariants()}>
              <Crown aria-hidden />
              {PLAN_ACTIONS.upgrade}
            </Link>
          )}
          {subscription.canCancel && (
            <>
              <Link to="/subscription" className={buttonVariants({ variant: "outline" })}>
                {PLAN_ACTIONS.viewPlan}
              </Link>
              <CancellationDialog user={user} />
            </>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
