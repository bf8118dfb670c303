import type { CancellationsTable } from "./tables/cancellations";
import type { FocusSessionsTable } from "./tables/focusSessions";
import type { HttpSessionsTable } from "./tables/httpSessions";
import type { SettingsTable } from "./tables/settings";
import type { UsersTable } from "./tables/users";

/** The typed schema Kysely queries are checked against. */
export interface Database {
  users: UsersTable;
  focus_sessions: FocusSessionsTable;
  settings: SettingsTable;
  http_sessions: HttpSessionsTable;
  cancellations: CancellationsTable;
}
