import { z } from "zod";
import { DAY_MS } from "../constants";
import { settingsSchema } from "./settings";
import { escapeProblem, extensionsProblem, sessionInputSchema } from "./session";

/** Formats of `GET /api/export`. */
const EXPORT_FORMATS = ["json", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Query of `GET /api/export?format=csv|json` (JSON when absent). */
export const exportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, "format must be csv or json").default("json"),
});

/** Version of the JSON export document; an import accepts only versions it knows. */
export const DATA_EXPORT_VERSION = 1;

/** Most sessions one import may carry (about 25 years of daily use). */
const MAX_IMPORT_SESSIONS = 100_000;

/** Most sessions one account may hold; an import that would pass it is refused (`docs/offline.md`). */
export const MAX_SESSIONS_PER_USER = 100_000;

/**
 * Most breaks (short and long) an account's history keeps per UTC day of their start: a break
 * every 15 minutes around the clock stays under it. A break past it is not stored: `POST
 * /api/sessions` answers 409, an import leaves it out and counts it (`breaksOverDailyLimit`), the
 * account's timer goes on without recording it (`docs/api.md`, Limits). It keeps one account
 * from filling the database, and every read of its history, with made-up breaks.
 */
export const MAX_BREAKS_PER_DAY = 100;

/** The UTC day a session counts in for MAX_BREAKS_PER_DAY: [start, end) of its start's date, ISO 8601. */
export function breakDayOf(startTime: string): { start: string; end: string } {
  const day = new Date(startTime);
  const start = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  return { start: new Date(start).toISOString(), end: new Date(start + DAY_MS).toISOString() };
}

/**
 * The `fresh` sessions that fit MAX_BREAKS_PER_DAY next to the `stored` ones (focus sessions
 * always fit), in their order, and how many breaks were left out.
 */
export function withinBreakLimit<T extends { startTime: string; type: string }>(stored: readonly { startTime: string; type: string }[], fresh: readonly T[]): { kept: T[]; over: number } {
  const breaksOn = new Map<string, number>();
  const count = (session: { startTime: string }) => {
    const day = breakDayOf(session.startTime).start;
    const n = (breaksOn.get(day) ?? 0) + 1;
    breaksOn.set(day, n);
    return n;
  };
  for (const session of stored) if (session.type !== "focus") count(session);
  const kept = fresh.filter((session) => session.type === "focus" || count(session) <= MAX_BREAKS_PER_DAY);
  return { kept, over: fresh.length - kept.length };
}

/**
 * A session as exported: what was recorded, without the server's row id, so the document
 * can be imported into another account or server. `clientId` and `taskId` are kept when they
 * exist; an import keeps a `taskId` only when it names one of the importing user's own tasks.
 * An escape mark (`escapedAt`) is kept when it fits the session (`escapeProblem`), and so is the
 * count of "+5 min" (`extensions`, a focus session's only).
 */
const exportedSessionSchema = sessionInputSchema.superRefine((session, ctx) => {
  const problem = escapeProblem(session);
  if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["escapedAt"] });
  const extensions = extensionsProblem(session);
  if (extensions) ctx.addIssue({ code: "custom", message: extensions, path: ["extensions"] });
});
export type ExportedSession = z.infer<typeof exportedSessionSchema>;

/**
 * The JSON export (`GET /api/export?format=json`) and the body of `POST /api/import`:
 * the user's settings and every recorded session, oldest first. An import without `settings`
 * (a guest's sessions moved into their new account) leaves the user's settings as they are.
 */
export const dataExportSchema = z.object({
  version: z.literal(DATA_EXPORT_VERSION, `version must be ${DATA_EXPORT_VERSION}`),
  exportedAt: z.iso.datetime({ offset: true, message: "exportedAt must be an ISO 8601 date-time" }),
  settings: settingsSchema.optional(),
  sessions: exportedSessionSchema.array().max(MAX_IMPORT_SESSIONS, `at most ${MAX_IMPORT_SESSIONS} sessions`),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/**
 * Answer of `POST /api/import`: sessions added, sessions not added (already present, or breaks
 * past MAX_BREAKS_PER_DAY: `breaksOverDailyLimit` of them), settings applied.
 */
export const importResultSchema = z.object({
  imported: z.number().int().min(0),
  skipped: z.number().int().min(0),
  breaksOverDailyLimit: z.number().int().min(0).default(0),
  settingsApplied: z.boolean(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** Columns of the CSV export, in order (the header row). */
export const SESSION_CSV_COLUMNS = ["startTime", "type", "duration", "completed", "clientId", "taskId", "escapedAt", "extensions", "intention", "outcome", "rating"] as const;

/**
 * Identity of a session for de-duplication when it has no clientId: the same start instant,
 * type and duration are the same session.
 */
export function sessionDedupeKey(session: Pick<ExportedSession, "startTime" | "type" | "duration">): string {
  return `${new Date(session.startTime).toISOString()}|${session.type}|${session.duration}`;
}

/** Body of `DELETE /api/user`: the password confirms that the account's owner asks. */
export const deleteAccountBodySchema = z.object({
  password: z.string().min(1, "Password is required").max(200),
});
