import type { QueryClient } from "@tanstack/react-query";

/**
 * Query keys of the server data. Each key is also its GET path (see `queryKeyToPath`), so a
 * `useQuery({ queryKey })` without a queryFn loads it. Invalidate `sessionsRangeAll` to refresh
 * every cached range.
 */
export const queryKeys = {
  me: ["/api/me"],
  settings: ["/api/settings"],
  sessions: ["/api/sessions"],
  sessionsRangeAll: ["/api/sessions/range"],
  sessionsRange: (startDate: string, endDate: string) => ["/api/sessions/range", { startDate, endDate }] as const,
  /** The user's task list with actual counts (`GET /api/tasks`). */
  tasks: ["/api/tasks"],
  adminUsers: ["/api/admin/users"],
  /** The user's upgrade request and accepted offer (`GET /api/subscription`). */
  subscriptionRequests: ["/api/subscription"],
  /** The room the account is in, followed by every device (`GET /api/me/room`). */
  roomMembership: ["/api/me/room"],
  /** The account's time zone as Settings shows it (`GET /api/user/time-zone`). */
  timeZone: ["/api/user/time-zone"],
} as const;

/**
 * Query keys of the Website Shield's server data (also their GET paths): the Shield tab's lists
 * and status, and the linked devices a password change or sign-out elsewhere unlinks.
 */
export const shieldQueryKeys = {
  blockedSites: ["/api/blocked-sites"],
  linkedDevices: ["/api/linked-devices"],
  status: ["/api/shield/status"],
  schedules: ["/api/shield/schedules"],
} as const;

/**
 * Refreshes every cached list of sessions (all sessions and every range). Called once a
 * session was recorded by the server (the outbox's answer), or after an import: never before
 * the server has the session, or the refetch would miss it.
 */
export function refreshSessionQueries(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.sessions }),
    client.invalidateQueries({ queryKey: queryKeys.sessionsRangeAll }),
  ]).then(() => undefined);
}
