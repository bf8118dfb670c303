import { addLocalDays, dayKeyStart, momentum, startOfLocalDay, streakNudge } from "@focus/core/stats";
import { SESSION_PAGE_SIZE } from "@focus/core/schemas";
import { useQuery } from "@tanstack/react-query";
import { Flame } from "lucide-react";
import { useSignedInUser } from "@/runtime/currentUser";
import { useCurrentSettings } from "@/runtime/currentSettings";
import { usePendingSessions } from "@/runtime/outbox/useOutbox";
import { TimerActor } from "@/runtime/timerActor";
import { countedSessionsSchema } from "@/runtime/useTodaySessions";
import { queryKeys } from "@/lib/queryKeys";


/** Days of history the nudge reads: enough for the freezes a run earns in that time. */
const HISTORY_DAYS = 42;

/**
 * Beside Start, on the day it matters: "One session today keeps your streak going." (or that a
 * freeze covers today), from core's `momentum` and `streakNudge` over the last HISTORY_DAYS
 * days (`docs/product.md`, the streak as momentum): a signed-in user's sessions from
 * `GET /api/sessions/range` plus the ones waiting in the outbox. Says nothing to a guest (a
 * guest has one focus session, no streak), while the history loads or fails, or when a full page
 * (SESSION_PAGE_SIZE sessions) may leave the latest days out.
 */
export function StreakNudge() {
  const user = useSignedInUser();
  const dayKey = TimerActor.useSelector((s) => s.context.dayKey);
  const { weeklyGoalDays } = useCurrentSettings();
  const today = dayKeyStart(dayKey);
  const startDate = new Date(startOfLocalDay(addLocalDays(today, 1 - HISTORY_DAYS))).toISOString();
  const endDate = new Date(addLocalDays(today, 1) - 1).toISOString();
  const query = useQuery({
    queryKey: queryKeys.sessionsRange(startDate, endDate),
    enabled: !user.isGuest,
    select: (data: unknown) => countedSessionsSchema.parse(data),
  });
  const pending = usePendingSessions();

  const server = query.data;
  const sessions = !user.isGuest && server && server.length < SESSION_PAGE_SIZE ? [...server, ...pending] : null;
  const nudge = sessions && streakNudge(momentum(sessions, today, weeklyGoalDays));
  if (!nudge) return null;
  return (
    <p data-testid="streak-nudge" className="mx-auto flex max-w-md items-center justify-center gap-2 rounded-lg bg-accent/60 px-3 py-2 text-center text-sm font-medium text-accent-foreground">
      <Flame className="size-4 shrink-0" aria-hidden />
      {nudge}
    </p>
  );
}
