import { localDayKey } from "../format";

/**
 * Calendar helpers in the runtime's local time zone (the user's, in a browser). Every
 * function takes the instant it reasons about (`now`, epoch ms) and never reads the clock.
 * Days are built with the local `Date` constructor, so a day is midnight to midnight even
 * when a daylight-saving change makes it 23 or 25 hours long.
 */

/** The week starts on Sunday (`docs/product.md`, Statistics), as `Date#getDay` numbers it. */
export const WEEK_START_DAY = 0;

/** A calendar period used by the summaries: the local day, week (from Sunday) or month. */
type LocalPeriod = "day" | "week" | "month";

/** Epoch ms of local midnight starting the day that contains `now`. */
export function startOfLocalDay(now: number): number {
  const d = new Date(now);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** Epoch ms of local midnight starting the day `days` after (or before, if negative) the day of `now`. */
export function addLocalDays(now: number, days: number): number {
  const d = new Date(now);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days).getTime();
}

/** Epoch ms of local midnight starting the week (Sunday) that contains `now`. */
export function startOfLocalWeek(now: number): number {
  const back = (new Date(now).getDay() - WEEK_START_DAY + 7) % 7;
  return addLocalDays(now, -back);
}

/** Epoch ms of local midnight starting the first day of the month that contains `now`. */
export function startOfLocalMonth(now: number): number {
  const d = new Date(now);
  return new Date(d.getFullYear(), d.getMonth(), 1).getTime();
}

/**
 * Start (inclusive) and end (exclusive), epoch ms, of the local day, week or month that
 * contains `now`. The day bounds are what `GET /api/sessions/range` asks for (`docs/api.md`).
 */
export function localPeriodBounds(now: number, period: LocalPeriod): { start: number; end: number } {
  if (period === "day") return { start: startOfLocalDay(now), end: addLocalDays(now, 1) };
  if (period === "week") {
    const start = startOfLocalWeek(now);
    return { start, end: addLocalDays(start, 7) };
  }
  const d = new Date(now);
  return { start: startOfLocalMonth(now), end: new Date(d.getFullYear(), d.getMonth() + 1, 1).getTime() };
}

/**
 * The last `count` local days as `YYYY-MM-DD` keys, oldest first, ending with the day of
 * `now` (so `count` 7 is today and the six days before it). A count below 1 gives [].
 */
export function lastLocalDayKeys(now: number, count: number): string[] {
  const keys: string[] = [];
  for (let i = Math.floor(count) - 1; i >= 0; i--) keys.push(localDayKey(addLocalDays(now, -i)));
  return keys;
}
