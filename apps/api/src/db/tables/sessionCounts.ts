/** Table `session_counts`: how many sessions an account holds, kept by every write of `focus_sessions` (`repositories/sessions.ts`). */
export interface SessionCountsTable {
  user_id: number;
  count: number;
}
