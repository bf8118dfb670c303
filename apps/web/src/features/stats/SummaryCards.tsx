import { type StatsSummary } from "@focus/core/stats";
import { STATS_COPY } from "@focus/core/subscription";
import { CalendarDays, CalendarRange, Clock, Sun, type LucideIcon } from "lucide-react";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { formatMinutes, plural } from "./format";

type Item = { icon: LucideIcon; label: string; value: string; detail: string };

/**
 * The summary cards (`docs/product.md`, Statistics): today, this week, this month, all time. When
 * the plan lists only the last `historyDays` days (the Free plan's 7), the month and all-time
 * cards give way to one card labelled for those days (core's plan wording table).
 */
export function SummaryCards({ summary, historyDays = null }: { summary: StatsSummary; historyDays?: number | null }) {
  const items: Item[] = [
    { icon: Sun, label: "Today", value: plural(summary.sessionsToday, "session"), detail: `${formatMinutes(summary.focusMinutesToday)} of focus` },
    {
      icon: CalendarDays,
      label: "This week",
      value: plural(summary.sessionsThisWeek, "session"),
      detail: `${formatMinutes(summary.focusMinutesThisWeek)} · ${summary.averageSessionsPerDay.toFixed(1)} a day on average`,
    },
    ...(historyDays === null ? wholeHistory(summary) : [lastDays(summary)]),
  ];
  return (
    <ul aria-label="Summary" className={cn("grid grid-cols-2 gap-3 lg:gap-4", items.length === 4 ? "lg:grid-cols-4" : "lg:grid-cols-3")}>
      {items.map(({ icon: Icon, label, value, detail }, index) => (
        <li key={label} className={cn(items.length === 3 && index === 2 && "max-lg:col-span-2")}>
          <Card className="h-full p-4 sm:p-5">
            <p className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
              <Icon className="size-4" aria-hidden />
              {label}
            </p>
            <p className="mt-2 text-xl font-semibold tracking-tight tabular-nums sm:text-2xl">{value}</p>
            <p className="mt-1 text-sm text-muted-foreground">{detail}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** This month and all time, when the whole history is listed. */
function wholeHistory(summary: StatsSummary): Item[] {
  return [
    { icon: CalendarRange, label: "This month", value: plural(summary.sessionsThisMonth, "session"), detail: `${formatMinutes(summary.focusMinutesThisMonth)} of focus` },
    { icon: Clock, label: "All time", value: formatMinutes(summary.totalFocusMinutes), detail: `${plural(summary.totalSessions, "session")} completed` },
  ];
}

/** Everything the plan lists (its last days), labelled as such. */
function lastDays(summary: StatsSummary): Item {
  return { icon: Clock, label: STATS_COPY.rangeLabel, value: formatMinutes(summary.totalFocusMinutes), detail: `${plural(summary.totalSessions, "session")} completed` };
}
