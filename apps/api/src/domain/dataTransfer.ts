/**
 * The user's data in their own hands (issue #8): the export document (JSON) and the sessions
 * as CSV, and the import of a previous export, merged without duplicates.
 */
import {
  DATA_EXPORT_VERSION,
  SESSION_CSV_COLUMNS,
  sessionDedupeKey,
  type DataExport,
  type ExportedSession,
  type ImportResult,
  type Session,
} from "@focus/core";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { listSessionsOldestFirst } from "../repositories/sessions";
import { getSettings, saveSettings } from "../repositories/settings";
import { lockUserRow } from "../repositories/users";

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

/**
 * Merges a previous export into the user's data, in one transaction: a session is skipped when
 * the user already has its clientId, or (without a clientId) one with the same start, type
 * and duration; duplicates inside the document count once. The document's settings replace
 * the user's.
 */
export async function importData(db: Kysely<Database>, userId: number, document: DataExport): Promise<ImportResult> {
  return db.transaction().execute(async (trx) => {
    // Two imports at once would both miss each other's sessions in the dedupe below.
    await lockUserRow(trx, userId);
    const existing = await trx
      .selectFrom("focus_sessions")
      .select(["start_time", "type", "duration", "client_id"])
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
