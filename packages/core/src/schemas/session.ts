import { z } from "zod";
import { DAY_MS, MAX_EXTENSIONS } from "../constants";
import { isoDateTimeInYears } from "./dates";
import { MAX_RECORD_ID, positiveIdParam, recordIdSchema } from "./ids";
import { intentionSchema, sessionOutcomeSchema, sessionRatingSchema } from "./intention";

/** Session types as stored. */
const SESSION_TYPES = ["focus", "break"] as const;
export type SessionType = (typeof SESSION_TYPES)[number];

/** Most "+5 min" one session may have had (the `maxExtensions` setting's top). */
export const MAX_SESSION_EXTENSIONS = MAX_EXTENSIONS.max;

/** Longest session a client may record: 24 hours, in seconds. */
export const MAX_SESSION_SECONDS = 24 * 60 * 60;

/**
 * Body of `POST /api/sessions` (`docs/api.md`): startTime (ISO 8601), duration (seconds),
 * type, completed, and optionally clientId and taskId.
 */
export const sessionInputSchema = z.object({
  startTime: isoDateTimeInYears("startTime"),
  duration: z
    .number()
    .int("duration must be a whole number of seconds")
    .min(0, "duration must not be negative")
    .max(MAX_SESSION_SECONDS, "duration must be at most 24 hours"),
  type: z.enum(SESSION_TYPES),
  completed: z.boolean(),
  /**
   * Idempotency key (`docs/offline.md`): a UUID the client makes when the session completes. The
   * server records a session once per (user, clientId) and answers a repeat with the original.
   */
  clientId: z.uuid("clientId must be a UUID").optional(),
  /**
   * The user's task this focus session was spent on (`docs/product.md`, Tasks): the id of one of
   * the user's own tasks, checked by the server. Absent when the session counts for no task.
   */
  taskId: recordIdSchema("taskId must be a task id").optional(),
  /**
   * What the user set out to do first in this focus session (`docs/product.md`, Intentions): plain
   * text, at most 140 characters; absent (or empty) for none.
   */
  intention: intentionSchema.optional(),
  /** How the session went (the reflection card): done, partly or stuck; absent when not answered. */
  outcome: sessionOutcomeSchema.optional(),
  /** The focus rating the user gave it, 1 to 5; absent when not given. */
  rating: sessionRatingSchema.optional(),
  /**
   * When the user ended this strict focus session early (`docs/product.md`, Strict focus), ISO
   * 8601; absent for any other session. Checked with the rest of the record by `escapeProblem`.
   */
  escapedAt: isoDateTimeInYears("escapedAt").optional(),
  /**
   * How many times "+5 min" made this focus session longer (`docs/product.md`, The timer: Five
   * more minutes), 1 to MAX_SESSION_EXTENSIONS; absent when none.
   */
  extensions: z
    .number()
    .int("extensions must be a whole number")
    .min(1, "extensions must be at least 1 (leave it out when there were none)")
    .max(MAX_SESSION_EXTENSIONS, `extensions must be at most ${MAX_SESSION_EXTENSIONS}`)
    .optional(),
});
export type SessionInput = z.infer<typeof sessionInputSchema>;

/** Slack allowed between an escape's instant and the session's end as recorded, ms (clocks and rounding). */
const ESCAPE_SLACK_MS = 5_000;

/**
 * Why a session's escape mark does not fit the session, or null when it fits or there is none:
 * only a focus session that was not completed can be ended early, and the escape falls between
 * its start and its recorded end (`startTime + duration`), within a few seconds.
 */
export function escapeProblem(session: Pick<SessionInput, "startTime" | "duration" | "type" | "completed" | "escapedAt">): string | null {
  if (session.escapedAt === undefined) return null;
  if (session.type !== "focus" || session.completed) return "escapedAt is only for a focus session that was ended early";
  const start = Date.parse(session.startTime);
  const at = Date.parse(session.escapedAt);
  if (at < start - ESCAPE_SLACK_MS || at > start + session.duration * 1000 + ESCAPE_SLACK_MS) {
    return "escapedAt must fall within the session";
  }
  return null;
}

/** Why a session's `extensions` do not fit it, or null: only a focus session can have been made longer. */
export function extensionsProblem(session: Pick<SessionInput, "type" | "extensions">): string | null {
  return session.extensions !== undefined && session.type !== "focus" ? "extensions is only for a focus session" : null;
}

/**
 * A recorded session as the API returns it. `startTime` is what the server stored (ISO 8601, UTC),
 * not checked again on the way out, so no stored row can make a list fail.
 */
export const sessionSchema = sessionInputSchema.extend({
  id: z.number().int(),
  startTime: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;


/** Most sessions one page of `GET /api/sessions` (and of its range) holds, and the page size when none is asked. */
export const SESSION_PAGE_SIZE = 1000;

/** Response header of `GET /api/sessions` naming the cursor of the next page; absent on the last page. */
export const NEXT_CURSOR_HEADER = "X-Next-Cursor";

/**
 * A position in the newest-first list of sessions: the last session of a page, as
 * `<startTime>_<id>` (the stored UTC start, then the row id). The next page holds the sessions
 * listed after it: an earlier start, or the same start and a smaller id.
 */
export interface SessionCursor {
  startTime: string;
  id: number;
}

/** The cursor that continues the list after `session`. */
export function encodeSessionCursor(session: Pick<Session, "startTime" | "id">): string {
  return `${session.startTime}_${session.id}`;
}

/** The stored start (ISO characters only) and a plain positive id, as `positiveIdParam` takes (at most MAX_RECORD_ID). */
const CURSOR_PATTERN = /^(\d[\dT:.+\-Z]{0,39})_([1-9]\d{0,9})$/;

/** The cursor's parts, or undefined when `text` is not one `encodeSessionCursor` makes. */
function decodeSessionCursor(text: string): SessionCursor | undefined {
  const match = CURSOR_PATTERN.exec(text);
  if (!match?.[1] || !match[2]) return undefined;
  const id = Number(match[2]);
  return id <= MAX_RECORD_ID ? { startTime: match[1], id } : undefined;
}

/** A `cursor` query parameter: one `encodeSessionCursor` made, decoded. */
const sessionCursorParam = z.string().transform((text, ctx) => {
  const cursor = decodeSessionCursor(text);
  if (!cursor) {
    ctx.addIssue({ code: "custom", message: "cursor must be one a previous page gave" });
    return z.NEVER;
  }
  return cursor;
});

/**
 * Query of `GET /api/sessions` (`docs/api.md`): `limit` sessions per page (1 to
 * SESSION_PAGE_SIZE, default SESSION_PAGE_SIZE) after `cursor` (from the previous page's
 * NEXT_CURSOR_HEADER; the newest sessions when absent).
 */
export const sessionListQuerySchema = z.object({
  limit: positiveIdParam(`limit must be a whole number from 1 to ${SESSION_PAGE_SIZE}`)
    .pipe(z.number().max(SESSION_PAGE_SIZE, `limit must be a whole number from 1 to ${SESSION_PAGE_SIZE}`))
    .default(SESSION_PAGE_SIZE),
  cursor: sessionCursorParam.optional(),
});

/** The longest span `GET /api/sessions/range` answers, days (two months: a month's statistics with room). */
export const MAX_RANGE_DAYS = 62;

/**
 * Query of `GET /api/sessions/range` (`docs/api.md`): ISO start and end, start before end and at
 * most MAX_RANGE_DAYS apart; `limit` sessions a page (oldest first) after `cursor` (the
 * NEXT_CURSOR_HEADER of the page before).
 */
export const sessionRangeQuerySchema = z
  .object({
    startDate: z.iso.datetime({ offset: true, message: "startDate must be an ISO 8601 date-time" }),
    endDate: z.iso.datetime({ offset: true, message: "endDate must be an ISO 8601 date-time" }),
    limit: positiveIdParam(`limit must be a whole number from 1 to ${SESSION_PAGE_SIZE}`)
      .pipe(z.number().max(SESSION_PAGE_SIZE, `limit must be a whole number from 1 to ${SESSION_PAGE_SIZE}`))
      .default(SESSION_PAGE_SIZE),
    cursor: sessionCursorParam.optional(),
  })
  .refine((q) => Date.parse(q.startDate) <= Date.parse(q.endDate), {
    message: "startDate must not be after endDate",
    path: ["endDate"],
  })
  .refine((q) => Date.parse(q.endDate) - Date.parse(q.startDate) <= MAX_RANGE_DAYS * DAY_MS, {
    message: `A range may span at most ${MAX_RANGE_DAYS} days`,
    path: ["endDate"],
  });
