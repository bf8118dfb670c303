import { type User } from "@focus/core/schemas";
import { planLine, planTier } from "@focus/core/subscription";
import { Link } from "react-router-dom";
import { TimerActor } from "@/runtime/timerActor";
import { useTodaySessions } from "@/runtime/useTodaySessions";
import { cn } from "@/lib/utils";
import { usePlanNow } from "@/runtime/usePlanNow";

/** The plan line's test id, for the end-to-end tests. */
export const PLAN_LINE_TEST_ID = "plan-line";

/**
 * The header's plan line on every signed-in page (`docs/product.md`, People and plans): core's
 * `planLine` ("Trial · 9 days left", "Free · 1 of 2 sessions left today", "Premium") on the
 * server's clock, with today's sessions counted as the Focus Arena counts them, in its short form
 * on a phone. It leads to /subscription. Nothing for a guest.
 */
export function PlanLine({ user, className }: { user: User; className?: string }) {
  const now = usePlanNow(user);
  const free = !user.isGuest && planTier(user, now) === "free";
  const dayKey = TimerActor.useSelector((s) => s.context.dayKey);
  const today = useTodaySessions(dayKey, free);
  const completed = today.data ? today.data.completedSessionsToday : null;
  const line = planLine(user, now, completed);
  if (!line) return null;
  return (
    <Link
      to="/subscription"
      aria-label={line}
      className={cn("truncate text-xs text-muted-foreground underline-offset-4 hover:text-foreground hover:underline", className)}
    >
      {/* A phone gets the same facts in fewer words, so the line fits beside the header's buttons. */}
      <span data-testid={PLAN_LINE_TEST_ID} aria-hidden className="max-[30rem]:hidden">
        {line}
      </span>
      <span aria-hidden className="min-[30rem]:hidden">
        {planLine(user, now, completed, "short")}
      </span>
    </Link>
  );
}
