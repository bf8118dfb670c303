import { secondsToMinutes, type StatsSession } from "../days/sessionRecord";

/** Counts and time of one session type. `minutes` covers its completed sessions only. */
interface SessionTypeBreakdown {
  count: number;
  completed: number;
  minutes: number;
}

/** The session breakdown card of the Statistics tab (real users only). */
export interface SessionBreakdown {
  focus: SessionTypeBreakdown;
  break: SessionTypeBreakdown;
  completed: number;
  incomplete: number;
  /** Completed share of all sessions, percent 0-100; 0 when there are none. */
  completionRate: number;
}

function breakdownOf(sessions: readonly StatsSession[]): SessionTypeBreakdown {
  const done = sessions.filter((s) => s.completed);
  const seconds = done.reduce((sum, s) => sum + s.duration, 0);
  return { count: sessions.length, completed: done.length, minutes: secondsToMinutes(seconds) };
}

/**
 * Focus versus break sessions, and completed versus not, over all of `sessions`.
 * Minutes are whole minutes of completed sessions, so `focus.minutes` equals the summary's
 * total focus minutes.
 */
export function sessionBreakdown(sessions: readonly StatsSession[]): SessionBreakdown {
  const completed = sessions.filter((s) => s.completed).length;
  return {
    focus: breakdownOf(sessions.filter((s) => s.type === "focus")),
    break: breakdownOf(sessions.filter((s) => s.type === "break")),
    completed,
    incomplete: sessions.length - completed,
    completionRate: sessions.length === 0 ? 0 : (completed / sessions.length) * 100,
  };
}
