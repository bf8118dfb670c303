import { type User } from "@focus/core/schemas";
import { planBadge, planStatusText } from "@focus/core/subscription";
import { Crown, Hourglass } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { useSubscription } from "./useSubscription";

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** The plan badge's test id, for the end-to-end tests. */
export const PLAN_BADGE_TEST_ID = "plan-badge";
/** The plan status text's test id, for the end-to-end tests. */
export const PLAN_STATUS_TEST_ID = "plan-status";

/** The trial's end date, when the user has a valid one. */
function trialEndOf(user: User): Date | null {
  if (!user.trialEndDate) return null;
  const end = new Date(user.trialEndDate);
  return Number.isNaN(end.getTime()) ? null : end;
}

/**
 * The user's plan at a glance (`docs/product.md`, People and plans), with the username: the badge
 * reads 'Premium', 'Trial' while a trial runs, else 'Free Plan' (an ended trial and a cancelled
 * Premium are the Free plan). Below, the plan status from core's `planStatusText`: 'Active',
 * 'Trial · N days left' with the end date, 'Free · trial ended' with the date it ended,
 * 'Free · Premium cancelled' or 'Free'.
 */
export function PlanSummary({ user, subscription }: { user: User; subscription: ReturnType<typeof useSubscription> }) {
  const { state, daysLeft } = subscription;
  const badge = planBadge(state);
  const trialEnd = trialEndOf(user);
  return (
    <div className="grid gap-2">
      <p className="flex flex-wrap items-center gap-2">
        <Badge data-testid={PLAN_BADGE_TEST_ID} variant={badge === "Premium" ? "default" : badge === "Trial" ? "accent" : "secondary"}>
          {badge === "Premium" && <Crown aria-hidden />}
          {badge === "Trial" && <Hourglass aria-hidden />}
          {badge}
        </Badge>
        <span className="font-medium break-all">{user.isGuest ? "Guest Session" : user.username}</span>
      </p>
      <p className="text-sm text-muted-foreground">
        Plan status:{" "}
        <span data-testid={PLAN_STATUS_TEST_ID} className="font-medium text-foreground">
          {planStatusText(state, daysLeft)}
        </span>
        {trialEnd && state === "trial" && (
          <>
            {/* On a phone the end date takes a line of its own, without a dangling separator. */}
            <span className="max-sm:hidden"> · </span>
            <span className="whitespace-nowrap max-sm:block">
              Trial ends <time dateTime={user.trialEndDate ?? undefined}>{DATE.format(trialEnd)}</time>
            </span>
          </>
        )}
        {trialEnd && state === "trialExpired" && (
          <>
            {" "}
            <time dateTime={user.trialEndDate ?? undefined}>{DATE.format(trialEnd)}</time>
          </>
        )}
      </p>
    </div>
  );
}
