import { PREVIEW_USER_ID } from "@focus/core/constants";
import { type Session, type User } from "@focus/core/schemas";
import { isCompletedFocus, previewSessions, statsOverview, type StatsOverview } from "@focus/core/stats";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useGuestSessions } from "@/runtime/guestSessions";
import { queryKeys } from "@/lib/queryKeys";
import { useNow } from "@/lib/useNow";
import { useCurrentSettings } from "@/runtime/currentSettings";
import { fetchAllSessions } from "./sessionPages";

/** What the Statistics tab renders from: the overview, or the loading and error states. */
export type StatsState =
  | { status: "loading" }
  | { status: "error"; error: Error; retry: () => void }
  | { status: "ready"; overview: StatsOverview<Session>; isPreview: boolean; isExample: boolean };

/** The preview user: the guest, whose id is 0. */
export function isPreviewUser(user: User): boolean {
  return user.isGuest || user.id === PREVIEW_USER_ID;
}

/**
 * The Statistics tab's data. A real user's sessions come from `GET /api/sessions`, every page; the preview user
 * (a guest, id 0) gets their own sessions kept in this browser, or, before their first completed
 * focus session, the core's example history (`isExample`: the screen must say so). No request is
 * made for a guest. All numbers are computed by the core's `statsOverview`. The list is refreshed
 * when the server has recorded a new session (`refreshSessionQueries`).
 */
export function useStatsOverview(user: User): StatsState {
  const isPreview = isPreviewUser(user);
  const query = useQuery({
    queryKey: queryKeys.sessions,
    queryFn: ({ signal }) => fetchAllSessions(signal),
    enabled: !isPreview,
  });

  const guestSessions = useGuestSessions();
  const isExample = isPreview && !guestSessions.some(isCompletedFocus);
  const sessions = isPreview ? (isExample ? null : guestSessions) : query.data;
  // As of the latest answer, which may be older than the panel (queries never go stale).
  const now = Math.max(useNow(), query.dataUpdatedAt);
  const { weeklyGoalDays } = useCurrentSettings();
  const overview = useMemo(() => {
    if (isExample) return statsOverview(previewSessions(now), now, { weeklyGoalDays });
    return sessions ? statsOverview(sessions, now, { weeklyGoalDays }) : undefined;
  }, [isExample, sessions, now, weeklyGoalDays]);

  if (overview) return { status: "ready", overview, isPreview, isExample };
  if (query.isError) return { status: "error", error: query.error, retry: () => void query.refetch() };
  return { status: "loading" };
}
