import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { EMPTY_LIVE_STATS, applyStatsMessage, statsWindowMessageSchema, type LiveStats } from "@focus/core";
import { queryKeys } from "@/lib/queryKeys";

/**
 * Live stats from the timer's window messages (spec §4 Stats events): `stats_update`,
 * `session_completed` and `timer_progress_update` (folded by core's `applyStatsMessage`).
 * A `session_completed` message also invalidates the cached session and range queries.
 * Only messages this window posted to itself are read.
 */
export function useLiveStats(): LiveStats {
  const client = useQueryClient();
  const [stats, setStats] = useState<LiveStats>(EMPTY_LIVE_STATS);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window || event.origin !== window.location.origin) return;
      const parsed = statsWindowMessageSchema.safeParse(event.data);
      if (!parsed.success) return;
      setStats((current) => applyStatsMessage(current, parsed.data));
      if (parsed.data.type === "session_completed") {
        void client.invalidateQueries({ queryKey: queryKeys.sessions });
        void client.invalidateQueries({ queryKey: queryKeys.sessionsRangeAll });
      }
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [client]);
  return stats;
}
