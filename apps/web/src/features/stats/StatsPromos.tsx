import { PLAN_ACTIONS, STATS_COPY, guestSignupPoints } from "@focus/core/subscription";
import { Check, History, Timer, UserPlus } from "lucide-react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { dispatchChangeTab, dispatchShowAuth } from "@/lib/events";
import { usePublicConfig } from "@/lib/publicConfig";

/**
 * The Statistics tab's notes and invitations, every plan fact from core's plan wording table:
 * the Free plan's history banner, the guest's sign-up offer and hints, the empty journey.
 */

/** The Free plan's banner: "The Free plan shows statistics of the last 7 days. Upgrade to Premium for …". */
export function FreeHistoryNote() {
  return (
    <p data-testid="free-history-note" className="rounded-lg border bg-muted/40 px-4 py-3 text-sm text-muted-foreground">
      {STATS_COPY.freeNote}{" "}
      <Link to="/subscription" className="font-medium text-primary underline-offset-4 hover:underline">
        {PLAN_ACTIONS.upgrade}
      </Link>{" "}
      {STATS_COPY.premiumHistory}
    </p>
  );
}

/** Where a real user's breakdown and recent sessions go; the preview has no real sessions. */
export function OwnHistoryHint() {
  return (
    <Card className="flex flex-col items-center justify-center gap-3 border-dashed bg-muted/30 p-8 text-center shadow-none">
      <History className="size-8 text-muted-foreground" aria-hidden />
      <h3 className="text-lg font-semibold">Your own history</h3>
      <p className="max-w-xs text-sm text-muted-foreground">
        With an account, your session breakdown and your 5 most recent sessions appear here, next to your real streak.
      </p>
      <Button variant="outline" onClick={() => dispatchShowAuth("register")}>
        <UserPlus aria-hidden />
        Create Free Account (30s)
      </Button>
    </Card>
  );
}

/** Before the first completed focus session of a signed-in user. */
export function EmptyJourney() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 py-12 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-accent text-accent-foreground">
          <Timer className="size-7" aria-hidden />
        </span>
        <p className="max-w-sm text-lg font-medium text-balance">Complete your first focus session to see your journey</p>
        <Button onClick={() => dispatchChangeTab("timer")}>Go to Focus Arena</Button>
      </CardContent>
    </Card>
  );
}

/** The guest signup promotion: what an account gives, from the plan wording table. */
export function SignupOffer() {
  const { trialDays } = usePublicConfig();
  return (
    <Card className="border-primary/40 bg-accent/40">
      <CardContent className="flex flex-col gap-4 pt-6 md:flex-row md:items-center md:justify-between">
        <div className="grid gap-2">
          <p className="text-lg font-semibold">Start your own focus journey</p>
          <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
            {guestSignupPoints(trialDays).map((point) => (
              <li key={point} className="flex items-center gap-1.5">
                <Check className="size-4 text-primary" aria-hidden />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <Button size="lg" className="shrink-0" onClick={() => dispatchShowAuth("register")}>
          <UserPlus aria-hidden />
          Create Free Account (30s)
        </Button>
      </CardContent>
    </Card>
  );
}
