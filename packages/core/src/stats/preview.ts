import type { Session } from "../schemas/session";

/**
 * Completed focus sessions per day of the example history, index 0 being today and index i
 * being i days ago. Hand-written to look like a real user's month: busy and light days,
 * a few days off (single ones, and one two-day gap a freeze covers), and 4 focus days in a
 * row running into today.
 */
const PREVIEW_DAILY_SESSIONS = [
  3, 4, 5, 2, 0, 6, 4, 3, 8, 2, 0, 0, 4, 5, 3, 4, 1, 0, 6, 5, 4, 3, 2, 0, 5, 4, 3, 4, 2, 1, 0, 3, 5, 4, 2,
] as const;

const FOCUS_SECONDS = 25 * 60;
const SHORT_BREAK_SECONDS = 5 * 60;
const LONG_BREAK_SECONDS = 15 * 60;
/** An abandoned focus session lasted this long before it was stopped. */
const ABANDONED_SECONDS = 10 * 60;
/** The example user starts at 9:00 local time. */
const DAY_START_HOUR = 9;

/** Minutes after the day's start at which the k-th focus session starts (a long break every 4th). */
function focusStartMinute(k: number): number {
  const cycle = (FOCUS_SECONDS + SHORT_BREAK_SECONDS) / 60;
  const longBreakExtra = (LONG_BREAK_SECONDS - SHORT_BREAK_SECONDS) / 60;
  return k * cycle + Math.floor(k / 4) * longBreakExtra;
}

/**
 * A deterministic example history for the preview user (the guest with id 0 sees example
 * statistics, `docs/product.md`), ending at `now` (epoch ms). It covers the last 35 local days:
 * 25-minute focus sessions from 9:00 with 5-minute breaks and a 15-minute break after every
 * 4th, and on some days an abandoned focus session. Only sessions that are over by `now`
 * are included, so early in the day "today" is empty. Ids count up from 1 in start order;
 * feed the result to the same functions as real sessions.
 */
export function previewSessions(now: number): Session[] {
  const today = new Date(now);
  const rows: { start: number; duration: number; type: Session["type"]; completed: boolean }[] = [];
  PREVIEW_DAILY_SESSIONS.forEach((count, daysAgo) => {
    const at = (minute: number) =>
      new Date(today.getFullYear(), today.getMonth(), today.getDate() - daysAgo, DAY_START_HOUR, minute).getTime();
    for (let k = 0; k < count; k++) {
      const start = at(focusStartMinute(k));
      rows.push({ start, duration: FOCUS_SECONDS, type: "focus", completed: true });
      if (k < count - 1) {
        const duration = (k + 1) % 4 === 0 ? LONG_BREAK_SECONDS : SHORT_BREAK_SECONDS;
        rows.push({ start: start + FOCUS_SECONDS * 1000, duration, type: "break", completed: true });
      }
    }
    if (count > 0 && daysAgo % 6 === 2) {
      rows.push({ start: at(focusStartMinute(count)), duration: ABANDONED_SECONDS, type: "focus", completed: false });
    }
  });
  return rows
    .filter((r) => r.start + r.duration * 1000 <= now)
    .sort((a, b) => a.start - b.start)
    .map((r, i) => ({
      id: i + 1,
      startTime: new Date(r.start).toISOString(),
      duration: r.duration,
      type: r.type,
      completed: r.completed,
    }));
}
