import { useQuery } from "@tanstack/react-query";
import { localDayBounds } from "@focus/core/format";
import { sessionSchema } from "@focus/core/schemas";
import { dayKeyStart, todayProgress } from "@focus/core/stats";
import { useMemo } from "react";
import { z } from "zod";
import { usePendingSessions } from "@/runtime/outbox/useOutbox";
import { queryKeys } from "@/lib/queryKeys";

/** What the day's figures and the streak read of `GET /api/sessions/range`'s answer. */
export const countedSessionsSchema = z.array(sessionSchema.pick({ type: true, completed: true, duration: true, startTime: true, clientId: true }));


/** The query key of the local day `dayKey`'s sessions (`GET /api/sessions/range` over that day). */
function todayRangeKey(dayKey: string) {
  const { start, end } = localDayBounds(dayKeyStart(dayKey));
  return queryKeys.sessionsRange(new Date(start).toISOString(), new Date(end - 1).toISOString());
}

const answeredSchema = z.array(sessionSchema.pick({ clientId: true, outcome: true }));

/**
 * Whether the session `clientId`, which ended on the local day `dayKey`, has a reflection on the
 * server (answered on another device): read from the same answer as `useTodaySessions`, which
 * is loaded again whenever the server records a change to the user's sessions.
 */
export function useAnsweredOnServer(clientId: string | null, dayKey: string, enabled = true): boolean {
  const query = useQuery({
    queryKey: todayRangeKey(dayKey),
    enabled: enabled && clientId !== null,
    select: (data: unknown) => answeredSchema.parse(data).some((s) => s.clientId === clientId && s.outcome !== undefined),
  });
  return query.data === true;
}

/**
 * Today's Progress of a signed-in user: the sessions of the local day `dayKey` (the timer
 * chart's day) from `GET /api/sessions/range` with the ISO start and end of that day (the
 * server lists the sessions that end in it), plus the sessions still waiting in the outbox (a
 * session completed offline counts at once), summed by core's `todayProgress`. A waiting
 * session the server already lists (same clientId) counts once.
 */
export function useTodaySessions(dayKey: string, enabled = true) {
  const now = dayKeyStart(dayKey);
  const query = useQuery({
    queryKey: todayRangeKey(dayKey),
    enabled,
    select: (data: unknown) => countedSessionsSchema.parse(data),
  });
  const pending = usePendingSessions();
  const server = query.data;
  const data = useMemo(() => {
    if (!server) return undefined;
    const recorded = new Set(server.flatMap((s) => (s.clientId ? [s.clientId] : [])));
    return todayProgress([...server, ...pending.filter((s) => !recorded.has(s.clientId))], now);
  }, [server, pending, now]);
  return { data, isPending: query.isPending, isError: query.isError };
}
