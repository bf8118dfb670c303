import { MAX_FREEZES, WEEK_START_DAY, dayKeyStart, streakNudge, type DayMark, type StatsOverview, type StreakCalendarDay } from "@focus/core/stats";
import { Flame, Snowflake, Target } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { plural } from "./format";

/**
 * The streak as momentum (`docs/product.md`, Statistics: runs of focus days that survive one
 * missed day, freezes, the weekly goal) over the last 30 days as a calendar, weeks starting on
 * Sunday like the stats' weeks. Each day shows its mark (`streakCalendar` in core): a focus day,
 * a day off the streak carried past, a day a freeze covered, a rest day of a week whose goal was
 * met, or a plain "no session", never a failure. The calendar is one image for screen readers,
 * labelled with the streak and the number of focus days; each day's title names its mark.
 */
export function StreakCalendar({ days, streak, className }: { days: StreakCalendarDay[]; streak: StatsOverview["streak"]; className?: string }) {
  const { current, longest, consecutive, freezes, toNextFreeze, lastFreezeUsed, needsToday, week } = streak;
  const focusDays = days.filter((d) => d.focused).length;
  const nudge = streakNudge({ needsToday, freezes });
  const label = `Streak ${plural(current, "focus day")}, longest ${plural(longest, "focus day")}. Focused on ${focusDays} of the last ${days.length} days.`;

  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle as="h3">Streak</CardTitle>
        <CardDescription>
          Focused on {focusDays} of the last {days.length} days
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="grid gap-5">
          <div className="flex items-center gap-3">
            <span className="grid size-11 place-items-center rounded-full bg-accent text-accent-foreground">
              <Flame className="size-5" aria-hidden />
            </span>
            <div>
              <p className="text-2xl font-semibold tabular-nums" data-testid="streak-current">
                {plural(current, "focus day")}
              </p>
              <p className="text-sm text-muted-foreground">
                Streak · longest {plural(longest, "focus day")} · {plural(consecutive, "day")} in a row
              </p>
            </div>
          </div>
          <ul className="grid gap-2 text-sm" data-testid="streak-momentum">
            <li className="flex items-center gap-2">
              <Target className="size-4 shrink-0 text-primary" aria-hidden />
              <span>
                {week.focusDays} of {week.goal} days this week{week.met ? ": goal reached" : ""}
              </span>
            </li>
            <li className="flex items-center gap-2">
              <Snowflake className="size-4 shrink-0 text-primary" aria-hidden />
              <span data-testid="streak-freezes">{freezeLine(freezes, toNextFreeze, lastFreezeUsed)}</span>
            </li>
            {nudge && (
              <li className="rounded-md bg-accent/60 px-3 py-2 font-medium" data-testid="streak-needs-today">
                {nudge}
              </li>
            )}
          </ul>
          <StreakDays days={days} label={label} />
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * The days as a calendar under weekday initials (weeks start on WEEK_START_DAY), today ringed,
 * with its legend; one image for screen readers, named `label`.
 */
function StreakDays({ days, label }: { days: StreakCalendarDay[]; label: string }) {
  const first = days[0];
  const leading = first ? (new Date(first.start).getDay() - WEEK_START_DAY + 7) % 7 : 0;
  const weekdays = Array.from({ length: 7 }, (_, i) =>
    new Date(2026, 10, 15 + ((i + WEEK_START_DAY) % 7)).toLocaleDateString(undefined, { weekday: "narrow" }),
  );
  const today = days[days.length - 1]?.day;

  return (
    <div className="grid gap-4">
      <div role="img" aria-label={label} className="grid max-w-xs grid-cols-7 gap-1.5 text-center text-xs">
        {weekdays.map((w, i) => (
          <span key={i} className="pb-1 font-medium text-muted-foreground">
            {w}
          </span>
        ))}
        {Array.from({ length: leading }, (_, i) => (
          <span key={`pad-${i}`} />
        ))}
        {days.map((d) => (
          <span
            key={d.day}
            data-mark={d.mark}
            title={`${new Date(d.start).toLocaleDateString(undefined, { month: "long", day: "numeric" })}: ${DAY_MARKS[d.mark].title}`}
            className={cn(
              "relative grid aspect-square place-items-center rounded-md tabular-nums",
              DAY_MARKS[d.mark].className,
              d.day === today && "ring-2 ring-ring ring-offset-2 ring-offset-card",
            )}
          >
            {new Date(d.start).getDate()}
            {d.mark === "freeze" && <Snowflake className="absolute right-0.5 top-0.5 size-2.5" aria-hidden />}
          </span>
        ))}
      </div>
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-hidden>
        {LEGEND.map((mark) => (
          <span key={mark} className="flex items-center gap-1.5">
            <span className={cn("size-3 rounded-sm", DAY_MARKS[mark].swatch)} /> {DAY_MARKS[mark].legend}
          </span>
        ))}
        <span className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm ring-2 ring-ring" /> Today
        </span>
      </p>
    </div>
  );
}

/** How each mark looks in a day's cell and the legend, and what its title says. */
const DAY_MARKS: Record<DayMark, { className: string; swatch: string; legend: string; title: string }> = {
  focus: { className: "bg-primary font-semibold text-primary-foreground", swatch: "bg-primary", legend: "Focus day", title: "focus day" },
  mended: { className: "bg-primary/25 text-foreground", swatch: "bg-primary/25", legend: "Day off, streak kept", title: "day off, your streak carried on" },
  freeze: { className: "bg-sky-200 text-sky-950 dark:bg-sky-900 dark:text-sky-50", swatch: "bg-sky-200 dark:bg-sky-900", legend: "Freeze used", title: "a freeze covered this day" },
  rest: { className: "border border-dashed border-primary/70 text-foreground", swatch: "border border-dashed border-primary/70", legend: "Rest day, goal met", title: "rest day, the week's goal was met" },
  none: { className: "bg-muted text-muted-foreground", swatch: "bg-muted ring-1 ring-border", legend: "No session", title: "no focus session" },
};
const LEGEND: DayMark[] = ["focus", "mended", "freeze", "rest", "none"];

/** The freeze line: freezes held, or the last one used, and how far the next one is. */
function freezeLine(freezes: number, toNextFreeze: number, lastFreezeUsed: string | null): string {
  const next = freezes < MAX_FREEZES ? ` · next after ${plural(toNextFreeze, "more focus day")}` : "";
  if (freezes > 0) return `${plural(freezes, "freeze")} held: each covers a second day off in a row${next}`;
  if (lastFreezeUsed) return `Freeze used on ${dayLabel(lastFreezeUsed)}: your streak carried on${next}`;
  return `No freeze yet: one comes with every 7th focus day${next}`;
}

/** `YYYY-MM-DD` as "November 24" in the user's language. */
function dayLabel(key: string): string {
  return new Date(dayKeyStart(key)).toLocaleDateString(undefined, { month: "long", day: "numeric" });
}
