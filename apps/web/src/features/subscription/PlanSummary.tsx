import { planBadge, planStatusLabel, type User } from "@focus/core";
import { Crown, Hourglass } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { useSubscription } from "./useSubscription";

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/**
 * The user's plan at a glance (spec §2 Subscription, §4 badges): 'Premium' or 'Free Plan'
 * with the username, 'Trial' with the days left during a trial, the plan status (Active or
 * Inactive) and the trial end date when the status is trial.
 */
export function PlanSummary({ user, subscription }: { user: User; subscription: ReturnType<typeof useSubscription> }) {
  const { state, daysLeft } = subscription;
  const badge = planBadge(user);
  const trialEnd = user.subscriptionStatus === "trial" && user.trialEndDate ? new Date(user.trialEndDate) : null;
  return (
    <div className="grid gap-2">
      <p className="flex flex-wrap items-center gap-2">
        {badge === "Premium" ? (
          <Badge>
            <Crown aria-hidden />
            Premium
          </Badge>
        ) : (
          <Badge variant="secondary">Free Plan</Badge>
        )}
        {badge === "Trial" &&
          (state === "trialExpired" ? (
            <Badge variant="destructive">Trial Expired</Badge>
          ) : (
            <Badge variant="accent">
              <Hourglass aria-hidden />
              Trial · {daysLeft} {daysLeft === 1 ? "day" : "days"} left
            </Badge>
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
