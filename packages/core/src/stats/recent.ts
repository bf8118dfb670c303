import { sessionStartMs, type StatsSession } from "../days/sessionRecord";

/** The recent sessions list shows 5. */
const RECENT_SESSIONS_LIMIT = 5;

/**
 * The most recent completed sessions, newest first by start time (the 5 most recent
 * completed sessions). Focus and break sessions both qualify; incomplete ones and
 * ones with an unparseable start time do not. Returns the caller's own objects.
 */
export function recentSessions<T extends StatsSession>(sessions: readonly T[], limit = RECENT_SESSIONS_LIMIT): T[] {
  return sessions
    .filter((s) => s.completed && Number.isFinite(sessionStartMs(s)))
    .sort((a, b) => sessionStartMs(b) - sessionStartMs(a))
    .slice(0, Math.max(0, limit));
}
