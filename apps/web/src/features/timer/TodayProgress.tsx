import { BarChart3 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { dispatchChangeTab } from "@/lib/events";
import { countersOf } from "@focus/core/timer";
import { shallowEqual } from "@xstate/react";
import { useUser } from "@/runtime/auth";
import { TimerActor } from "@/runtime/timerActor";
import { useTodaySessions } from "@/runtime/useTodaySessions";

/**
 * Today's Progress card: completed focus sessions and minutes that ended today, from the
 * server plus the outbox (`useTodaySessions`); a guest's come from the timer's own counters,
 * kept by the same rule (nothing of a guest is on the server).
 */
export function TodayProgress() {
  const { user } = useUser();
  const isGuest = user?.isGuest ?? false;
  // The chart's counters carry its day, so a new day (the host wakes the chart at midnight)
  // re-renders the card and the server's numbers are asked for the new day.
  const local = TimerActor.useSelector((s) => countersOf(s.context), shallowEqual);
  const server = useTodaySessions(local.dayKey, !isGuest);
  const today = isGuest ? { isPending: false, isError: false, data: local } : server;
  const value = (n: number | undefined) => (today.isPending ? "…" : today.isError ? "–" : String(n ?? 0));
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Today's Progress</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-2 gap-3">
          <div className="rounded-lg bg-muted/60 p-3">
            <dt className="text-xs text-muted-foreground">Sessions completed</dt>
            <dd className="text-2xl font-semibold tabular-nums" data-testid="today-sessions">
              {value(today.data?.completedSessionsToday)}
            </dd>
          </div>
          <div className="rounded-lg bg-muted/60 p-3">
            <dt className="text-xs text-muted-foreground">Focus minutes</dt>
            <dd className="text-2xl font-semibold tabular-nums" data-testid="today-minutes">
              {value(today.data?.totalFocusTimeToday)}
            </dd>
          </div>
        </dl>
        {today.isError && <p className="text-sm text-destructive">Could not load today's sessions.</p>}
        <Button variant="outline" className="w-full" onClick={() => dispatchChangeTab("stats")}>
          <BarChart3 className="mr-2 h-4 w-4" aria-hidden="true" />
          View Full Stats
        </Button>
      </CardContent>
    </Card>
  );
}
