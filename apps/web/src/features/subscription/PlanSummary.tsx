import { planBadge, planStatusLabel, type User } from "@focus/core";
import { Crown, Hourglass } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { useSubscription } from "./useSubscription";

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** The plan badge's test id, for the end-to-end tests. */
export const PLAN_BADGE_TEST_ID = "plan-badge";

/**
 * The user's plan at a glance (badges: `docs/product.md`), with the username. The badge reads
 * exactly 'Premium' for premium, 'Trial' for a free plan in trial status, else 'Free Plan'; during
 * a trial the days left (or that it has run out) sit beside the badge. Below: the plan status
 * (Active or Inactive) and, when the status is trial, its end date.
 */
export function PlanSummary({ user, subscription }: { user: User; subscription: ReturnType<typeof useSubscription> }) {
  const { state, daysLeft } = subscription;
  const badge = planBadge(user);
  const trialEnd = user.subscriptionStatus === "trial" && user.trialEndDate ? new Date(user.trialEndDate) : null;
  return (
    <div className="grid gap-2">
      <p className="flex flex-wrap items-center gap-2">
        <Badge
          data-testid={PLAN_BADGE_TEST_ID}
          variant={badge === "Premium" ? "default" : badge === "Trial" ? "accent" : "secondary"}
        >
          {badge === "Premium" && <Crown aria-hidden />}
          {badge === "Trial" && <Hourglass aria-hidden />}
          {badge ?? "Free Plan"}
        </Badge>
        {badge === "Trial" &&
          (state === "trialExpired" ? (
            <span className="text-sm font-medium text-destructive">Trial expired</span>
          ) : (
            <span className="text-sm text-muted-foreground">
              {daysLeft} {daysLeft === 1 ? "day" : "days"} left
            </span>
          ))}
        <span className="font-medium">{user.isGuest ? "Guest Session" : user.username}</span>
      </p>
      <p className="text-sm text-muted-foreground">
        Plan status: <span className="font-medium text-foreground">{planStatusLabel(user)}</span>
        {trialEnd && !Number.isNaN(trialEnd.getTime()) && (
          <>
            {" · "}Trial ends <time dateTime={user.trialEndDate ?? undefined}>{DATE.format(trialEnd)}</time>
          </>
        )}
      </p>
    </div>
  );
}
