import { localPeriodBounds } from "../days/calendar";
import { focusMinutesOf, isCompletedFocus, sessionEndMs, type StatsSession } from "../days/sessionRecord";
import { todayProgress } from "../days/today";

/** Average sessions per day is this week's sessions divided by 7 (`docs/product.md`). */
const DAYS_PER_WEEK = 7;

/**
 * The summary cards (`docs/product.md`, Statistics). Counts are completed focus sessions; minutes
 * are whole focus minutes. Periods are local: today, this week from Sunday, this calendar month.
 */
export interface StatsSummary {
  sessionsToday: number;
  focusMinutesToday: number;
  sessionsThisWeek: number;
  focusMinutesThisWeek: number;
  sessionsThisMonth: number;
  focusMinutesThisMonth: number;
  totalSessions: number;
  totalFocusMinutes: number;
  /** `sessionsThisWeek / 7`, unrounded (format it for display, e.g. one decimal). */
  averageSessionsPerDay: number;
}

/** The completed focus sessions among `sessions` that ended in [start, end). */
function completedFocusBetween(sessions: readonly StatsSession[], start: number, end: number): StatsSession[] {
  return sessions.filter((s) => {
    const t = sessionEndMs(s);
    return isCompletedFocus(s) && t >= start && t < end;
  });
}

/**
 * Summarises sessions as of `now` (epoch ms) in the local time zone. A session belongs to the
 * day (`todayProgress`), week and month in which it ended. All-time totals include every
 * completed focus session, also one with an unparseable start time.
 */
export function summarizeSessions(sessions: readonly StatsSession[], now: number): StatsSummary {
  const week = localPeriodBounds(now, "week");
  const month = localPeriodBounds(now, "month");
  const today = todayProgress(sessions, now);
  const thisWeek = completedFocusBetween(sessions, week.start, week.end);
  const thisMonth = completedFocusBetween(sessions, month.start, month.end);
  return {
    sessionsToday: today.completedSessionsToday,
    focusMinutesToday: today.totalFocusTimeToday,
    sessionsThisWeek: thisWeek.length,
    focusMinutesThisWeek: focusMinutesOf(thisWeek),
    sessionsThisMonth: thisMonth.length,
    focusMinutesThisMonth: focusMinutesOf(thisMonth),
    totalSessions: sessions.filter(isCompletedFocus).length,
    totalFocusMinutes: focusMinutesOf(sessions),
    averageSessionsPerDay: thisWeek.length / DAYS_PER_WEEK,
  };
}
