import { localDayKey } from "../format";
import { addLocalDays } from "../days/calendar";
import { isCompletedFocus, sessionEndMs, type StatsSession } from "../days/sessionRecord";

/** Local day keys (`YYYY-MM-DD`) on which at least one completed focus session ended. */
export function focusDayKeys(sessions: readonly StatsSession[]): Set<string> {
  const days = new Set<string>();
  for (const s of sessions) {
    const t = sessionEndMs(s);
    if (isCompletedFocus(s) && Number.isFinite(t)) days.add(localDayKey(t));
  }
  return days;
}

/** Local midnight of a `YYYY-MM-DD` key, epoch ms. */
export function dayKeyStart(key: string): number {
  const [y, m, d] = key.split("-").map(Number);
  return new Date(y ?? 0, (m ?? 1) - 1, d ?? 1).getTime();
}

/** Counts consecutive days in `days` going back from the day of `from`. */
function runBackFrom(days: Set<string>, from: number): number {
  let count = 0;
  while (days.has(localDayKey(addLocalDays(from, -count)))) count++;
  return count;
}

/**
 * The current streak, in days (`docs/product.md`): consecutive local days with a completed focus
 * session, ending today, or ending yesterday when there is none yet today (the day is not
 * over, so the streak is not broken yet). 0 when neither today nor yesterday has one.
 */
export function currentStreak(sessions: readonly StatsSession[], now: number): number {
  const days = focusDayKeys(sessions);
  const fromToday = runBackFrom(days, now);
  return fromToday > 0 ? fromToday : runBackFrom(days, addLocalDays(now, -1));
}

/** The longest run of consecutive local days with a completed focus session, in days. */
export function longestStreak(sessions: readonly StatsSession[]): number {
  const keys = [...focusDayKeys(sessions)].sort();
  let longest = 0;
  let run = 0;
  let previous: string | undefined;
  for (const key of keys) {
    run = previous !== undefined && localDayKey(addLocalDays(dayKeyStart(previous), 1)) === key ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = key;
  }
  return longest;
}
