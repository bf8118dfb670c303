/**
 * The user's data in their own hands (`docs/offline.md`): the export document (JSON), the same data
 * as CSV (sessions.csv and settings.csv in one zip), and the import of a previous JSON export,
 * merged without duplicates.
 */
import {
  DATA_EXPORT_VERSION,
  daysOverDailyLimit,
  FREE_PLAN,
  planTier,
  SESSION_CSV_COLUMNS,
  sessionDedupeKey,
  settingsSchema,
  type DataExport,
  type ExportedSession,
  type ImportResult,
  type Session,
  type Settings,
} from "@focus/core";
import { strToU8, zipSync } from "fflate";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import type { UserRow } from "../db/tables/users";
import { listSessionsOldestFirst } from "../repositories/sessions";
import { getSettings, saveSettings } from "../repositories/settings";
import { lockUserRow } from "../repositories/users";
import { HttpError } from "./httpError";
import { subscriptionOf } from "./subscription";

/** Rows per INSERT when importing (well under SQLite's bound-parameter limit). */
const INSERT_CHUNK = 200;

/** A recorded session as exported: no server row id, so the document travels between accounts. */
function toExported({ id: _id, ...session }: Session): ExportedSession {
  return session;
}

/** The user's settings and every session, oldest first (the JSON export). */
export async function buildExport(db: Kysely<Database>, userId: number, now = new Date()): Promise<DataExport> {
  const [settings, sessions] = await Promise.all([getSettings(db, userId), listSessionsOldestFirst(db, userId)]);
  return { version: DATA_EXPORT_VERSION, exportedAt: now.toISOString(), settings, sessions: sessions.map(toExported) };
}

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. */
function csvField(value: string | number | boolean | undefined): string {
  const text = value === undefined ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Sessions as CSV: a header row of SESSION_CSV_COLUMNS, then one CRLF-ended line per session. */
export function sessionsToCsv(sessions: readonly ExportedSession[]): string {
  const lines = [SESSION_CSV_COLUMNS.join(",")];
  for (const session of sessions) lines.push(SESSION_CSV_COLUMNS.map((column) => csvField(session[column])).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** Columns of settings.csv: one row per setting, with the unit of its value where it has one. */
export const SETTINGS_CSV_COLUMNS = ["setting", "value", "unit"] as const;

/** Units of the settings that are amounts (durations in whole minutes). */
const SETTING_UNITS: Partial<Record<keyof Settings, string>> = {
  focusDuration: "minutes",
  shortBreakDuration: "minutes",
  longBreakDuration: "minutes",
  longBreakInterval: "focus sessions",
};

/**
 * Settings as CSV: a header row of SETTINGS_CSV_COLUMNS, then one CRLF-ended line per setting
 * in the schema's order (`focusDuration,25,minutes`). A two-column list rather than one wide
 * row, so it reads top to bottom in a spreadsheet.
 */
export function settingsToCsv(settings: Settings): string {
  const lines = [SETTINGS_CSV_COLUMNS.join(",")];
  for (const key of Object.keys(settingsSchema.shape) as (keyof Settings)[]) {
    lines.push([key, settings[key], SETTING_UNITS[key]].map(csvField).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** File names inside the CSV export zip. */
export const CSV_EXPORT_FILES = { sessions: "sessions.csv", settings: "settings.csv" } as const;

/**
 * The CSV export (`GET /api/export?format=csv`): a zip holding sessions.csv
 * (`sessionsToCsv`, durations in seconds) and settings.csv (`settingsToCsv`), two plain
 * tables a spreadsheet opens as they are. The entries carry the export's time, so the same
 * data exported at the same moment gives the same bytes.
 */
export function exportToCsvZip(document: DataExport): Uint8Array {
  const mtime = new Date(document.exportedAt);
  return zipSync(
    {
      [CSV_EXPORT_FILES.sessions]: [strToU8(sessionsToCsv(document.sessions)), { mtime }],
      [CSV_EXPORT_FILES.settings]: [strToU8(settingsToCsv(document.settings)), { mtime }],
    },
    { level: 6 },
  );
}

/**
 * Merges a previous export into the user's data, in one transaction: a session is skipped when
 * the user already has its clientId, or (without a clientId) one with the same start, type
 * and duration; duplicates inside the document count once. The document's settings replace
 * the user's. The plan's rules apply as to `POST /api/sessions` (`docs/product.md`): on the
 * Free plan no local day (in `timeZone`) may end up with more focus sessions than the daily
 * limit, or nothing is imported.
 * @param now epoch ms, which decides the user's plan.
 * @throws HttpError 403 when the import would break the Free plan's daily limit.
 */
export async function importData(db: Kysely<Database>, user: UserRow, document: DataExport, now: number, timeZone: string): Promise<ImportResult> {
  const userId = user.id;
  return db.transaction().execute(async (trx) => {
    // Two imports at once would both miss each other's sessions in the dedupe below.
    await lockUserRow(trx, userId);
    const existing = await trx
      .selectFrom("focus_sessions")
      .select(["start_time", "type", "duration", "completed", "client_id"])
      .where("user_id", "=", userId)
      .execute();
    const clientIds = new Set(existing.flatMap((row) => (row.client_id ? [row.client_id] : [])));
    const keys = new Set(existing.map((row) => sessionDedupeKey({ startTime: row.start_time, type: row.type, duration: row.duration })));

    const fresh: ExportedSession[] = [];
    for (const session of document.sessions) {
      const key = sessionDedupeKey(session);
      const known = session.clientId ? clientIds.has(session.clientId) : keys.has(key);
      if (known) continue;
      fresh.push(session);
      if (session.clientId) clientIds.add(session.clientId);
      keys.add(key);
    }

    if (planTier(subscriptionOf(user), now) === "free") {
      const stored = existing.map((row) => ({ startTime: row.start_time, type: row.type, duration: row.duration, completed: row.completed === 1 }));
      const over = daysOverDailyLimit(stored, fresh, timeZone);
      if (over.length > 0) {
        throw new HttpError(
          403,
          `This import would give ${over[0]} more than the Free plan's ${FREE_PLAN.focusSessionsPerDay} focus sessions a day. Upgrade to Premium to import your whole history.`,
        );
      }
    }

    const createdAt = new Date().toISOString();
    for (let i = 0; i < fresh.length; i += INSERT_CHUNK) {
      await trx
        .insertInto("focus_sessions")
        .values(
          fresh.slice(i, i + INSERT_CHUNK).map((session) => ({
            user_id: userId,
            start_time: new Date(session.startTime).toISOString(),
            duration: session.duration,
            type: session.type,
            completed: session.completed ? 1 : 0,
            client_id: session.clientId ?? null,
            created_at: createdAt,
          })),
        )
        .execute();
    }
    await saveSettings(trx, userId, document.settings);
    return { imported: fresh.length, skipped: document.sessions.length - fresh.length, settingsApplied: true };
  });
}
