import { useQuery } from "@tanstack/react-query";
import { localDayBounds, sessionSchema } from "@focus/core";
import { z } from "zod";
import { queryKeys } from "@/lib/queryKeys";

const rangeSchema = z.array(sessionSchema.pick({ type: true, completed: true, duration: true, startTime: true }));

/**
 * Today's sessions from `GET /api/sessions/range` with the ISO start and end of the local
 * day (spec §7), summarised as Today's Progress: completed focus sessions and minutes.
 */
export function useTodaySessions(enabled = true, now = Date.now()) {
  const { start, end } = localDayBounds(now);
  const startDate = new Date(start).toISOString();
  const endDate = new Date(end - 1).toISOString();
  return useQuery({
    queryKey: queryKeys.sessionsRange(startDate, endDate),
    enabled,
    select: (data: unknown) => {
      const focus = rangeSchema.parse(data).filter((s) => s.type === "focus" && s.completed);
      return {
        completedSessionsToday: focus.length,
        totalFocusTimeToday: Math.round(focus.reduce((sum, s) => sum + s.duration, 0) / 60),
      };
    },
  });
}
