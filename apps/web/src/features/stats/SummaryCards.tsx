import type { StatsSummary } from "@focus/core";
import { CalendarDays, CalendarRange, Clock, Sun, type LucideIcon } from "lucide-react";
import { Card } from "@/components/ui/card";
import { formatMinutes, plural } from "./format";

type Item = { icon: LucideIcon; label: string; value: string; detail: string };

/** The summary cards (`docs/product.md`, Statistics): today, this week, this month, all time. */
export function SummaryCards({ summary }: { summary: StatsSummary }) {
  const items: Item[] = [
    { icon: Sun, label: "Today", value: plural(summary.sessionsToday, "session"), detail: `${formatMinutes(summary.focusMinutesToday)} of focus` },
    {
      icon: CalendarDays,
      label: "This week",
      value: plural(summary.sessionsThisWeek, "session"),
      detail: `${formatMinutes(summary.focusMinutesThisWeek)} · ${summary.averageSessionsPerDay.toFixed(1)} a day on average`,
    },
    {
      icon: CalendarRange,
      label: "This month",
      value: plural(summary.sessionsThisMonth, "session"),
      detail: `${formatMinutes(summary.focusMinutesThisMonth)} of focus`,
    },
    { icon: Clock, label: "All time", value: formatMinutes(summary.totalFocusMinutes), detail: `${plural(summary.totalSessions, "session")} completed` },
  ];
  return (
    <ul aria-label="Summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
      {items.map(({ icon: Icon, label, value, detail }) => (
        <li key={label}>
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
