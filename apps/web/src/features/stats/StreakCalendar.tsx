import { WEEK_START_DAY, type StreakCalendarDay } from "@focus/core/stats";
import { Flame } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { plural } from "./format";

/**
 * The last 30 days as a calendar, weeks starting on Sunday like the stats' weeks. A filled day had
 * a completed focus session. One image for screen readers, labelled with the streaks and the number
 * of focus days.
 */
export function StreakCalendar({
  days,
  current,
  longest,
  className,
}: {
  days: StreakCalendarDay[];
  current: number;
  longest: number;
  className?: string;
}) {
  const focusDays = days.filter((d) => d.focused).length;
  const first = days[0];
  const leading = first ? (new Date(first.start).getDay() - WEEK_START_DAY + 7) % 7 : 0;
  const weekdays = Array.from({ length: 7 }, (_, i) =>
    new Date(2026, 10, 15 + ((i + WEEK_START_DAY) % 7)).toLocaleDateString(undefined, { weekday: "narrow" }),
  );
  const label = `Current streak ${plural(current, "day")}, longest ${plural(longest, "day")}. Focused on ${focusDays} of the last ${days.length} days.`;
  const today = days[days.length - 1]?.day;

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
              <p className="text-2xl font-semibold tabular-nums">{plural(current, "day")}</p>
              <p className="text-sm text-muted-foreground">Current streak · longest {plural(longest, "day")}</p>
            </div>
          </div>
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
                  title={`${new Date(d.start).toLocaleDateString(undefined, { month: "long", day: "numeric" })}: ${d.focused ? "focused" : "no focus session"}`}
                  className={cn(
                    "grid aspect-square place-items-center rounded-md tabular-nums",
                    d.focused ? "bg-primary font-semibold text-primary-foreground" : "bg-muted text-muted-foreground",
                    d.day === today && "ring-2 ring-ring ring-offset-2 ring-offset-card",
                  )}
                >
                  {new Date(d.start).getDate()}
                </span>
              ))}
            </div>
            <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-hidden>
              <span className="flex items-center gap-1.5">
                <span className="size-3 rounded-sm bg-primary" /> Focus day
              </span>
              <span className="flex items-center gap-1.5">
                <span className="size-3 rounded-sm bg-muted ring-1 ring-border" /> No session
              </span>
              <span className="flex items-center gap-1.5">
                <span className="size-3 rounded-sm ring-2 ring-ring" /> Today
              </span>
            </p>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
