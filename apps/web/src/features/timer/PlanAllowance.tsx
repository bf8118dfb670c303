import { FREE_PLAN, focusSessionsLeft, freeLimitCard, planTier } from "@focus/core/subscription";
import { startBlockReason } from "@focus/core/timer";
import { Sparkles } from "lucide-react";
import { Link } from "react-router-dom";
import { useSignedInUser } from "@/runtime/currentUser";
import { usePlanNow } from "@/runtime/usePlanNow";
import { cn } from "@/lib/utils";
import { TimerActor } from "@/runtime/timerActor";
import { useTodaySessions } from "@/runtime/useTodaySessions";

/** Whether the timer refuses to start a focus session for the Free plan's daily limit (core's `startBlockReason`, the one rule). */
export function useAtFreeLimit(): boolean {
  return TimerActor.useSelector((s) => startBlockReason(s.context) === "freeLimit");
}

/**
 * What stands in for Start once the Free plan's focus sessions of the day are used: a calm card
 * saying when the next one comes, with the way to Premium (core's `freeLimitCard`; it counts
 * down with the plan's minute clock).
 */
export function FreeLimitCard() {
  const user = useSignedInUser();
  const card = freeLimitCard(usePlanNow(user));
  return (
    <p data-testid="free-limit-card" role="status" className="mx-auto max-w-md rounded-xl border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-center text-sm">
      {card.lead}{" "}
      <Link to="/subscription" className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-4 sm:min-h-0">
        {card.premium}
      </Link>
    </p>
  );
}

/**
 * The Free plan's daily limit, shown before the user meets it: "1 of 2 free focus sessions
 * left today", with the way to Premium; at the limit, while a break waits or runs, that today's
 * are used (a focus session waiting shows `FreeLimitCard` instead). Nothing for premium, the
 * trial or a guest (`docs/product.md`, People and plans).
 */
export function PlanAllowance() {
  const user = useSignedInUser();
  const now = usePlanNow(user);
  const dayKey = TimerActor.useSelector((s) => s.context.dayKey);
  const atFreeLimit = useAtFreeLimit();
  const today = useTodaySessions(dayKey, !user.isGuest);
  if (user.isGuest || !today.data || atFreeLimit) return null;
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
