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
  adminUsers: ["/api/admin/users"],
} as const;
