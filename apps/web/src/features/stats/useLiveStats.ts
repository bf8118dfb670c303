import { useEffect, useState } from "react";
import { EMPTY_LIVE_STATS, applyStatsMessage, statsWindowMessageSchema, type LiveStats } from "@focus/core/protocol";

/**
 * Live stats from the timer's window messages: `stats_update`, `session_completed` and
 * `timer_progress_update` (folded by core's `applyStatsMessage`). Only messages this window posted
 * to itself are read. (The session queries are refreshed when the server has recorded the session,
 * not on this message: see `refreshSessionQueries`.)
 */
export function useLiveStats(): LiveStats {
  const [stats, setStats] = useState<LiveStats>(EMPTY_LIVE_STATS);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window || event.origin !== window.location.origin) return;
      const parsed = statsWindowMessageSchema.safeParse(event.data);
      if (!parsed.success) return;
      setStats((current) => applyStatsMessage(current, parsed.data));
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, []);
  return stats;
}
