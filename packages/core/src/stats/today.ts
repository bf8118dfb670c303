import { focusMinutesOf, isCompletedFocus, type StatsSession } from "./sessionRecord";

/** The Today's Progress card's numbers (spec §2, §3 Daily stats). */
export interface TodayProgress {
  /** Completed focus sessions. */
  completedSessionsToday: number;
  /** Their focus time, whole minutes (seconds summed, then rounded once). */
  totalFocusTimeToday: number;
}

/**
 * Today's Progress from today's sessions (spec §2): the caller has already limited them to
 * the local day (the range query of spec §7 plus today's waiting ones). Only completed focus
 * sessions count, as in every statistic.
 */
export function todayProgress(sessions: readonly StatsSession[]): TodayProgress {
  return {
    completedSessionsToday: sessions.filter(isCompletedFocus).length,
    totalFocusTimeToday: focusMinutesOf(sessions),
  };
}
