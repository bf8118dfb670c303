/** Focus sessions repository: every query is scoped to one user. */
import { MAX_SESSION_SECONDS, sessionEndMs, type Session, type SessionCursor, type SessionInput } from "@focus/core";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import type { FocusSessionRow, NewFocusSessionRow } from "../db/tables/focusSessions";

type SessionColumns = Pick<FocusSessionRow, "id" | "start_time" | "duration" | "type" | "completed" | "client_id" | "task_id">;

/** Row → API shape (sessionSchema of core); `clientId` only when the client sent one, `taskId` only when the session counts for a task. */
function toSession(row: SessionColumns): Session {
  return {
    id: row.id,
    startTime: row.start_time,
    duration: row.duration,
    type: row.type,
    completed: row.completed === 1,
    ...(row.client_id === null ? {} : { clientId: row.client_id }),
    ...(row.task_id === null ? {} : { taskId: row.task_id }),
  };
}

const columns = ["id", "start_time", "duration", "type", "completed", "client_id", "task_id"] as const;

/**
 * The row of a session to store for the user: `startTime` normalised to UTC ISO, `taskId` as
 * given (already checked to be the user's), `createdAt` ISO.
 */
export function newSessionRow(userId: number, input: SessionInput, createdAt: string): NewFocusSessionRow {
  return {
    user_id: userId,
    start_time: new Date(input.startTime).toISOString(),
    duration: input.duration,
    type: input.type,
    completed: input.completed ? 1 : 0,
    client_id: input.clientId ?? null,
    task_id: input.taskId ?? null,
    created_at: createdAt,
  };
}

/**
 * Records a session for the user; `startTime` is stored normalised to UTC ISO. A `taskId` must
 * already be checked to be the user's (domain/tasks.ts `assertSessionTask`).
 */
export async function insertSession(db: Kysely<Database>, userId: number, input: SessionInput): Promise<Session> {
  const row = await db
    .insertInto("focus_sessions")
    .values(newSessionRow(userId, input, new Date().toISOString()))
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toSession(row);
}

/** The user's session recorded with this idempotency key, if any. */
export async function findSessionByClientId(db: Kysely<Database>, userId: number, clientId: string): Promise<Session | undefined> {
  const row = await db
    .selectFrom("focus_sessions")
    .select(columns)
    .where("user_id", "=", userId)
    .where("client_id", "=", clientId)
    .executeTakeFirst();
  return row ? toSession(row) : undefined;
}

/**
 * Records a session at most once per (user, clientId): a repeat of a key already recorded
 * answers the original record with `created: false`, also when two copies race.
 */
export async function recordSessionOnce(
  db: Kysely<Database>,
  userId: number,
  input: SessionInput,
): Promise<{ session: Session; created: boolean }> {
  if (input.clientId) {
    const existing = await findSessionByClientId(db, userId, input.clientId);
    if (existing) return { session: existing, created: false };
  }
  try {
    return { session: await insertSession(db, userId, input), created: true };
  } catch (error) {
    // Lost a race with a concurrent copy of the same post: the unique index kept one.
    const winner = input.clientId && isUniqueViolation(error) ? await findSessionByClientId(db, userId, input.clientId) : undefined;
    if (winner) return { session: winner, created: false };
    throw error;
  }
}

/**
 * One page of the user's sessions, newest start first (then highest id): at most `limit`
 * sessions listed after `cursor` (all from the newest when absent), only those starting at or
 * after `startedFrom` when given. `hasMore`: a next page exists (one row more was read).
 */
export async function listSessionsPage(
  db: Kysely<Database>,
  userId: number,
  page: { limit: number; cursor?: SessionCursor; startedFrom?: Date },
): Promise<{ sessions: Session[]; hasMore: boolean }> {
  const { limit, cursor, startedFrom } = page;
  let query = db.selectFrom("focus_sessions").select(columns).where("user_id", "=", userId);
  if (startedFrom) query = query.where("start_time", ">=", startedFrom.toISOString());
  if (cursor) {
    query = query.where((eb) =>
      eb.or([
        eb("start_time", "<", cursor.startTime),
        eb.and([eb("start_time", "=", cursor.startTime), eb("id", "<", cursor.id)]),
      ]),
    );
  }
  const rows = await query.orderBy("start_time", "desc").orderBy("id", "desc").limit(limit + 1).execute();
  return { sessions: rows.slice(0, limit).map(toSession), hasMore: rows.length > limit };
}

/**
 * The user's sessions that end within [start, end] (inclusive), oldest first: a session counts
 * on the day it ends (docs/product.md). Rows are narrowed by start time in SQL (a session lasts
 * at most MAX_SESSION_SECONDS) and by end time here, with core's `sessionEndMs`.
 */
export async function listSessionsBetween(
  db: Kysely<Database>,
  userId: number,
  start: Date,
  end: Date,
): Promise<Session[]> {
  const rows = await db
    .selectFrom("focus_sessions")
    .select(columns)
    .where("user_id", "=", userId)
    .where("start_time", ">=", new Date(start.getTime() - MAX_SESSION_SECONDS * 1000).toISOString())
    .where("start_time", "<=", end.toISOString())
    .orderBy("start_time", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map(toSession).filter((session) => {
    const endsAt = sessionEndMs(session);
    return endsAt >= start.getTime() && endsAt <= end.getTime();
  });
}

/** All of the user's sessions, oldest start first (the export's order). */
export async function listSessionsOldestFirst(db: Kysely<Database>, userId: number): Promise<Session[]> {
  const rows = await db
    .selectFrom("focus_sessions")
    .select(columns)
    .where("user_id", "=", userId)
    .orderBy("start_time", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map(toSession);
}

/** Deletes every session the user recorded; returns how many. */
export async function deleteSessionsOfUser(db: Kysely<Database>, userId: number): Promise<number> {
  const result = await db.deleteFrom("focus_sessions").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
