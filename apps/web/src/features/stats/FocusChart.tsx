import type { DailyFocusPoint } from "@focus/core/stats";
import { useId, useState } from "react";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { chartCeiling, formatMinutes, plural } from "./format";

const RANGES = [
  { days: 7, label: "7 days" },
  { days: 30, label: "30 days" },
] as const;

/** Axis and tooltip text size, px: the app's `text-xs`. */
const TICK_FONT_SIZE = 12;
/** Colours are the app's CSS variables, so the chart follows the light and dark themes. */
const TICK = { fill: "var(--muted-foreground)", fontSize: TICK_FONT_SIZE } as const;

/**
 * Focus minutes per day for the last 7 or 30 days, a recharts bar chart. The points come computed
 * from the core (`dailyFocusSeries`); this only draws and labels them. `last30Days` is null when
 * the plan lists only the last 7 days: then only that range is offered.
 *
 * Accessibility: the chart is a figure named by the card title and described by the visible
 * summary line. Its SVG is recharts' accessibility layer: it can be reached with Tab, and the
 * arrow keys move the tooltip (a live region) from day to day. Every day's numbers are also
 * in a visually hidden table, the way a screen reader user browses them best.
 */
export function FocusChart({ last7Days, last30Days }: { last7Days: DailyFocusPoint[]; last30Days: DailyFocusPoint[] | null }) {
  const [chosen, setDays] = useState<7 | 30>(7);
  // Without the 30 days (the Free plan lists 7), the chart has its 7-day range only.
  const days = last30Days ? chosen : 7;
  const points = days === 30 && last30Days ? last30Days : last7Days;
  const ranges = last30Days ? RANGES : RANGES.filter((range) => range.days === 7);
  const id = useId();
  const total = points.reduce((sum, p) => sum + p.focusMinutes, 0);
  const best = points.reduce((a, p) => (p.focusMinutes > a ? p.focusMinutes : a), 0);
  const ceiling = chartCeiling(best);
  const summary = `${formatMinutes(total)} in the last ${days} days, best day ${formatMinutes(best)}`;

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle as="h3" id={`${id}-title`}>
            Focus time per day
          </CardTitle>
          <CardDescription id={`${id}-summary`}>{summary}</CardDescription>
        </div>
        {ranges.length > 1 && <RangeChoice ranges={ranges} days={days} onChoose={setDays} />}
      </CardHeader>
      <CardContent>
        <FocusBars points={points} days={days} summary={summary} ceiling={ceiling} id={id} />
        <FocusDaysTable points={points} titleId={`${id}-title`} />
      </CardContent>
    </Card>
  );
}

/** The range buttons (7 or 30 days); the one shown is pressed. */
function RangeChoice({ ranges, days, onChoose }: { ranges: readonly (typeof RANGES)[number][]; days: 7 | 30; onChoose: (days: 7 | 30) => void }) {
  return (
    <div role="group" aria-label="Chart range" className="inline-flex rounded-lg bg-muted p-1">
      {ranges.map((range) => (
        <Button
          key={range.days}
          variant="ghost"
          size="sm"
          aria-pressed={days === range.days}
          onClick={() => onChoose(range.days)}
          className={cn(
            "h-8 text-muted-foreground hover:bg-transparent",
            days === range.days && "bg-card text-foreground shadow-sm hover:bg-card dark:bg-background",
          )}
        >
          {range.label}
        </Button>
      ))}
    </div>
  );
}

/**
 * The bar chart of `points` (focus minutes per day) up to `ceiling` minutes, in a figure named by
 * the card's title (`id`-title) and described by its summary (`id`-summary).
 */
function FocusBars({ points, days, summary, ceiling, id }: { points: DailyFocusPoint[]; days: 7 | 30; summary: string; ceiling: number; id: string }) {
  const labels = new Map(points.map((p) => [p.day, p]));
  // 7 days: every weekday. 30 days: one date a week, ending today, so the labels fit at 390 px.
  const ticks = days === 7 ? points.map((p) => p.day) : points.filter((_, i) => (points.length - 1 - i) % 7 === 0).map((p) => p.day);
  const tickLabel = (day: string) => {
    const p = labels.get(day);
    return p ? dayLabel(p.start, days === 7 ? "weekday" : "date") : "";
  };

  return (
    <figure aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`} className="m-0">
      <BarChart
        responsive
        data={points}
        title={`Focus minutes per day, last ${days} days: ${summary}.`}
        margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
        barCategoryGap={days === 7 ? "20%" : "12%"}
        className="h-44 w-full lg:h-56 [&_.recharts-surface:focus-visible]:rounded-md [&_.recharts-surface:focus-visible]:outline-2 [&_.recharts-surface:focus-visible]:outline-offset-2 [&_.recharts-surface:focus-visible]:outline-ring [&_.recharts-surface]:outline-none"
      >
        <CartesianGrid vertical={false} stroke="var(--border)" strokeDasharray="4 4" />
        <XAxis
          dataKey="day"
          ticks={ticks}
          interval={0}
          tickFormatter={tickLabel}
          tick={TICK}
          tickLine={false}
          axisLine={{ stroke: "var(--border)" }}
        />
        <YAxis
          domain={[0, ceiling]}
          ticks={[0, ceiling / 2, ceiling]}
          allowDecimals={false}
          width={36}
          tick={TICK}
          tickLine={false}
          axisLine={false}
        />
        <Tooltip
          cursor={{ fill: "var(--muted)" }}
          separator=": "
          labelFormatter={(day) => {
            const p = labels.get(String(day));
            return p ? dayLabel(p.start, "long") : String(day);
          }}
          formatter={(value, _name, item) => {
            const p = item.payload as DailyFocusPoint;
            return [`${formatMinutes(Number(value))} · ${plural(p.sessions, "session")}`, "Focus"];
          }}
          contentStyle={{
            background: "var(--popover)",
            border: "1px solid var(--border)",
            borderRadius: "var(--radius-md)",
            color: "var(--popover-foreground)",
            fontSize: TICK_FONT_SIZE,
          }}
          labelStyle={{ color: "var(--popover-foreground)", fontWeight: 600 }}
          itemStyle={{ color: "var(--popover-foreground)" }}
        />
        <Bar dataKey="focusMinutes" name="Focus minutes" fill="var(--primary)" radius={[4, 4, 0, 0]} />
      </BarChart>
    </figure>
  );
}

/** Every day's numbers in a visually hidden table, named by the card's title (`titleId`). */
function FocusDaysTable({ points, titleId }: { points: DailyFocusPoint[]; titleId: string }) {
  // sr-only on a wrapper: a table ignores the 1px width and would widen the page.
  return (
    <div className="sr-only">
      <table aria-labelledby={titleId}>
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
  );
}

function dayLabel(start: number, style: "weekday" | "date" | "long"): string {
  const date = new Date(start);
  if (style === "weekday") return date.toLocaleDateString(undefined, { weekday: "short" });
  if (style === "date") return date.toLocaleDateString(undefined, { month: "numeric", day: "numeric" });
  return date.toLocaleDateString(undefined, { weekday: "long", month: "long", day: "numeric" });
}
