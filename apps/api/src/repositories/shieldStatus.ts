/**
 * The Website Shield's reports and shield-off intervals (`docs/product.md`, A shield that says
 * when it is down): every query is scoped to one user, but for the watch's look over the users
 * whose paired browsers went quiet.
 */
import type { ShieldMeasures, ShieldReport, ShieldStatus } from "@focus/core/schemas";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { isUniqueViolation } from "../db/errors";

/** A stored list of failed entries (JSON); empty when none or unreadable. */
function entriesOf(stored: string | null): string[] {
  if (stored === null) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === "string") : [];
  } catch {
    return [];
  }
}

/** Notes that device `deviceId` was heard at `at`, with its report when it sent one. */
export async function saveDeviceReport(db: Kysely<Database>, deviceId: number, at: Date, report: ShieldReport | null): Promise<void> {
  await db
    .updateTable("linked_devices")
    .set({
      reported_at: at.toISOString(),
      ...(report
        ? { incognito_allowed: report.incognitoAllowed ? 1 : 0, rules_in_place: report.rulesInPlace ? 1 : 0, failed_entries: JSON.stringify(report.failedEntries) }
        : {}),
    })
    .where("id", "=", deviceId)
    .execute();
}

/** The user's paired browsers as the Shield tab shows them, and the latest 20 shield-off intervals. */
export async function shieldStatusOf(db: Kysely<Database>, userId: number, now: number, offAfterMs: number): Promise<ShieldStatus> {
  const devices = await db
    .selectFrom("linked_devices")
    .select(["id", "name", "is_active", "reported_at", "incognito_allowed", "rules_in_place", "failed_entries"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
  const intervals = await db
    .selectFrom("shield_off_intervals")
    .select(["started_at", "ended_at", "session_start"])
    .where("user_id", "=", userId)
    .orderBy("started_at", "desc")
    .limit(20)
    .execute();
  const flag = (value: number | null) => (value === null ? null : value === 1);
  return {
    devices: devices.map((row) => ({
      id: row.id,
      name: row.name,
      isActive: row.is_active === 1,
      reporting: row.reported_at !== null && now - Date.parse(row.reported_at) < offAfterMs,
      reportedAt: row.reported_at,
      incognitoAllowed: flag(row.incognito_allowed),
      rulesInPlace: flag(row.rules_in_place),
      failedEntries: entriesOf(row.failed_entries),
    })),
    shieldOff: intervals.map((row) => ({ startedAt: row.started_at, endedAt: row.ended_at, sessionStart: row.session_start })),
  };
}

/** Users with a switched-on paired browser that has reported before, none of them since `cutoff` (ISO 8601). */
export async function usersGoneQuiet(db: Kysely<Database>, cutoff: string): Promise<{ userId: number; lastReport: string }[]> {
  const rows = await db
    .selectFrom("linked_devices")
    .select(["user_id", (eb) => eb.fn.max("reported_at").as("last")])
    .where("is_active", "=", 1)
    .where("reported_at", "is not", null)
    .groupBy("user_id")
    .having((eb) => eb.fn.max("reported_at"), "<", cutoff)
    .execute();
  return rows.map((row) => ({ userId: row.user_id, lastReport: String(row.last) }));
}

/** Users with an open shield-off interval. */
export async function usersWithOpenInterval(db: Kysely<Database>): Promise<number[]> {
  const rows = await db.selectFrom("shield_off_intervals").select("user_id").where("ended_at", "is", null).execute();
  return rows.map((row) => row.user_id);
}

/** Opens a shield-off interval; false when the user already has one open (the partial unique index decides). */
export async function openShieldOff(db: Kysely<Database>, userId: number, startedAt: string, sessionStart: string | null): Promise<boolean> {
  try {
    await db.insertInto("shield_off_intervals").values({ user_id: userId, started_at: startedAt, session_start: sessionStart, ended_at: null }).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Closes the user's open interval at `endedAt`; false when none was open. */
export async function closeShieldOff(db: Kysely<Database>, userId: number, endedAt: string): Promise<boolean> {
  const result = await db.updateTable("shield_off_intervals").set({ ended_at: endedAt }).where("user_id", "=", userId).where("ended_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records a removal the uninstall page reported; its id. */
export async function insertExtensionRemoval(db: Kysely<Database>, editKey: string, at: Date): Promise<number> {
  const row = await db.insertInto("extension_removals").values({ reason: null, edit_key: editKey, created_at: at.toISOString() }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** Sets the reason of removal `id` when `editKey` is its key; false otherwise. */
export async function setRemovalReason(db: Kysely<Database>, id: number, editKey: string, reason: string | null): Promise<boolean> {
  const result = await db.updateTable("extension_removals").set({ reason }).where("id", "=", id).where("edit_key", "=", editKey).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The user's reports and shield-off intervals since `since` (ISO 8601, null for all), newest first, at most `limit` of each. */
export async function shieldMeasuresOf(db: Kysely<Database>, userId: number, since: string | null, limit: number): Promise<ShieldMeasures> {
  let events = db.selectFrom("blocked_attempts").select(["occurred_at", "kind", "session_start"]).where("user_id", "=", userId);
  if (since !== null) events = events.where("occurred_at", ">=", since);
  let spans = db.selectFrom("shield_off_intervals").select(["started_at", "ended_at", "session_start"]).where("user_id", "=", userId);
  if (since !== null) spans = spans.where("started_at", ">=", since);
  const [eventRows, spanRows] = await Promise.all([events.orderBy("occurred_at", "desc").limit(limit).execute(), spans.orderBy("started_at", "desc").limit(limit).execute()]);
  return {
    events: eventRows.map((row) => ({ at: row.occurred_at, kind: row.kind as ShieldMeasures["events"][number]["kind"], sessionStart: row.session_start })),
    shieldOff: spanRows.map((row) => ({ startedAt: row.started_at, endedAt: row.ended_at, sessionStart: row.session_start })),
  };
}
