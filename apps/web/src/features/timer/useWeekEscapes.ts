import { addLocalDays, startOfLocalWeek } from "@focus/core/stats";
import { escapesThisWeek } from "@focus/core/timer";
import { sessionSchema } from "@focus/core/schemas";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { useGuestSessions } from "@/runtime/guestSessions";
import { queryKeys } from "@/lib/queryKeys";

const rangeSchema = z.array(sessionSchema.pick({ startTime: true, escapedAt: true }));

/**
 * How many strict sessions the user ended early this local week (from Sunday; `docs/product.md`,
 * Strict focus), for End early's wait: a signed-in user's from `GET /api/sessions/range` over
 * the week (a session counts in the week it ends, as an escape does), a guest's from this
 * browser. `count` is null while it loads or when it cannot be read (the dialog then waits the
 * shorter time: a way out is never held back by a failed request).
 */
export function useWeekEscapes(isGuest: boolean, now: number): { count: number | null; isError: boolean } {
  const from = startOfLocalWeek(now);
  const startDate = new Date(from).toISOString();
  const endDate = new Date(addLocalDays(from, 7) - 1).toISOString();
  const query = useQuery({
    queryKey: queryKeys.sessionsRange(startDate, endDate),
    enabled: !isGuest,
    select: (data: unknown) => rangeSchema.parse(data),
  });
  const guestSessions = useGuestSessions();
  if (isGuest) return { count: escapesThisWeek(guestSessions, now), isError: false };
  return { count: query.data ? escapesThisWeek(query.data, now) : null, isError: query.isError };
}
