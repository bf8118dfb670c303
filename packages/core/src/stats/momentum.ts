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
  /** The last day was missed and nothing has carried the run past it yet. */
  missPending: boolean;
}

const NO_RUN: Run = { streak: 0, freezes: 0, towardFreeze: 0, missPending: false };

function focusDay(run: Run): Run {
  const towardFreeze = run.towardFreeze + 1;
  const earned = towardFreeze === FOCUS_DAYS_PER_FREEZE;
  return {
    streak: run.streak + 1,
    freezes: earned ? Math.min(MAX_FREEZES, run.freezes + 1) : run.freezes,
    towardFreeze: earned ? 0 : towardFreeze,
    missPending: false,
  };
}

function missedDay(run: Run): Run {
  if (run.streak === 0) return NO_RUN;
  // The first missed day: the run waits for the next day's session.
  if (!run.missPending) return { ...run, missPending: true };
  // Missed twice in a row: a freeze covers the day, or the run ends.
  if (run.freezes > 0) return { ...run, freezes: run.freezes - 1 };
  return NO_RUN;
}

/**
 * The momentum of `sessions` (completed focus sessions count, on the local day they end) at
 * `now` (epoch ms, this device's time zone): the current and longest runs in focus days, the
 * freezes held, whether today's session is what keeps the run, and the week's focus days against
 * `weeklyGoalDays` (default WEEKLY_GOAL_DAYS.default).
 */
export function momentum(sessions: readonly StatsSession[], now: number, weeklyGoalDays: number = WEEKLY_GOAL_DAYS.default): Momentum {
  const days = focusDayKeys(sessions);
  const today = startOfLocalDay(now);
  const todayKey = localDayKey(today);
  const first = [...days].sort()[0];

  let run = NO_RUN;
  let longest = 0;
  if (first !== undefined && first < todayKey) {
    // Each local day from the first focus day to yesterday (addLocalDays keeps to local
    // midnights across daylight-saving changes).
    for (let day = dayKeyStart(first); day < today; day = addLocalDays(day, 1)) {
      run = days.has(localDayKey(day)) ? focusDay(run) : missedDay(run);
      longest = Math.max(longest, run.streak);
    }
  }
  const focusedToday = days.has(todayKey);
  if (focusedToday) run = focusDay(run);
  longest = Math.max(longest, run.streak);

  const weekStart = startOfLocalWeek(now);
  let weekDays = 0;
  for (let day = weekStart; day <= today; day = addLocalDays(day, 1)) if (days.has(localDayKey(day))) weekDays += 1;
  const goal = Math.max(WEEKLY_GOAL_DAYS.min, Math.min(WEEKLY_GOAL_DAYS.max, Math.round(weeklyGoalDays)));

  return {
    streak: run.streak,
    longest,
    freezes: run.freezes,
    needsToday: !focusedToday && run.streak > 0 && run.missPending,
    week: { focusDays: weekDays, goal, met: weekDays >= goal },
  };
}
