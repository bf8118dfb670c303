/**
 * Login-session rows (table http_sessions; `security/loginSessions.ts`). Every function takes
 * the session id as the cookie carries it (unsigned) and stores or looks up only its SHA-256
 * (`hashSessionId`), so reading the table never gives away a usable cookie.
 */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import type { UserRow } from "../db/tables/users";
import { reusableQuery } from "../db/reusableQuery";

/**
 * The key a session is stored under: SHA-256 of its id, base64url (43 characters). Also what
 * the live hub knows a login session by, so no raw session id travels between instances.
 */
export function hashSessionId(sid: string): string {
  return createHash("sha256").update(sid, "utf8").digest("base64url");
}

/** A stored session with its user's row. */
export interface HttpSessionWithUser {
  /** When the session expires (ISO 8601 UTC). */
  expiresAt: string;
  /** The signed-in user's id; null for a row without one (none are written). */
  userId: number | null;
  /** Null when there is no user id or the account is gone. */
  user: UserRow | null;
}

const selectSessionWithUser = reusableQuery(2, (db: Kysely<Database>, key: string, now: string) =>
  db
    .selectFrom("http_sessions")
    .leftJoin("users", "users.id", "http_sessions.user_id")
    .selectAll("users")
    .select(["http_sessions.expires_at as session_expires_at", "http_sessions.user_id as session_user_id"])
    .where("http_sessions.sid", "=", key)
    .where("http_sessions.expires_at", ">", now),
);

/**
 * The session (if it exists and has not expired at `now`) and its user, in one query: every
 * authenticated request needs both.
 */
export async function findHttpSessionWithUser(db: Kysely<Database>, sid: string, now: Date): Promise<HttpSessionWithUser | undefined> {
  const [row] = await selectSessionWithUser(db, hashSessionId(sid), now.toISOString());
  if (!row) return undefined;
  const { session_expires_at: expiresAt, session_user_id: userId, ...user } = row;
  return { expiresAt, userId, user: user.id === null ? null : (user as UserRow) };
}

/** Inserts or replaces the session; `userId` is the logged-in user, null for none. */
export async function upsertHttpSession(
  db: Kysely<Database>,
  sid: string,
  data: string,
  expiresAt: Date,
  userId: number | null,
): Promise<void> {
  const expires_at = expiresAt.toISOString();
  await db
    .insertInto("http_sessions")
    .values({ sid: hashSessionId(sid), data, expires_at, user_id: userId })
    .onConflict((oc) => oc.column("sid").doUpdateSet({ data, expires_at, user_id: userId }))
    .execute();
}

/** Deletes every session of the user (logs them out everywhere); returns how many. */
export async function deleteHttpSessionsOfUser(db: Kysely<Database>, userId: number): Promise<number> {
  const result = await db.deleteFrom("http_sessions").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes every session of the user but `keepSid` (logs them out on every other browser; every
 * browser when null); returns the keys (`hashSessionId`) of the deleted ones.
 */
export async function deleteOtherHttpSessionsOfUser(db: Kysely<Database>, userId: number, keepSid: string | null): Promise<string[]> {
  let query = db.deleteFrom("http_sessions").where("user_id", "=", userId);
  if (keepSid !== null) query = query.where("sid", "!=", hashSessionId(keepSid));
  const rows = await query.returning("sid").execute();
  return rows.map((row) => row.sid);
}

/** Deletes the session (no error when absent). */
export async function deleteHttpSession(db: Kysely<Database>, sid: string): Promise<void> {
  await db.deleteFrom("http_sessions").where("sid", "=", hashSessionId(sid)).execute();
}

/** Deletes every session expired at `now`; returns how many. */
export async function deleteExpiredHttpSessions(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom("http_sessions").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
