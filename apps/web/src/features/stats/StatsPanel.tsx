import { FREE_PLAN, planTier, type User } from "@focus/core";
import { lazy, Suspense } from "react";
import { Link } from "react-router-dom";
import { Check, Flame, History, RotateCw, Sparkles, Timer, UserPlus } from "lucide-react";
import { ErrorAlert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { ExportCard } from "@/features/data/ExportCard";
import { signupPoints } from "@/features/guest/GuestSignupPromo";
import { dispatchChangeTab, dispatchShowAuth } from "@/lib/events";
import { usePublicConfig } from "@/lib/publicConfig";
import { useNow } from "@/lib/useNow";
import { cn } from "@/lib/utils";
import { Achievements } from "./Achievements";
import { BlockedAttemptsCard } from "./BlockedAttemptsCard";
import { EstimatesCard } from "./EstimatesCard";
import { plural } from "./format";
import { ImpactCard } from "./ImpactCard";
import { MilestoneCard } from "./MilestoneCard";
import { RecentSessions } from "./RecentSessions";
import { SessionBreakdownCard } from "./SessionBreakdownCard";
import { StreakCalendar } from "./StreakCalendar";
import { LiveSessionCard } from "./LiveSessionCard";
import { SummaryCards } from "./SummaryCards";
import { isPreviewUser, useStatsOverview } from "./useStatsOverview";

/** recharts is loaded with the chart, after the tab's numbers: it stays out of the app's first chunk. */
const FocusChart = lazy(() => import("./FocusChart").then((m) => ({ default: m.FocusChart })));

/**
 * The Statistics tab (`docs/product.md`): 'Your Focus Journey' from the user's sessions, or, for the
 * preview user (a guest), 'Your Focus Journey Preview' from the guest's own sessions kept in this
 * browser, with an offer to sign up; before their first session, example statistics under a
 * visible 'Example' label.
 */
export function StatsPanel({ user }: { user: User }) {
  const state = useStatsOverview(user);
  const isPreview = isPreviewUser(user);
  const now = useNow(60_000);
  const onFreePlan = !isPreview && planTier(user, now) === "free";

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
      {onFreePlan && (
        <p data-testid="free-history-note" className="rounded-lg border bg-muted/40 px-4 py-3 text-sm text-muted-foreground">
          The Free plan keeps your last {FREE_PLAN.historyDays} days of statistics.{" "}
          <Link to="/subscription" className="font-medium text-primary underline-offset-4 hover:underline">
            Upgrade to Premium
          </Link>{" "}
          for your whole history.
        </p>
      )}
      {state.status === "loading" ? (
        <Card>
          <CardContent className="grid place-items-center py-16">
            <Spinner className="size-8 text-primary" label="Loading your statistics" showLabel />
          </CardContent>
        </Card>
      ) : state.status === "error" ? (
        <ErrorAlert>
          <p className="font-medium">Couldn't load your sessions.</p>
          <p className="text-muted-foreground">{state.error.message}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={state.retry}>
            <RotateCw aria-hidden />
            Try again
          </Button>
        </ErrorAlert>
      ) : state.overview.summary.totalSessions === 0 && !isPreview ? (
        <>
          <EmptyJourney />
          {/* Sessions stopped early are work too: shown, not hidden behind the empty state. */}
          {state.overview.breakdown.incomplete > 0 && <SessionBreakdownCard breakdown={state.overview.breakdown} />}
          <EstimatesCard user={user} />
          <BlockedAttemptsCard />
          <Achievements headline={state.overview.headline} gallery={state.overview.gallery} />
        </>
      ) : (
        <>
          {state.isExample && (
            <p data-testid="example-label" className="flex flex-wrap items-center gap-2 rounded-lg border border-dashed px-4 py-3 text-sm">
              <Badge variant="secondary">Example</Badge>
              <span className="text-muted-foreground">
                These are not your numbers: an example of what a few weeks of focus look like. Your own appear after your first
                session.
              </span>
            </p>
          )}
          <Card className="flex flex-wrap items-center gap-x-4 gap-y-2 border-primary/30 bg-accent/40 p-4 sm:p-5">
            <Sparkles className="size-6 shrink-0 text-primary" aria-hidden />
            <p className="min-w-0 flex-1 basis-56 font-medium">{state.overview.motivation.message}</p>
            {state.overview.streak.current > 0 && (
              <p className="flex shrink-0 items-center gap-1.5 text-sm font-medium">
                <Flame className="size-4 text-primary" aria-hidden />
                {plural(state.overview.streak.current, "day")} streak
              </p>
            )}
          </Card>
          {!state.isPreview && <LiveSessionCard />}
          <SummaryCards summary={state.overview.summary} />
          <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <Suspense fallback={<ChartPlaceholder />}>
              <FocusChart last7Days={state.overview.last7Days} last30Days={state.overview.last30Days} />
            </Suspense>
            <div className="grid content-start gap-6">
              <MilestoneCard minutesToday={state.overview.summary.focusMinutesToday} milestone={state.overview.milestone} />
              <ImpactCard impact={state.overview.impact} />
            </div>
          </div>
          <div className={cn("grid gap-6 lg:grid-cols-2", !isPreview && "items-start")}>
            <StreakCalendar
              days={state.overview.calendar}
              current={state.overview.streak.current}
              longest={state.overview.streak.longest}
            />
            {state.isExample ? (
              <OwnHistoryHint />
            ) : (
              <div className="grid gap-6">
                <SessionBreakdownCard breakdown={state.overview.breakdown} />
                <RecentSessions sessions={state.overview.recent} />
              </div>
            )}
          </div>
          <EstimatesCard user={user} />
          {!isPreview && <BlockedAttemptsCard />}
          <Achievements headline={state.overview.headline} gallery={state.overview.gallery} />
        </>
      )}
      {!isPreview && <ExportCard />}
    </div>
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

/** Where a real user's breakdown and recent sessions go; the preview has no real sessions. */
function OwnHistoryHint() {
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

function EmptyJourney() {
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

/** The guest signup promotion: the free trial (the server's length), cancel anytime, no credit card. */
function SignupOffer() {
  const { trialDays } = usePublicConfig();
  return (
    <Card className="border-primary/40 bg-accent/40">
      <CardContent className="flex flex-col gap-4 pt-6 md:flex-row md:items-center md:justify-between">
        <div className="grid gap-2">
          <p className="text-lg font-semibold">Start your own focus journey</p>
          <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
            {signupPoints(trialDays).map((point) => (
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
