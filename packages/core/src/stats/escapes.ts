import { addLocalDays, startOfLocalWeek } from "../days/calendar";
import type { StatsSession } from "../days/sessionRecord";
import type { SessionInput } from "../schemas/session";

/**
 * The escapes (`escapedAt`) among `sessions` made in the local week (from Sunday, as the
 * Statistics count weeks) that contains `now` (epoch ms).
 */
export function escapesThisWeek(sessions: readonly Pick<SessionInput, "escapedAt">[], now: number): number {
  const from = startOfLocalWeek(now);
  const to = addLocalDays(from, 7);
  return sessions.filter((s) => {
    if (s.escapedAt === undefined || s.escapedAt === null) return false;
    const at = Date.parse(s.escapedAt);
    return at >= from && at < to;
  }).length;
}

/** How many sessions ended early the Statistics list. */
const ESCAPES_LISTED = 5;

/** Strict focus sessions ended early (`docs/product.md`, Strict focus), as Statistics show them. */
export interface EscapeReport<T> {
  /** Escapes in the local week (from Sunday) of `now`. */
  thisWeek: number;
  /** Escapes in the sessions given (the history the plan shows). */
  total: number;
  /** The latest escapes, newest first, at most ESCAPES_LISTED; the caller's own objects. */
  recent: T[];
}

/** The escapes among `sessions` (those with `escapedAt`) as of `now` (epoch ms, local time zone). */
export function escapeReport<T extends StatsSession>(sessions: readonly T[], now: number): EscapeReport<T> {
  const escaped = sessions.filter((s) => typeof s.escapedAt === "string" && Number.isFinite(Date.parse(s.escapedAt)));
  const recent = [...escaped].sort((a, b) => Date.parse(b.escapedAt!) - Date.parse(a.escapedAt!)).slice(0, ESCAPES_LISTED);
  return { thisWeek: escapesThisWeek(escaped, now), total: escaped.length, recent };
}
