import { localDayKey } from "../format";
import { focusMinutesOf, isCompletedFocus, sessionEndMs, type StatsSession } from "./sessionRecord";

/** The Today's Progress card's numbers (daily stats). */
export interface TodayProgress {
  /** Completed focus sessions that ended today. */
  completedSessionsToday: number;
  /** Their focus time, whole minutes (seconds summed, then rounded once). */
  totalFocusTimeToday: number;
}

/**
 * Today's Progress as of `now` (epoch ms): the completed focus sessions among `sessions` that
 * ended on the local day of `now`, in `timeZone` (IANA name) or else the runtime's zone. A
 * session from 23:50 to 00:15 counts on the day it ends (docs/product.md). `sessions` may hold
 * any days; the others are ignored. The card, the Statistics summary and the timer's own
 * counters all follow this rule.
 */
export function todayProgress(sessions: readonly StatsSession[], now: number, timeZone?: string): TodayProgress {
  const today = localDayKey(now, timeZone);
  const ended = sessions.filter((s) => {
    const end = sessionEndMs(s);
    return isCompletedFocus(s) && Number.isFinite(end) && localDayKey(end, timeZone) === today;
  });
  return { completedSessionsToday: ended.length, totalFocusTimeToday: focusMinutesOf(ended) };
}
