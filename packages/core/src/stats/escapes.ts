import { escapesThisWeek } from "../timer/strict";
import type { StatsSession } from "./sessionRecord";

/** How many sessions ended early the Statistics list. */
export const ESCAPES_LISTED = 5;

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
