import { useQuery } from "@tanstack/react-query";
import { localDayBounds, sessionSchema, todayProgress } from "@focus/core";
import { useMemo } from "react";
import { z } from "zod";
import { usePendingSessionsToday } from "@/features/offline/useOutbox";
import { queryKeys } from "@/lib/queryKeys";

const rangeSchema = z.array(sessionSchema.pick({ type: true, completed: true, duration: true, startTime: true, clientId: true }));

/**
 * Today's sessions from `GET /api/sessions/range` with the ISO start and end of the local
 * day (spec §7), plus today's sessions still waiting in the outbox (issue #8: a session
 * completed offline counts at once), summarised as Today's Progress. A waiting session the
 * server already lists (same clientId) counts once.
 */
export function useTodaySessions(enabled = true, now = Date.now()) {
  const { start, end } = localDayBounds(now);
  const startDate = new Date(start).toISOString();
  const endDate = new Date(end - 1).toISOString();
  const query = useQuery({
    queryKey: queryKeys.sessionsRange(startDate, endDate),
    enabled,
    select: (data: unknown) => rangeSchema.parse(data),
  });
  const pending = usePendingSessionsToday(now);
  const server = query.data;
  const data = useMemo(() => {
    if (!server) return undefined;
    const recorded = new Set(server.flatMap((s) => (s.clientId ? [s.clientId] : [])));
    return todayProgress([...server, ...pending.filter((s) => !recorded.has(s.clientId))]);
  }, [server, pending]);
  return { data, isPending: query.isPending, isError: query.isError };
}
