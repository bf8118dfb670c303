import { TASK_HISTORY_DAYS, type User } from "@focus/core/schemas";
import { estimateFactor, estimateReport, type EstimateTotals, type EstimateVerdict, type TaskEstimateRow } from "@focus/core/tasks";
import { RotateCw } from "lucide-react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { factorLine } from "@/runtime/tasks/estimateCopy";
import { useTaskList } from "@/runtime/tasks/useTasks";
import { useNow } from "@/lib/useNow";
import { cn } from "@/lib/utils";
import { plural } from "./format";

/** How a row's verdict reads, and its colour. */
const VERDICTS: Record<EstimateVerdict, { label: (difference: number) => string; className: string }> = {
  over: { label: (d) => `${d} over`, className: "text-amber-700 dark:text-amber-300" },
  under: { label: (d) => `${-d} under`, className: "text-sky-700 dark:text-sky-300" },
  onTarget: { label: () => "On target", className: "text-emerald-700 dark:text-emerald-300" },
  noSessions: { label: () => "Done without a session", className: "text-muted-foreground" },
  open: { label: () => "In progress", className: "text-muted-foreground" },
};

/** The totals line: "Done tasks took 11 focus sessions for 9 estimated: 2 over (accuracy 82%)." */
export function accuracyLine(totals: EstimateTotals): string {
  if (totals.doneTasks === 0) return "No task finished with a focus session in these days yet: the total comes with the first one.";
  const gap = totals.difference === 0 ? "exactly as estimated" : `${plural(Math.abs(totals.difference), "session")} ${totals.difference > 0 ? "over" : "under"}`;
  return `${plural(totals.doneTasks, "done task")} took ${plural(totals.actual, "focus session")} for ${totals.estimated} estimated: ${gap} (accuracy ${totals.accuracy ?? 0}%).`;
}

/** The report's tasks, one row each: estimate, actual and over or under (focus sessions). */
function EstimatesTable({ rows }: { rows: TaskEstimateRow[] }) {
  return (
    <div className="-mx-2 overflow-x-auto px-2">
      <table className="w-full text-sm">
        <thead className="text-left text-muted-foreground">
          <tr>
            <th scope="col" className="pb-2 font-medium">
              Task
            </th>
            <th scope="col" className="pb-2 pl-2 text-right font-medium sm:pl-3">
              Estimate
            </th>
            <th scope="col" className="pb-2 pl-2 text-right font-medium sm:pl-3">
              Actual
            </th>
            <th scope="col" className="hidden pb-2 pl-3 text-right font-medium sm:table-cell">
              <span className="sr-only">Over or under</span>
            </th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {rows.map((row) => (
            <tr key={row.clientId} className="border-t" data-testid="estimate-row">
              <th scope="row" className="py-2 text-left font-medium [overflow-wrap:anywhere]">
                <span data-testid="estimate-title">{row.title}</span>
                {/* On a phone the verdict goes under the title, leaving the title the room. */}
                <span className={cn("block text-xs font-normal sm:hidden", VERDICTS[row.verdict].className)}>
                  {VERDICTS[row.verdict].label(row.difference)}
                </span>
              </th>
              <td className="py-2 pl-2 text-right sm:pl-3">{row.estimate}</td>
              <td className="py-2 pl-2 text-right sm:pl-3">{row.actual}</td>
              <td className={cn("hidden py-2 pl-3 text-right whitespace-nowrap sm:table-cell", VERDICTS[row.verdict].className)}>
                {VERDICTS[row.verdict].label(row.difference)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Estimates vs actual, in the Statistics tab (`docs/product.md`, Tasks): the tasks of the last 30
 * days (done in them, or open with a focus session in them) with estimate, actual count and over
 * or under, and the accuracy of the done ones (core's `estimateReport`).
 */
export function EstimatesCard({ user }: { user: User }) {
  const list = useTaskList(user);
  const now = useNow(60_000);
  const report = estimateReport(list.tasks, now);
  const factor = estimateFactor(list.tasks, now);

  return (
    <Card aria-labelledby="estimates-title">
      <CardHeader className="pb-4">
        <CardTitle as="h3" id="estimates-title">
          Estimates vs actual
        </CardTitle>
        <CardDescription>Your tasks of the last {TASK_HISTORY_DAYS} days: the focus sessions you estimated, and what they took.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {list.status === "loading" ? (
          <div className="grid place-items-center py-6">
            <Spinner className="size-6 text-primary" label="Loading your tasks" showLabel />
          </div>
        ) : list.status === "error" && report.rows.length === 0 ? (
          <ErrorAlert>
            <p className="font-medium">Couldn't load your tasks.</p>
            <p className="text-muted-foreground">{list.error.message}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={list.retry}>
              <RotateCw aria-hidden />
              Try again
            </Button>
          </ErrorAlert>
        ) : report.rows.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="estimates-empty">
            No tasks in the last {TASK_HISTORY_DAYS} days. Add one beside the timer in the Focus Arena, estimate it in focus sessions, and
            pick it while you work: here you will see how your estimates compare.
          </p>
        ) : (
          <>
            <EstimatesTable rows={report.rows} />
            <p className="rounded-lg bg-muted/60 px-3 py-2 text-sm" data-testid="estimates-total">
              {accuracyLine(report.totals)}
            </p>
            {factor && (
              <p className="text-sm font-medium" data-testid="estimates-factor">
                {factorLine(factor)} Your task list's finish time allows for it.
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
