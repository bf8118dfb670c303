import { WEEKLY_GOAL_DAYS } from "../constants";
import { localDayKey } from "../format";
import { addLocalDays, startOfLocalDay, startOfLocalWeek } from "../days/calendar";
import type { StatsSession } from "../days/sessionRecord";
import { walk, weeklyGoal } from "./momentum";

/**
 * The streak calendar (`docs/product.md`, the streak as momentum): each of the last days marked
 * from the momentum walk. Its own module, so the Focus Arena's nudge loads the walk alone.
 */

/**
 * What a calendar day was to the run: `focus` (a completed focus session), `mended` (the one
 * missed day a run survives, carried on by what came next), `freeze` (a second missed day in a
 * row that a freeze covered), `rest` (a day off in a week whose goal was met), or `none`.
 */
export type DayMark = "focus" | "mended" | "freeze" | "rest" | "none";

/** One cell of the streak calendar: a local day and what it was to the run. */
export interface StreakCalendarDay {
  /** Local day, `YYYY-MM-DD`. */
  day: string;
  /** Local midnight starting the day, epoch ms. */
  start: number;
  /** The day had a completed focus session. */
  focused: boolean;
  mark: DayMark;
}

/**
 * The last `count` local days, oldest first, ending today, each with its mark (`DayMark`): what
 * the streak calendar shows. A day off is `rest` when its week (from WEEK_START_DAY) met the
 * goal of `weeklyGoalDays` focus days, this week counting up to today.
 */
export function streakCalendar(sessions: readonly StatsSession[], now: number, count: number, weeklyGoalDays: number = WEEKLY_GOAL_DAYS.default): StreakCalendarDay[] {
  const { marks, days } = walk(sessions, now);
  const goal = weeklyGoal(weeklyGoalDays);
  const today = startOfLocalDay(now);
  const weekMet = new Map<number, boolean>();
  const metWeek = (start: number): boolean => {
    const weekStart = startOfLocalWeek(start);
    let met = weekMet.get(weekStart);
    if (met === undefined) {
      let focusDays = 0;
      for (let day = weekStart, i = 0; i < 7 && day <= today; day = addLocalDays(day, 1), i++) if (days.has(localDayKey(day))) focusDays += 1;
      met = focusDays >= goal;
      weekMet.set(weekStart, met);
    }
    return met;
  };
  return Array.from({ length: Math.max(0, Math.floor(count)) }, (_, i) => {
    const start = addLocalDays(today, i - Math.floor(count) + 1);
    const day = localDayKey(start);
    const focused = days.has(day);
    const mark: DayMark = focused ? "focus" : (marks.get(day) ?? (metWeek(start) ? "rest" : "none"));
    return { day, start, focused, mark };
  });
}
