/**
 * The user's data in their own hands (`docs/offline.md`): the export document (JSON), the same data
 * as CSV (sessions.csv and settings.csv in one zip), and the import of a previous JSON export,
 * merged without duplicates.
 */
import { DATA_EXPORT_VERSION, MAX_SESSIONS_PER_USER, SESSION_CSV_COLUMNS, sessionDedupeKey, settingsSchema, withinBreakLimit, type DataExport, type ExportedSession, type ImportResult, type Session, type SessionCursor, type Settings } from "@focus/core/schemas";
import { daysOverDailyLimit, FREE_PLAN, planTier } from "@focus/core/subscription";
import { loosensShield, STRICT_SHIELD_MESSAGES } from "@focus/core/timer";
import { strToU8, Zip, ZipDeflate } from "fflate";
import { setImmediate } from "node:timers/promises";
import type { Kysely } from "kysely";
import { ADVISORY_LOCKS, tryAdvisoryXactLock } from "../db/advisoryLocks";
import { isPostgres } from "../db/connection";
import type { Database } from "../db/database";
import type { NewFocusSessionRow } from "../db/tables/focusSessions";
import type { UserRow } from "../db/tables/users";
import { clearCounter, tryTakeLease } from "../repositories/rateCounters";
import { insertSessionRows, listSessionsOldestFirstPage, newSessionRow } from "../repositories/sessions";
import { getSettings, saveSettings } from "../repositories/settings";
import { ownedTaskIds } from "../repositories/tasks";
import { HttpError } from "../httpError";
import { assertNoStrictSession } from "./accountTimer";
import { IMPORT_RUNNING_MESSAGE, sessionWriteGate } from "./sessionWrites";
import { lockUserRow } from "../repositories/users";
import { subscriptionOf } from "./subscription";

/** How long an export holds its account's lease at most, ms (it is released when the download ends). */
export const EXPORT_LEASE_MS = 5 * 60 * 1000;

/** The key of the user's export lease in `rate_counters`. */
const exportLeaseKey = (userId: number) => `export-running:${userId}`;

/**
 * Takes the user's export lease: one export per account at a time on every instance (a lease in
 * the database that lapses after EXPORT_LEASE_MS should its holder never release it).
 * @param now epoch ms.
 * @returns whether it was taken (false: another export of the account holds it).
 */
export function takeExportLease(db: Kysely<Database>, userId: number, now = Date.now()): Promise<boolean> {
  return tryTakeLease(db, exportLeaseKey(userId), EXPORT_LEASE_MS, now);
}

/** Releases the user's export lease (no error when it is not held). */
export function releaseExportLease(db: Kysely<Database>, userId: number): Promise<void> {
  return clearCounter(db, exportLeaseKey(userId));
}

/** Rows per INSERT (and per transaction) when importing: 8 parameters each, well under SQLite's bound-parameter limit. */
export const IMPORT_BATCH_SIZE = 500;

/** A recorded session as exported: no server row id, so the document travels between accounts. */
function toExported({ id: _id, ...session }: Session): ExportedSession {
  return session;
}

/** Sessions read per page while exporting: pages are read by keyset, with a turn of the event loop between. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * The user's sessions, oldest start first, a page of at most EXPORT_PAGE_SIZE at a time with a
 * turn of the event loop between pages, so a long history never holds the process from other
 * users' requests. Sessions recorded while the pages are read may or may not be included.
 */
async function* exportedSessionPages(db: Kysely<Database>, userId: number): AsyncGenerator<ExportedSession[]> {
  let cursor: SessionCursor | undefined;
  for (;;) {
    const page = await listSessionsOldestFirstPage(db, userId, EXPORT_PAGE_SIZE, cursor);
    if (page.length > 0) yield page.map(toExported);
    const last = page.at(-1);
    if (!last || page.length < EXPORT_PAGE_SIZE) return;
    cursor = { startTime: last.startTime, id: last.id };
    await setImmediate();
  }
}

/**
 * The JSON export (`GET /api/export`) as text chunks: together exactly what
 * `JSON.stringify({ version, exportedAt, settings, sessions }, null, 2)` gives, the sessions
 * oldest first, read a page at a time.
 */
export async function* exportJsonChunks(db: Kysely<Database>, userId: number, now = new Date()): AsyncGenerator<string> {
  const settings = await getSettings(db, userId);
  const head = JSON.stringify({ version: DATA_EXPORT_VERSION, exportedAt: now.toISOString(), settings }, null, 2);
  // The head's closing "\n}" gives way to the sessions.
  yield `${head.slice(0, -2)},\n  "sessions": [`;
  let first = true;
  for await (const page of exportedSessionPages(db, userId)) {
    let text = "";
    for (const session of page) {
      text += `${first ? "" : ","}\n    ${JSON.stringify(session, null, 2).replaceAll("\n", "\n    ")}`;
      first = false;
    }
    yield text;
  }
  yield first ? "]\n}" : "\n  ]\n}";
}

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. */
function csvField(value: string | number | boolean | undefined): string {
  let text = value === undefined ? "" : String(value);
  // Text a spreadsheet would run as a formula (OWASP, CSV injection) starts with a quote mark:
  // shown as written, never run.
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Sessions as CSV lines (no header), each CRLF-ended. */
function sessionCsvLines(sessions: readonly ExportedSession[]): string {
  let text = "";
  for (const session of sessions) text += `${SESSION_CSV_COLUMNS.map((column) => csvField(session[column])).join(",")}\r\n`;
  return text;
}

/** Columns of settings.csv: one row per setting, with the unit of its value where it has one. */
export const SETTINGS_CSV_COLUMNS = ["setting", "value", "unit"] as const;

/** Units of the settings that are amounts (durations in whole minutes). */
const SETTING_UNITS: Partial<Record<keyof Settings, string>> = {
  focusDuration: "minutes",
  shortBreakDuration: "minutes",
  longBreakDuration: "minutes",
  longBreakInterval: "focus sessions",
  escapesPerWeek: "escapes a week",
  endWarning: "minutes before the end",
  weeklyGoalDays: "focus days a week",
  delayPassesPerDay: "passes a day",
  flowBreakShare: "share of the focus time",
  flowCueMinutes: "minutes",
  maxExtensions: "in a row",
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
 * The CSV export (`GET /api/export?format=csv`) as the chunks of a zip holding sessions.csv
 * (a header row of SESSION_CSV_COLUMNS, then a CRLF-ended line per session, durations in
 * seconds) and settings.csv (`settingsToCsv`), two plain tables a spreadsheet opens as they are. The sessions are read and compressed a page at a time
 * (fflate's streaming zip), so neither the history nor the zip is ever whole in memory. The
 * entries carry the export's time.
 */
export async function* exportCsvZipChunks(db: Kysely<Database>, userId: number, now = new Date()): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    ready.push(chunk);
  });
  const file = (name: string) => {
    const entry = new ZipDeflate(name, { level: 1 });
    entry.mtime = now;
    zip.add(entry);
    return entry;
  };
  const settings = await getSettings(db, userId);
  const sessions = file(CSV_EXPORT_FILES.sessions);
  // The zip holds settings.csv back until sessions.csv ends; it is a few hundred bytes.
  file(CSV_EXPORT_FILES.settings).push(strToU8(settingsToCsv(settings)), true);
  sessions.push(strToU8(`${SESSION_CSV_COLUMNS.join(",")}\r\n`));
  yield* ready.splice(0);
  for await (const page of exportedSessionPages(db, userId)) {
    sessions.push(strToU8(sessionCsvLines(page)));
    yield* ready.splice(0);
  }
  sessions.push(new Uint8Array(0), true);
  zip.end();
  yield* ready.splice(0);
}

/**
 * Merges a previous export into the user's data (`docs/offline.md`, Import): a session is
 * skipped when the user already has its clientId, or (without a clientId) one with the same
 * start, type and duration; duplicates inside the document count once. The document's
 * settings, when it has them, replace the user's. The plan's rules apply as to `POST /api/sessions`
 * (`docs/product.md`): on the Free plan no local day (in `timeZone`) may end up with more focus
 * sessions than the daily limit, or nothing is imported; no account holds more than
 * MAX_SESSIONS_PER_USER sessions; breaks past MAX_BREAKS_PER_DAY on their UTC day are left out
 * and counted. A session keeps its `taskId` only when that is one of the
 * user's own tasks and the session is a focus session; any other is imported counting for no
 * task (a file from another account names that account's tasks).
 * One import per account at a time, and no session of the user is recorded while it runs
 * (`domain/sessionWrites.ts`), so the checks hold until the last session is in. Every check
 * runs before anything is written; the sessions go in batches of IMPORT_BATCH_SIZE with a turn
 * of the event loop between. On SQLite each batch is its own short transaction, so a large
 * import never holds the one connection from other users; on PostgreSQL the whole import is one
 * transaction holding the user's row lock (which every session write takes) and an advisory
 * lock (a second import on any instance is refused), and a failure leaves nothing half done.
 * @param now epoch ms, which decides the user's plan.
 * @throws HttpError 403 when the import would break the Free plan's daily limit, 409 when it
 * would pass MAX_SESSIONS_PER_USER or another import of the account is running, or when its
 * settings would loosen the Shield during a strict focus session.
 */
export function importData(db: Kysely<Database>, user: UserRow, document: DataExport, now: number, timeZone: string): Promise<ImportResult> {
  return sessionWriteGate(db).importAlone(user.id, () => {
    if (!isPostgres(db)) {
      const writeBatch = (rows: NewFocusSessionRow[]) => db.transaction().execute((trx) => insertSessionRows(trx, user.id, rows));
      return importChecked(db, user, document, now, timeZone, writeBatch);
    }
    return db.transaction().execute(async (trx) => {
      if (!(await tryAdvisoryXactLock(trx, ADVISORY_LOCKS.import, user.id))) throw new HttpError(409, IMPORT_RUNNING_MESSAGE);
      await lockUserRow(trx, user.id);
      return importChecked(trx, user, document, now, timeZone, (rows) => insertSessionRows(trx, user.id, rows));
    });
  });
}

/** `importData`'s checks and writes, through `db` (a transaction on PostgreSQL); `writeBatch` stores one batch of rows. */
async function importChecked(
  db: Kysely<Database>,
  user: UserRow,
  document: DataExport,
  now: number,
  timeZone: string,
  writeBatch: (rows: NewFocusSessionRow[]) => Promise<number>,
): Promise<ImportResult> {
  const userId = user.id;
  const existing = await db
    .selectFrom("focus_sessions")
    .select(["start_time", "type", "duration", "completed", "client_id"])
    .where("user_id", "=", userId)
    .execute();
  const clientIds = new Set(existing.flatMap((row) => (row.client_id ? [row.client_id] : [])));
  const keys = new Set(existing.map((row) => sessionDedupeKey({ startTime: row.start_time, type: row.type, duration: row.duration })));

  const unseen: ExportedSession[] = [];
  for (const session of document.sessions) {
    const key = sessionDedupeKey(session);
    const known = session.clientId ? clientIds.has(session.clientId) : keys.has(key);
    if (known) continue;
    unseen.push(session);
    if (session.clientId) clientIds.add(session.clientId);
    keys.add(key);
  }

  // Breaks past the day's limit are left out and counted, before the other checks count sessions.
  const { kept: fresh, over: breaksOverDailyLimit } = withinBreakLimit(
    existing.map((row) => ({ startTime: row.start_time, type: row.type })),
    unseen,
  );

  if (existing.length + fresh.length > MAX_SESSIONS_PER_USER) {
    throw new HttpError(
      409,
      `This import would take your history past ${MAX_SESSIONS_PER_USER.toLocaleString("en-US")} sessions (you have ${existing.length.toLocaleString("en-US")} and the file adds ${fresh.length.toLocaleString("en-US")}). Import a smaller file.`,
    );
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

  // The file's settings are held to the rule a settings save is held to: during a strict focus
  // session the Shield gets no looser (`docs/product.md`, Strict focus).
  if (document.settings && loosensShield(await getSettings(db, userId), document.settings)) {
    await assertNoStrictSession(db, userId, now, STRICT_SHIELD_MESSAGES.settings);
  }

  const named = [...new Set(fresh.flatMap((session) => (session.taskId === undefined ? [] : [session.taskId])))];
  const ownTasks = await ownedTaskIds(db, userId, named);
  const taskIdOf = (session: ExportedSession) =>
    session.taskId !== undefined && session.type === "focus" && ownTasks.has(session.taskId) ? session.taskId : null;

  const createdAt = new Date().toISOString();
  let imported = 0;
  for (let i = 0; i < fresh.length; i += IMPORT_BATCH_SIZE) {
    const batch = fresh.slice(i, i + IMPORT_BATCH_SIZE);
    const rows = batch.map((session) => newSessionRow(userId, { ...session, taskId: taskIdOf(session) ?? undefined }, createdAt));
    imported += await writeBatch(rows);
    await setImmediate();
  }
  if (document.settings) await saveSettings(db, userId, document.settings);
  return { imported, skipped: document.sessions.length - imported, breaksOverDailyLimit, settingsApplied: document.settings !== undefined };
}
