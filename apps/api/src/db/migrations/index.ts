/**
 * Every migration, by name. Names start with their date so they sort in the order they run.
 * A static list (not a folder scan) so the bundled server carries its migrations.
 */
import type { Migration } from "kysely";
import * as initialSchema from "./2026_11_22_0001_initial_schema";
import * as subscriptions from "./2026_11_22_0002_subscriptions";
import * as blockedSitesAndDevices from "./2026_11_22_0003_blocked_sites_and_devices";
import * as sessionClientId from "./2026_11_24_0001_session_client_id";
import * as appSecrets from "./2026_11_25_0001_app_secrets";
import * as retentionOffers from "./2026_11_26_0001_retention_offers";
import * as sessionsWithinYears from "./2026_11_27_0001_sessions_within_years";
import * as hashSessionIds from "./2026_11_28_0001_hash_session_ids";
import * as tasks from "./2026_11_29_0001_tasks";
import * as rooms from "./2026_11_30_0001_rooms";
import * as authChangeNotify from "./2026_12_01_0001_auth_change_notify";
import * as accountTimers from "./2026_12_02_0001_account_timers";
import * as sharedLimits from "./2026_12_03_0001_shared_limits";
import * as roomPresence from "./2026_12_03_0002_room_presence";
import * as passwordResets from "./2026_12_03_0003_password_resets";
import * as pushSubscriptions from "./2026_12_04_0001_push_subscriptions";
import * as sessionEscapes from "./2026_12_05_0001_session_escapes";
import * as shieldDelay from "./2026_12_07_0001_shield_delay";
import * as shieldStatus from "./2026_12_07_0002_shield_status";
import * as shieldSchedules from "./2026_12_07_0003_shield_schedules";
import * as sessionReflection from "./2026_12_08_0001_session_reflection";
import * as sessionExtensions from "./2026_12_09_0001_session_extensions";
import * as accountTimerVersions from "./2026_12_10_0001_account_timer_versions";
import * as accountTimeZone from "./2026_12_11_0001_account_time_zone";
import * as timeZoneChoice from "./2026_12_12_0001_time_zone_choice";
import * as failedEntries from "./2026_12_12_0002_failed_entries";
import * as passCountIndex from "./2026_12_13_0001_pass_count_index";
import * as sessionCounts from "./2026_12_14_0001_session_counts";
import * as roomCheckIn from "./2026_12_15_0001_room_check_in";
import * as roomMembers from "./2026_12_16_0001_room_members";
import * as escapeAsks from "./2026_12_11_0002_escape_asks";

export const migrations: Record<string, Migration> = {
  "2026_11_22_0001_initial_schema": initialSchema,
  "2026_11_22_0002_subscriptions": subscriptions,
  "2026_11_22_0003_blocked_sites_and_devices": blockedSitesAndDevices,
  "2026_11_24_0001_session_client_id": sessionClientId,
  "2026_11_25_0001_app_secrets": appSecrets,
  "2026_11_26_0001_retention_offers": retentionOffers,
  "2026_11_27_0001_sessions_within_years": sessionsWithinYears,
  "2026_11_28_0001_hash_session_ids": hashSessionIds,
  "2026_11_29_0001_tasks": tasks,
  "2026_11_30_0001_rooms": rooms,
  "2026_12_01_0001_auth_change_notify": authChangeNotify,
  "2026_12_02_0001_account_timers": accountTimers,
  "2026_12_03_0001_shared_limits": sharedLimits,
  "2026_12_03_0002_room_presence": roomPresence,
  "2026_12_03_0003_password_resets": passwordResets,
  "2026_12_04_0001_push_subscriptions": pushSubscriptions,
  "2026_12_05_0001_session_escapes": sessionEscapes,
  "2026_12_07_0001_shield_delay": shieldDelay,
  "2026_12_07_0002_shield_status": shieldStatus,
  "2026_12_07_0003_shield_schedules": shieldSchedules,
  "2026_12_08_0001_session_reflection": sessionReflection,
  "2026_12_09_0001_session_extensions": sessionExtensions,
  "2026_12_10_0001_account_timer_versions": accountTimerVersions,
  "2026_12_11_0001_account_time_zone": accountTimeZone,
  "2026_12_11_0002_escape_asks": escapeAsks,
  "2026_12_12_0001_time_zone_choice": timeZoneChoice,
  "2026_12_12_0002_failed_entries": failedEntries,
  "2026_12_13_0001_pass_count_index": passCountIndex,
  "2026_12_14_0001_session_counts": sessionCounts,
  "2026_12_15_0001_room_check_in": roomCheckIn,
  "2026_12_16_0001_room_members": roomMembers,
};
