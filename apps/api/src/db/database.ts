import type { AccountTimersTable, AccountTimerVersionsTable } from "./tables/accountTimers";
import type { AppSecretsTable } from "./tables/appSecrets";
import type { BlockedAttemptsTable } from "./tables/blockedAttempts";
import type { BlockedSitesTable } from "./tables/blockedSites";
import type { CancellationsTable } from "./tables/cancellations";
import type { FocusSessionsTable } from "./tables/focusSessions";
import type { HttpSessionsTable } from "./tables/httpSessions";
import type { LinkedDevicesTable } from "./tables/linkedDevices";
import type { LiveConnectionsTable } from "./tables/liveConnections";
import type { PasswordResetsTable } from "./tables/passwordResets";
import type { PushSubscriptionsTable } from "./tables/pushSubscriptions";
import type { RateCountersTable } from "./tables/rateCounters";
import type { RoomMembersTable } from "./tables/roomMembers";
import type { SessionCountsTable } from "./tables/sessionCounts";
import type { RoomPresenceTable } from "./tables/roomPresence";
import type { RoomsTable } from "./tables/rooms";
import type { SettingsTable } from "./tables/settings";
import type { ExtensionRemovalsTable, ShieldOffIntervalsTable } from "./tables/shieldOff";
import type { ShieldSchedulesTable } from "./tables/shieldSchedules";
import type { TasksTable } from "./tables/tasks";
import type { UsersTable } from "./tables/users";

/** The typed schema Kysely queries are checked against. */
export interface Database {
  users: UsersTable;
  focus_sessions: FocusSessionsTable;
  settings: SettingsTable;
  http_sessions: HttpSessionsTable;
  cancellations: CancellationsTable;
  blocked_sites: BlockedSitesTable;
  linked_devices: LinkedDevicesTable;
  blocked_attempts: BlockedAttemptsTable;
  app_secrets: AppSecretsTable;
  tasks: TasksTable;
  rooms: RoomsTable;
  room_presence: RoomPresenceTable;
  account_timers: AccountTimersTable;
  account_timer_versions: AccountTimerVersionsTable;
  rate_counters: RateCountersTable;
  session_counts: SessionCountsTable;
  room_members: RoomMembersTable;
  live_connections: LiveConnectionsTable;
  password_resets: PasswordResetsTable;
  push_subscriptions: PushSubscriptionsTable;
  shield_off_intervals: ShieldOffIntervalsTable;
  extension_removals: ExtensionRemovalsTable;
  shield_schedules: ShieldSchedulesTable;
}
