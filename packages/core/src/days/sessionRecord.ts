import type { Session } from "../schemas/session";

/**
 * The fields of a session the statistics read: `startTime` ISO 8601,
 * `duration` in seconds, `type` focus or break, `completed`, and `escapedAt` for a strict
 * session ended early (`docs/product.md`, Strict focus). The id is not needed, so
 * rows without one (the range query, `docs/api.md`) can be summarised too.
 */
export type StatsSession = Pick<Session, "startTime" | "duration" | "type" | "completed"> & Partial<Pick<Session, "escapedAt">>;

/** Only completed focus sessions count as focus in every statistic (`docs/product.md`). */
export function isCompletedFocus(session: StatsSession): boolean {
  return session.type === "focus" && session.completed;
}

/** Start of a session, epoch ms; NaN for an unparseable `startTime`, which no period contains. */
export function sessionStartMs(session: StatsSession): number {
  return Date.parse(session.startTime);
}

/**
 * The instant a session ended, epoch ms: its start plus its duration (seconds). Every
 * statistic puts a session on the local day, week and month in which it ended, as the timer
 * does when it counts a completed session (docs/product.md "Which day a session counts on").
 * NaN for an unparseable `startTime`.
 */
export function sessionEndMs(session: StatsSession): number {
  return sessionStartMs(session) + session.duration * 1000;
}

/** Seconds to whole minutes, rounded to the nearest (1499 s and 1530 s both read 25 min). */
export function secondsToMinutes(seconds: number): number {
  return Math.round(seconds / 60);
}

/**
 * Total focus time of the completed focus sessions among `sessions`, whole minutes.
 * Seconds are summed first and rounded once, so many short sessions add no rounding error.
 */
export function focusMinutesOf(sessions: readonly StatsSession[]): number {
  let seconds = 0;
  for (const s of sessions) if (isCompletedFocus(s)) seconds += s.duration;
  return secondsToMinutes(seconds);
}
