import { WEEKLY_GOAL_DAYS } from "../constants";
import { localDayKey } from "../format";
import { addLocalDays, startOfLocalDay, startOfLocalWeek } from "../days/calendar";
import type { StatsSession } from "../days/sessionRecord";
import { dayKeyStart, focusDayKeys } from "./streak";

/**
 * The streak as momentum, "never miss twice" (`docs/product.md`, Statistics and achievements):
 * a run of focus days survives one missed day, a freeze covers each further missed day in a row,
 * and a freeze is earned on every 7th focus day of a run (at most 2 kept).
 */

/** A freeze is earned on every this-many-th focus day of a run. */
export const FOCUS_DAYS_PER_FREEZE = 7;
/** Freezes kept at most. */
export const MAX_FREEZES = 2;

/** The streak and the week's goal as of a moment. */
export interface Momentum {
  /** Focus days in the current run (0: no run). */
  streak: number;
  /** Focus days in the longest run so far, the current one included. */
  longest: number;
  /** Freezes held now, 0 to MAX_FREEZES. */
  freezes: number;
  /** Focus days of this run still to go before the next freeze is earned (1 to FOCUS_DAYS_PER_FREEZE). */
  toNextFreeze: number;
  /** The latest day (`YYYY-MM-DD`) a freeze covered in the current run, or null. */
  lastFreezeUsed: string | null;
  /**
   * Yesterday was missed (or covered) and today has no completed focus session yet: a session
   * today carries the run on; without one, tomorrow a freeze covers today, or the run ends.
   */
  needsToday: boolean;
  /** Focus days this week (from the week's first day, today included) against the goal. */
  week: { focusDays: number; goal: number; met: boolean };
}

/** The run as the walk over the days leaves it. */
interface Run {
  streak: number;
  freezes: number;
  /** Focus days since the run's last freeze was earned. */
  towardFreeze: number;
  /** The missed day that nothing has carried the run past yet, `YYYY-MM-DD`, or null. */
  missPending: string | null;
  /** The latest day a freeze covered in this run. */
  lastFreezeUsed: string | null;
}

const NO_RUN: Run = { streak: 0, freezes: 0, towardFreeze: 0, missPending: null, lastFreezeUsed: null };

/** The walk's result: the run at its end, the longest run, and each missed day the run carried past. */
export interface Walk {
  run: Run;
  longest: number;
  /** Missed days that were `mended` or `freeze`, by day key. */
  marks: Map<string, "mended" | "freeze">;
  /** The focus days, `YYYY-MM-DD`. */
  days: Set<string>;
}

function focusDay(run: Run, marks: Walk["marks"]): Run {
  if (run.missPending && !marks.has(run.missPending)) marks.set(run.missPending, "mended");
  const towardFreeze = run.towardFreeze + 1;
  const earned = towardFreeze === FOCUS_DAYS_PER_FREEZE;
  return {
    ...run,
    streak: run.streak + 1,
    freezes: earned ? Math.min(MAX_FREEZES, run.freezes + 1) : run.freezes,
    towardFreeze: earned ? 0 : towardFreeze,
    missPending: null,
  };
}

function missedDay(run: Run, day: string, marks: Walk["marks"]): Run {
  if (run.streak === 0) return NO_RUN;
  // The first missed day: the run waits for the next day's session.
  if (!run.missPending) return { ...run, missPending: day };
  // Missed twice in a row: a freeze covers the day, or the run ends.
  if (run.freezes > 0) {
    if (!marks.has(run.missPending)) marks.set(run.missPending, "mended");
    marks.set(day, "freeze");
    return { ...run, freezes: run.freezes - 1, missPending: day, lastFreezeUsed: day };
  }
  return NO_RUN;
}

/** Walks every local day from the first focus day to today (`docs/product.md`, the streak as momentum). */
export function walk(sessions: readonly StatsSession[], now: number): Walk {
  const days = focusDayKeys(sessions);
  const today = startOfLocalDay(now);
  const todayKey = localDayKey(today);
  const first = [...days].sort()[0];
  const marks: Walk["marks"] = new Map();

  let run = NO_RUN;
  let longest = 0;
  if (first !== undefined && first < todayKey) {
    // Each local day from the first focus day to yesterday (addLocalDays keeps to local
    // midnights across daylight-saving changes).
    for (let day = dayKeyStart(first); day < today; day = addLocalDays(day, 1)) {
      const key = localDayKey(day);
      run = days.has(key) ? focusDay(run, marks) : missedDay(run, key, marks);
      longest = Math.max(longest, run.streak);
    }
  }
  // Today is never missed while it lasts.
  if (days.has(todayKey)) run = focusDay(run, marks);
  return { run, longest: Math.max(longest, run.streak), marks, days };
}

/** The weekly goal in focus days, kept within WEEKLY_GOAL_DAYS. */
export function weeklyGoal(weeklyGoalDays: number): number {
  return Math.max(WEEKLY_GOAL_DAYS.min, Math.min(WEEKLY_GOAL_DAYS.max, Math.round(weeklyGoalDays)));
}

/**
 * The momentum of `sessions` (completed focus sessions count, on the local day they end) at
 * `now` (epoch ms, this device's time zone): the current and longest runs in focus days, the
 * freezes held and the next one, whether today's session is what keeps the run, and the week's
 * focus days against `weeklyGoalDays` (default WEEKLY_GOAL_DAYS.default).
 */
export function momentum(sessions: readonly StatsSession[], now: number, weeklyGoalDays: number = WEEKLY_GOAL_DAYS.default): Momentum {
  const { run, longest, days } = walk(sessions, now);
  const today = startOfLocalDay(now);
  const focusedToday = days.has(localDayKey(today));

  let weekDays = 0;
  for (let day = startOfLocalWeek(now); day <= today; day = addLocalDays(day, 1)) if (days.has(localDayKey(day))) weekDays += 1;
  const goal = weeklyGoal(weeklyGoalDays);

  return {
    streak: run.streak,
    longest,
    freezes: run.freezes,
    toNextFreeze: FOCUS_DAYS_PER_FREEZE - run.towardFreeze,
    lastFreezeUsed: run.lastFreezeUsed,
    needsToday: !focusedToday && run.streak > 0 && run.missPending !== null,
    week: { focusDays: weekDays, goal, met: weekDays >= goal },
  };
}

/**
 * The line that asks for today's session on the day it keeps the run (`needsToday`), or null:
 * "A freeze covers today if you need it." with a freeze in hand, else "One session today keeps
 * your streak going." Shown beside Start and in Statistics.
 */
export function streakNudge(m: Pick<Momentum, "needsToday" | "freezes">): string | null {
  if (!m.needsToday) return null;
  return m.freezes > 0 ? "A freeze covers today if you need it." : "One session today keeps your streak going.";
}
