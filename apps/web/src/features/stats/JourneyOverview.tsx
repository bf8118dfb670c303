import type { User } from "@focus/core/schemas";
import { Flame, Sparkles } from "lucide-react";
import { lazy, Suspense } from "react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import { Achievements } from "./Achievements";
import { BlockedAttemptsCard } from "./BlockedAttemptsCard";
import { EstimatesCard } from "./EstimatesCard";
import { plural } from "./format";
import { ImpactCard } from "./ImpactCard";
import { ShieldMeasuresCard } from "./ShieldMeasuresCard";
import { LiveSessionCard } from "./LiveSessionCard";
import { MilestoneCard } from "./MilestoneCard";
import { EscapesCard } from "./EscapesCard";
import { IntentionsCard } from "./IntentionsCard";
import { RecentSessions } from "./RecentSessions";
import { SessionBreakdownCard } from "./SessionBreakdownCard";
import { StreakCalendar } from "./StreakCalendar";
import { OwnHistoryHint } from "./StatsPromos";
import { SummaryCards } from "./SummaryCards";
import type { StatsState } from "./useStatsOverview";

/** recharts is loaded with the chart, after the tab's numbers: it stays out of the app's first chunk. */
const FocusChart = lazy(() => import("./FocusChart").then((m) => ({ default: m.FocusChart })));

/**
 * The journey once there are sessions (or the example): motivation and streak, the summary, the
 * chart, milestones, impact, the calendar, breakdown and recent sessions, estimates and
 * achievements. `historyDays` (the Free plan's 7, else null) limits and labels what covers more.
 */
export function JourneyOverview({ user, state, historyDays }: { user: User; state: Extract<StatsState, { status: "ready" }>; historyDays: number | null }) {
  const { overview, isPreview, isExample } = state;
  const calendar = historyDays === null ? overview.calendar : overview.calendar.slice(-historyDays);
  return (
    <>
      {isExample && <ExampleLabel />}
      <Card className="flex flex-wrap items-center gap-x-4 gap-y-2 border-primary/30 bg-accent/40 p-4 sm:p-5">
        <Sparkles className="size-6 shrink-0 text-primary" aria-hidden />
        <p className="min-w-0 flex-1 basis-56 font-medium">{overview.motivation.message}</p>
        {overview.streak.current > 0 && (
          <p className="flex shrink-0 items-center gap-1.5 text-sm font-medium">
            <Flame className="size-4 text-primary" aria-hidden />
            Streak: {plural(overview.streak.current, "focus day")}
          </p>
        )}
      </Card>
      {!isPreview && <LiveSessionCard />}
      <SummaryCards summary={overview.summary} historyDays={historyDays} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Suspense fallback={<ChartPlaceholder />}>
          <FocusChart last7Days={overview.last7Days} last30Days={historyDays === null ? overview.last30Days : null} />
        </Suspense>
        <div className="grid content-start gap-6">
          <MilestoneCard minutesToday={overview.summary.focusMinutesToday} milestone={overview.milestone} />
          <ImpactCard impact={overview.impact} />
        </div>
      </div>
      <div className={cn("grid gap-6 lg:grid-cols-2", !isPreview && "items-start")}>
        <StreakCalendar days={calendar} streak={overview.streak} />
        {isExample ? (
          <OwnHistoryHint />
        ) : (
          <div className="grid gap-6">
            <SessionBreakdownCard breakdown={overview.breakdown} />
            <RecentSessions sessions={overview.recent} />
            {overview.escapes.total > 0 && <EscapesCard report={overview.escapes} />}
          </div>
        )}
      </div>
      {!isExample && <IntentionsCard report={overview.intentions} />}
      <EstimatesCard user={user} />
      {!isPreview && <BlockedAttemptsCard />}
      {!isPreview && <ShieldMeasuresCard />}
      <Achievements headline={overview.headline} gallery={overview.gallery} />
    </>
  );
}

/** Says the numbers are an example, not the user's own. */
function ExampleLabel() {
  return (
    <p data-testid="example-label" className="flex flex-wrap items-center gap-2 rounded-lg border border-dashed px-4 py-3 text-sm">
      <Badge variant="secondary">Example</Badge>
      <span className="text-muted-foreground">
        These are not your numbers: an example of what a few weeks of focus look like. Your own appear after your first session.
      </span>
    </p>
  );
}

/** The chart's card while recharts loads, the chart's size so nothing jumps. */
function ChartPlaceholder() {
  return (
    <Card className="grid h-80 place-items-center lg:h-96">
      <Spinner className="size-6 text-primary" label="Loading the chart" />
    </Card>
  );
}
