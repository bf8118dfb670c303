import type { ReactNode } from "react";
import { type User } from "@focus/core/schemas";
import { FREE_PLAN, planTier } from "@focus/core/subscription";
import { RotateCw } from "lucide-react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { usePlanNow } from "@/runtime/usePlanNow";
import { Achievements } from "./Achievements";
import { BlockedAttemptsCard } from "./BlockedAttemptsCard";
import { EscapesCard } from "./EscapesCard";
import { ShieldMeasuresCard } from "./ShieldMeasuresCard";
import { EstimatesCard } from "./EstimatesCard";
import { IntentionsCard } from "./IntentionsCard";
import { JourneyOverview } from "./JourneyOverview";
import { SessionBreakdownCard } from "./SessionBreakdownCard";
import { EmptyJourney, FreeHistoryNote, SignupOffer } from "./StatsPromos";
import { isPreviewUser, useStatsOverview, type StatsState } from "./useStatsOverview";

/**
 * The Statistics tab (`docs/product.md`): 'Your Focus Journey' from the user's sessions, or, for the
 * preview user (a guest), 'Your Focus Journey Preview' from the guest's own sessions kept in this
 * browser, with an offer to sign up; before their first session, example statistics under a
 * visible 'Example' label. On the Free plan every number says it covers the last 7 days.
 * `dataCard` (the export and import, which the app adds) ends it for a signed-in user.
 */
export function StatsPanel({ user, dataCard }: { user: User; dataCard?: ReactNode }) {
  const state = useStatsOverview(user);
  const isPreview = isPreviewUser(user);
  // The trial's end is the server's: judged on its clock.
  const now = usePlanNow(user);
  const historyDays = !isPreview && planTier(user, now) === "free" ? FREE_PLAN.historyDays : null;

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <header className="grid gap-1">
        <h2 className="text-3xl font-bold tracking-tight">{isPreview ? "Your Focus Journey Preview" : "Your Focus Journey"}</h2>
        <p className="text-muted-foreground">
          {isPreview
            ? "Your sessions stay in this browser. Create a free account to keep them on every device."
            : "Every session you complete, in one calm overview."}
        </p>
      </header>
      {isPreview && <SignupOffer />}
      {historyDays !== null && <FreeHistoryNote />}
      <StatsBody user={user} state={state} isPreview={isPreview} historyDays={historyDays} />
      {!isPreview && dataCard}
    </div>
  );
}

/** What the tab shows of the sessions: loading, the error with Try again, the empty journey or the overview. */
function StatsBody({ user, state, isPreview, historyDays }: { user: User; state: StatsState; isPreview: boolean; historyDays: number | null }) {
  if (state.status === "loading") {
    return (
      <Card>
        <CardContent className="grid place-items-center py-16">
          <Spinner className="size-8 text-primary" label="Loading your statistics" showLabel />
        </CardContent>
      </Card>
    );
  }
  if (state.status === "error") {
    return (
      <ErrorAlert>
        <p className="font-medium">Couldn't load your sessions.</p>
        <p className="text-muted-foreground">{state.error.message}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={state.retry}>
          <RotateCw aria-hidden />
          Try again
        </Button>
      </ErrorAlert>
    );
  }
  if (state.overview.summary.totalSessions === 0 && !isPreview) {
    return (
      <>
        <EmptyJourney />
        {/* Sessions stopped early are work too: shown, not hidden behind the empty state. */}
        {state.overview.breakdown.incomplete > 0 && <SessionBreakdownCard breakdown={state.overview.breakdown} />}
        {state.overview.escapes.total > 0 && <EscapesCard report={state.overview.escapes} />}
        <IntentionsCard report={state.overview.intentions} />
        <EstimatesCard user={user} />
        <BlockedAttemptsCard />
        <ShieldMeasuresCard />
        <Achievements headline={state.overview.headline} gallery={state.overview.gallery} />
      </>
    );
  }
  return <JourneyOverview user={user} state={state} historyDays={historyDays} />;
}
