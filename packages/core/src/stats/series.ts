import { localDayKey } from "../format";
import { addLocalDays } from "../days/calendar";
import { isCompletedFocus, secondsToMinutes, sessionEndMs, type StatsSession } from "../days/sessionRecord";

/** One bar of the per-day chart: a local day, its completed focus sessions and focus minutes. */
export interface DailyFocusPoint {
  /** Local day, `YYYY-MM-DD`. */
  day: string;
  /** Local midnight starting the day, epoch ms (for weekday and date labels). */
  start: number;
  sessions: number;
  /** Whole minutes of completed focus that ended that day. */
  focusMinutes: number;
}

function lastDays(now: number, days: number): { day: string; start: number }[] {
  const out: { day: string; start: number }[] = [];
  for (let i = Math.floor(days) - 1; i >= 0; i--) {
    const start = addLocalDays(now, -i);
    out.push({ day: localDayKey(start), start });
  }
  return out;
}

/**
 * Completed focus sessions and focus minutes per local day for the last `days` days
 * (e.g. 7 or 30), oldest first, ending today; days without sessions are 0.
 */
export function dailyFocusSeries(sessions: readonly StatsSession[], now: number, days: number): DailyFocusPoint[] {
  const totals = new Map<string, { sessions: number; seconds: number }>();
  for (const s of sessions) {
    const t = sessionEndMs(s);
    if (!isCompletedFocus(s) || !Number.isFinite(t)) continue;
    const key = localDayKey(t);
    const total = totals.get(key) ?? { sessions: 0, seconds: 0 };
    total.sessions += 1;
    total.seconds += s.duration;
    totals.set(key, total);
  }
  return lastDays(now, days).map(({ day, start }) => {
    const total = totals.get(day);
    return { day, start, sessions: total?.sessions ?? 0, focusMinutes: secondsToMinutes(total?.seconds ?? 0) };
  });
}
