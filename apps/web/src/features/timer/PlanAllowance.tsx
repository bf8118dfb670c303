import { FREE_PLAN, focusSessionsLeft, planTier } from "@focus/core/subscription";
import { Sparkles } from "lucide-react";
import { Link } from "react-router-dom";
import { useSignedInUser } from "@/runtime/currentUser";
import { usePlanNow } from "@/runtime/usePlanNow";
import { cn } from "@/lib/utils";
import { TimerActor } from "@/runtime/timerActor";
import { useTodaySessions } from "@/runtime/useTodaySessions";

/**
 * The Free plan's daily limit, shown before the user meets it: "1 of 2 free focus sessions
 * left today", with the way to Premium. Nothing for premium, the trial or a guest
 * (`docs/product.md`, People and plans).
 */
export function PlanAllowance() {
  const user = useSignedInUser();
  const now = usePlanNow(user);
  const dayKey = TimerActor.useSelector((s) => s.context.dayKey);
  const today = useTodaySessions(dayKey, !user.isGuest);
  if (user.isGuest || !today.data) return null;
  const left = focusSessionsLeft(planTier(user, now), today.data.completedSessionsToday);
  if (left === null) return null;
  return (
    <p
      data-testid="plan-allowance"
      className={cn(
        "mx-auto flex max-w-md flex-wrap items-center justify-center gap-x-2 gap-y-1 rounded-lg border px-3 py-2 text-center text-sm",
        left === 0 ? "border-amber-500/40 bg-amber-500/10" : "border-border bg-muted/40 text-muted-foreground",
      )}
    >
      <span>
        {left === 0
          ? `You have used today's ${FREE_PLAN.focusSessionsPerDay} free focus sessions. Breaks are still yours.`
          : `${left} of ${FREE_PLAN.focusSessionsPerDay} free focus sessions left today.`}
      </span>
      <Link to="/subscription" className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
        <Sparkles className="size-3.5" aria-hidden />
        Upgrade to Premium
      </Link>
    </p>
  );
}
