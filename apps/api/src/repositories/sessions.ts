/**
 * Focus sessions repository: every query is scoped to one user, and every write of
 * `focus_sessions` is here, so the page cache (`sessionPageCache.ts`) forgets a user's pages
 * whenever one of their sessions changes.
 */
import { intentionOf, MAX_SESSION_SECONDS, type Session, type SessionCursor, type SessionInput, type SessionReflection } from "@focus/core/schemas";
import { sessionEndMs } from "@focus/core/stats";
import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import { isPostgres } from "../db/connection";
import type { Database } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { reusableQuery } from "../db/reusableQuery";
import type { FocusSessionRow, NewFocusSessionRow } from "../db/tables/focusSessions";
import { type SessionPage, SessionPageCache } from "./sessionPageCache";

type SessionColumns = Pick<FocusSessionRow, "id" | "start_time" | "duration" | "type" | "completed" | "client_id" | "task_id" | "escaped_at" | "intention" | "outcome" | "rating" | "extensions">;

/**
 * Row → API shape (sessionSchema of core); `clientId` only when the client sent one, `taskId`
 * only when the session counts for a task, `escapedAt` only for a strict session ended early.
 */
function toSession(row: SessionColumns): Session {
  return {
    id: row.id,
    startTime: row.start_time,
    duration: row.duration,
    type: row.type,
    completed: row.completed === 1,
    ...(row.client_id === null ? {} : { clientId: row.client_id }),
    ...(row.task_id === null ? {} : { taskId: row.task_id }),
    ...(row.escaped_at === null ? {} : { escapedAt: row.escaped_at }),
    ...(row.extensions === null ? {} : { extensions: row.extensions }),
    ...(row.intention === null ? {} : { intention: row.intention }),
    ...(row.outcome === null ? {} : { outcome: row.outcome }),
    ...(row.rating === null ? {} : { rating: row.rating }),
  };
}

const columns = ["id", "start_time", "duration", "type", "completed", "client_id", "task_id", "escaped_at", "intention", "outcome", "rating", "extensions"] as const;

/** Each SQLite database's page cache, by its Kysely adapter (one per database, shared by its transactions). */
const pageCaches = new WeakMap<object, SessionPageCache>();

function pageCacheOf(db: Kysely<Database>): SessionPageCache | undefined {
  return pageCaches.get(db.getExecutor().adapter);
}

/** Tells the page cache that a session of the user was written through `db`. */
function sessionsChanged(db: Kysely<Database>, userId: number): void {
  pageCacheOf(db)?.forget(userId);
}

/**
 * Keeps pages of session lists read through `db` in memory for `ttlMs` (`sessionPageCache.ts`).
 * SQLite only: on PostgreSQL, or with `ttlMs` 0, every page is read from the database.
 */
export function cacheSessionPages(db: Kysely<Database>, ttlMs: number): void {
  if (ttlMs > 0 && !isPostgres(db)) pageCaches.set(db.getExecutor().adapter, new SessionPageCache(ttlMs));
}

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
    escaped_at: input.escapedAt === undefined ? null : new Date(input.escapedAt).toISOString(),
    extensions: input.extensions ?? null,
    intention: intentionOf(input.intention),
    outcome: input.outcome ?? null,
    rating: input.rating ?? null,
    created_at: createdAt,
  };
}

/** The insert and the clientId lookup of `POST /api/sessions`, each compiled once (`reusableQuery`). */
const writeQueries = {
  insert: reusableQuery(
    13,
    (
      db: Kysely<Database>,
      user_id: number,
      start_time: string,
      duration: number,
      type: SessionInput["type"],
      completed: number,
      client_id: string | null,
      task_id: number | null,
      escaped_at: string | null,
      created_at: string,
      extensions: number | null,
      intention: string | null,
      outcome: SessionReflection["outcome"] | null,
      rating: number | null,
    ) =>
      db
        .insertInto("focus_sessions")
        .values({ user_id, start_time, duration, type, completed, client_id, task_id, escaped_at, created_at, extensions, intention, outcome, rating })
        .returning(columns),
  ),
  byClientId: reusableQuery(2, (db: Kysely<Database>, userId: number, clientId: string) =>
    db.selectFrom("focus_sessions").select(columns).where("user_id", "=", userId).where("client_id", "=", clientId),
  ),
  /** One more session in the user's count (the write of every recorded session). */
  countOne: reusableQuery(1, (db: Kysely<Database>, userId: number) =>
    db
      .insertInto("session_counts")
      .values({ user_id: userId, count: 1 })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ count: sql<number>`session_counts.count + 1` })),
  ),
  /** The user's count (read before every recorded session). */
  count: reusableQuery(1, (db: Kysely<Database>, userId: number) => db.selectFrom("session_counts").select("count").where("user_id", "=", userId)),
};

/**
 * Records a session for the user; `startTime` is stored normalised to UTC ISO. A `taskId` must
 * already be checked to be the user's (domain/tasks.ts `assertSessionTask`).
 */
export async function insertSession(db: Kysely<Database>, userId: number, input: SessionInput): Promise<Session> {
  const row = newSessionRow(userId, input, new Date().toISOString());
  const [stored] = await writeQueries.insert(
    db,
    row.user_id,
    row.start_time,
    row.duration,
    row.type,
    row.completed,
    row.client_id ?? null,
    row.task_id ?? null,
    row.escaped_at ?? null,
    row.created_at,
    row.extensions ?? null,
    row.intention ?? null,
    row.outcome ?? null,
    row.rating ?? null,
  );
  sessionsChanged(db, userId);
  if (!stored) throw new Error("insertSession: the insert returned no row");
  await writeQueries.countOne(db, userId);
  return toSession(stored);
}

/**
 * Adds `delta` to the user's count in `session_counts` (one statement; every write of
 * `focus_sessions` here calls it in the same transaction, so the count is the rows').
 */
async function countSessions(db: Kysely<Database>, userId: number, delta: number): Promise<void> {
  if (delta === 0) return;
  await db
    .insertInto("session_counts")
    .values({ user_id: userId, count: Math.max(0, delta) })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ count: sql<number>`session_counts.count + ${delta}` }))
    .execute();
}

/** How many sessions the user holds (`session_counts`: one row read, whatever the history's length). */
export async function sessionCountOf(db: Kysely<Database>, userId: number): Promise<number> {
  const [row] = await writeQueries.count(db, userId);
  return Number(row?.count ?? 0);
}

/** The user's session recorded with this idempotency key, if any. */
export async function findSessionByClientId(db: Kysely<Database>, userId: number, clientId: string): Promise<Session | undefined> {
  const [row] = await writeQueries.byClientId(db, userId, clientId);
  return row ? toSession(row) : undefined;
}

/**
 * Inserts a session unless the user already has one with its clientId, for a caller that has
 * just looked the clientId up: a copy of the same post that won the race in between is
 * answered with `created: false` (the unique index kept one).
 */
export async function insertSessionOnce(
  db: Kysely<Database>,
  userId: number,
  input: SessionInput,
): Promise<{ session: Session; created: boolean }> {
  try {
    return { session: await insertSession(db, userId, input), created: true };
  } catch (error) {
    const winner = input.clientId && isUniqueViolation(error) ? await findSessionByClientId(db, userId, input.clientId) : undefined;
    if (winner) return { session: winner, created: false };
    throw error;
  }
}

type PageQuery = SelectQueryBuilder<Database, "focus_sessions", SessionColumns>;

/** The user's sessions (the page's columns), before bounds and order. */
const userSessions = (db: Kysely<Database>, userId: number): PageQuery =>
  db.selectFrom("focus_sessions").select(columns).where("user_id", "=", userId);
/**
 * Sessions after a cursor: starting earlier, or at the same time with a lower id. The bound on
 * the start time alone lets the (user_id, start_time) index seek to the cursor instead of
 * walking every newer row.
 */
const afterCursor = (query: PageQuery, boundTime: string, beforeTime: string, atTime: string, beforeId: number): PageQuery =>
  query
    .where("start_time", "<=", boundTime)
    .where((eb) => eb.or([eb("start_time", "<", beforeTime), eb.and([eb("start_time", "=", atTime), eb("id", "<", beforeId)])]));
const newestFirst = (query: PageQuery, rows: number) => query.orderBy("start_time", "desc").orderBy("id", "desc").limit(rows);

/**
 * The page queries, each compiled once (`reusableQuery`): the first page, the first page from a
 * start bound (the Free plan's history), and both after a cursor. No sentinel stands in for an
 * absent bound: rows stored before the year rule may hold any start time.
 */
const pageQueries = {
  first: reusableQuery(2, (db: Kysely<Database>, userId: number, rows: number) => newestFirst(userSessions(db, userId), rows)),
  firstFrom: reusableQuery(3, (db: Kysely<Database>, userId: number, from: string, rows: number) =>
    newestFirst(userSessions(db, userId).where("start_time", ">=", from), rows),
  ),
  after: reusableQuery(
    6,
    (db: Kysely<Database>, userId: number, boundTime: string, beforeTime: string, atTime: string, beforeId: number, rows: number) =>
      newestFirst(afterCursor(userSessions(db, userId), boundTime, beforeTime, atTime, beforeId), rows),
  ),
  afterFrom: reusableQuery(
    7,
    (db: Kysely<Database>, userId: number, from: string, boundTime: string, beforeTime: string, atTime: string, beforeId: number, rows: number) =>
      newestFirst(afterCursor(userSessions(db, userId).where("start_time", ">=", from), boundTime, beforeTime, atTime, beforeId), rows),
  ),
};

/**
 * One page of the user's sessions, newest start first (then highest id): at most `limit`
 * sessions listed after `cursor` (all from the newest when absent), only those starting at or
 * after `startedFrom` when given. `hasMore`: a next page exists (one row more was read).
 * The page may come from the page cache and be shared with other callers: never change it.
 */
export async function listSessionsPage(
  db: Kysely<Database>,
  userId: number,
  page: { limit: number; cursor?: SessionCursor; startedFrom?: Date },
): Promise<SessionPage> {
  const { limit, cursor, startedFrom } = page;
  const from = startedFrom?.toISOString();
  const cache = pageCacheOf(db);
  const key = `${limit} ${from ?? ""} ${cursor ? `${cursor.startTime} ${cursor.id}` : ""}`;
  const now = Date.now();
  const cached = cache?.get(userId, key, now);
  if (cached) return cached;
  const snapshot = cache?.snapshot() ?? 0;
  const rows = limit + 1;
  const found = cursor
    ? from === undefined
      ? await pageQueries.after(db, userId, cursor.startTime, cursor.startTime, cursor.startTime, cursor.id, rows)
      : await pageQueries.afterFrom(db, userId, from, cursor.startTime, cursor.startTime, cursor.startTime, cursor.id, rows)
    : from === undefined
      ? await pageQueries.first(db, userId, rows)
      : await pageQueries.firstFrom(db, userId, from, rows);
  const result: SessionPage = { sessions: found.slice(0, limit).map(toSession), hasMore: found.length > limit };
  cache?.set(userId, key, result, now, snapshot);
  return result;
}

/**
 * Every session of the user that ends within [start, end] (epoch ms), oldest first: for the
 * server's own reads over a few days (a day's count, a week's escapes). Lists a user asks for
 * are paged (`pageSessionsBetween`).
 */
export async function listSessionsBetween(db: Kysely<Database>, userId: number, start: Date, end: Date): Promise<Session[]> {
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

/**
 * One page of the user's sessions that end within [start, end], oldest start first (then id):
 * at most `limit` rows read after `cursor` (a session's start and id), and the cursor of the next
 * page when there is one (the last row read). A session starts at most MAX_SESSION_SECONDS before
 * it ends, so the rows read are bounded by start time in SQL; the end is checked on the page.
 */
export async function pageSessionsBetween(
  db: Kysely<Database>,
  userId: number,
  start: Date,
  end: Date,
  page: { limit: number; cursor?: SessionCursor },
): Promise<{ sessions: Session[]; next: SessionCursor | null }> {
  let query = db
    .selectFrom("focus_sessions")
    .select(columns)
    .where("user_id", "=", userId)
    .where("start_time", ">=", new Date(start.getTime() - MAX_SESSION_SECONDS * 1000).toISOString())
    .where("start_time", "<=", end.toISOString());
  const { cursor } = page;
  if (cursor) query = query.where((eb) => eb.or([eb("start_time", ">", cursor.startTime), eb.and([eb("start_time", "=", cursor.startTime), eb("id", ">", cursor.id)])]));
  const rows = await query.orderBy("start_time", "asc").orderBy("id", "asc").limit(page.limit + 1).execute();
  const read = rows.slice(0, page.limit).map(toSession);
  const last = read.at(-1);
  const sessions = read.filter((session) => {
    const endsAt = sessionEndMs(session);
    return endsAt >= start.getTime() && endsAt <= end.getTime();
  });
  return { sessions, next: rows.length > page.limit && last ? { startTime: last.startTime, id: last.id } : null };
}

/**
 * Up to `limit` of the user's sessions after `cursor` (start time, then id), oldest start
 * first: one page of the export, read by keyset so a page costs the same however deep it is.
 */
export async function listSessionsOldestFirstPage(
  db: Kysely<Database>,
  userId: number,
  limit: number,
  cursor?: SessionCursor,
): Promise<Session[]> {
  let query = db.selectFrom("focus_sessions").select(columns).where("user_id", "=", userId);
  if (cursor) {
    // The bound on the start time alone lets the index seek to the cursor (see `afterCursor`).
    query = query
      .where("start_time", ">=", cursor.startTime)
      .where((eb) => eb.or([eb("start_time", ">", cursor.startTime), eb.and([eb("start_time", "=", cursor.startTime), eb("id", ">", cursor.id)])]));
  }
  const rows = await query.orderBy("start_time", "asc").orderBy("id", "asc").limit(limit).execute();
  return rows.map(toSession);
}

/** How many breaks (short and long) of the user start within [from, to) (ISO 8601 UTC; the (user_id, start_time) index). */
export async function countBreaksBetween(db: Kysely<Database>, userId: number, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom("focus_sessions")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("user_id", "=", userId)
    .where("start_time", ">=", from)
    .where("start_time", "<", to)
    .where("type", "!=", "focus")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Deletes every session the user recorded; returns how many. */
export async function deleteSessionsOfUser(db: Kysely<Database>, userId: number): Promise<number> {
  const result = await db.deleteFrom("focus_sessions").where("user_id", "=", userId).executeTakeFirst();
  await db.deleteFrom("session_counts").where("user_id", "=", userId).execute();
  sessionsChanged(db, userId);
  return Number(result.numDeletedRows);
}

/**
 * Stores sessions of the user (built by `newSessionRow`) in one statement, skipping any whose
 * clientId the user already has; returns how many were stored.
 */
export async function insertSessionRows(db: Kysely<Database>, userId: number, rows: NewFocusSessionRow[]): Promise<number> {
  if (rows.some((row) => row.user_id !== userId)) throw new Error("insertSessionRows: every row must be the user's");
  const stored = await db
    .insertInto("focus_sessions")
    .values(rows)
    // A session the same clientId recorded meanwhile (the timer of another tab) stays as it is.
    .onConflict((oc) => oc.columns(["user_id", "client_id"]).doNothing())
    .returning("id")
    .execute();
  await countSessions(db, userId, stored.length);
  sessionsChanged(db, userId);
  return stored.length;
}

/** Unlinks the user's sessions from the task (they stay, counting for no task). */
export async function unlinkSessionsFromTask(db: Kysely<Database>, userId: number, taskId: number): Promise<void> {
  await db.updateTable("focus_sessions").set({ task_id: null }).where("user_id", "=", userId).where("task_id", "=", taskId).execute();
  sessionsChanged(db, userId);
}

/**
 * Deletes the user's session recorded with this idempotency key (a stopped session brought back
 * by Undo, `docs/product.md`); returns whether there was one.
 */
export async function deleteSessionByClientId(db: Kysely<Database>, userId: number, clientId: string): Promise<boolean> {
  const result = await db.deleteFrom("focus_sessions").where("user_id", "=", userId).where("client_id", "=", clientId).executeTakeFirst();
  const deleted = Number(result.numDeletedRows);
  await countSessions(db, userId, -deleted);
  sessionsChanged(db, userId);
  return deleted > 0;
}

/**
 * Sets the reflection (`outcome`, `rating`; `rating: null` clears it) on the user's session named
 * by `ref`: its row id, or its idempotency key (`clientId`). Returns the session as updated, or
 * undefined when the user has no such session (another user's is never touched).
 */
export async function updateSessionReflection(
  db: Kysely<Database>,
  userId: number,
  ref: { id: number } | { clientId: string },
  reflection: SessionReflection,
): Promise<Session | undefined> {
  const changes = {
    ...(reflection.outcome === undefined ? {} : { outcome: reflection.outcome }),
    ...(reflection.rating === undefined ? {} : { rating: reflection.rating }),
  };
  let query = db.updateTable("focus_sessions").set(changes).where("user_id", "=", userId);
  query = "id" in ref ? query.where("id", "=", ref.id) : query.where("client_id", "=", ref.clientId);
  const [row] = await query.returning(columns).execute();
  if (row) sessionsChanged(db, userId);
  return row ? toSession(row) : undefined;
}

/** The user's session named by its row id or its clientId, or undefined. */
export async function findSessionOf(db: Kysely<Database>, userId: number, ref: { id: number } | { clientId: string }): Promise<Session | undefined> {
  let query = db.selectFrom("focus_sessions").select(columns).where("user_id", "=", userId);
  query = "id" in ref ? query.where("id", "=", ref.id) : query.where("client_id", "=", ref.clientId);
  const row = await query.executeTakeFirst();
  return row ? toSession(row) : undefined;
}
