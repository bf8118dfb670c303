import type { DailyFocusPoint } from "@focus/core";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { chartCeiling, formatMinutes, plural } from "./format";

const RANGES = [
  { days: 7, label: "7 days" },
  { days: 30, label: "30 days" },
] as const;

/**
 * Focus minutes per day for the last 7 or 30 days (beyond the spec; recharts is not
 * available, so the bars are plain elements). The bars are one image for screen readers,
 * with a summary label; the exact numbers are in a visually hidden table.
 */
export function FocusChart({ last7Days, last30Days }: { last7Days: DailyFocusPoint[]; last30Days: DailyFocusPoint[] }) {
  const [days, setDays] = useState<7 | 30>(7);
  const points = days === 7 ? last7Days : last30Days;
  const id = useId();
  const total = points.reduce((sum, p) => sum + p.focusMinutes, 0);
  const best = points.reduce((a, p) => (p.focusMinutes > a ? p.focusMinutes : a), 0);
  const ceiling = chartCeiling(best);
  const summary = `Focus minutes per day, last ${days} days: ${formatMinutes(total)} in total, best day ${formatMinutes(best)}.`;

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle as="h3" id={`${id}-title`}>
            Focus time per day
          </CardTitle>
          <CardDescription>
            {formatMinutes(total)} in the last {days} days
          </CardDescription>
        </div>
        <div role="group" aria-label="Chart range" className="inline-flex rounded-lg bg-muted p-1">
          {RANGES.map((range) => (
            <Button
              key={range.days}
              variant="ghost"
              size="sm"
              aria-pressed={days === range.days}
              onClick={() => setDays(range.days)}
              className={cn(
                "h-8 text-muted-foreground hover:bg-transparent",
                days === range.days && "bg-card text-foreground shadow-sm hover:bg-card dark:bg-background",
              )}
            >
              {range.label}
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent>
        <div role="img" aria-label={summary} className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
          <div className="relative h-44 min-w-6 lg:h-56 text-right text-xs text-muted-foreground tabular-nums" aria-hidden>
            <span className="absolute top-0 right-0 -translate-y-1/2">{ceiling}</span>
            <span className="absolute top-1/2 right-0 -translate-y-1/2">{ceiling / 2}</span>
            <span className="absolute right-0 bottom-0 translate-y-1/2">0</span>
          </div>
          <div className="relative h-44 border-b border-l lg:h-56">
            <div className="absolute inset-x-0 top-0 border-t border-dashed" aria-hidden />
            <div className="absolute inset-x-0 top-1/2 border-t border-dashed" aria-hidden />
            <div className={cn("absolute inset-0 flex items-end", days === 7 ? "gap-3 px-3" : "gap-0.5 px-1 sm:gap-1")}>
              {points.map((p) => (
                <div
                  key={p.day}
                  title={`${dayLabel(p.start, "long")}: ${formatMinutes(p.focusMinutes)}`}
                  className={cn("min-w-0 flex-1 rounded-t-sm bg-primary/85", p.focusMinutes === 0 && "bg-transparent")}
                  style={{ height: `${(p.focusMinutes / ceiling) * 100}%` }}
                />
              ))}
            </div>
          </div>
          <span aria-hidden />
          <div className={cn("flex pt-1.5 text-xs text-muted-foreground", days === 7 ? "gap-3 px-3" : "gap-0.5 px-1 sm:gap-1")} aria-hidden>
            {points.map((p, i) => (
              <span key={p.day} className="min-w-0 flex-1 text-center whitespace-nowrap">
                {days === 7 ? dayLabel(p.start, "weekday") : (points.length - 1 - i) % 7 === 0 ? dayLabel(p.start, "date") : ""}
              </span>
            ))}
          </div>
        </div>
        {/* sr-only on a wrapper: a table ignores the 1px width and would widen the page. */}
        <div className="sr-only">
        <table aria-labelledby={`${id}-title`}>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Focus minutes</th>
              <th scope="col">Sessions</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.day}>
                <th scope="row">{dayLabel(p.start, "long")}</th>
                <td>{p.focusMinutes}</td>
                <td>{plural(p.sessions, "session")}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      </CardContent>
    </Card>
  );
}

function dayLabel(start: number, style: "weekday" | "date" | "long"): string {
  const date = new Date(start);
  if (style === "weekday") return date.toLocaleDateString(undefined, { weekday: "short" });
  if (style === "date") return date.toLocaleDateString(undefined, { month: "numeric", day: "numeric" });
  return date.toLocaleDateString(undefined, { weekday: "long", month: "long", day: "numeric" });
}
