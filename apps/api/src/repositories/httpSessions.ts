/** Login-session rows for the @fastify/session store (table http_sessions). */
import type { Kysely } from "kysely";
import type { Database } from "../db/database";

/** The session's JSON data if it exists and has not expired at `now`. */
export async function findHttpSession(db: Kysely<Database>, sid: string, now: Date): Promise<string | undefined> {
  const row = await db
    .selectFrom("http_sessions")
    .select("data")
    .where("sid", "=", sid)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row?.data;
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
    .values({ sid, data, expires_at, user_id: userId })
    .onConflict((oc) => oc.column("sid").doUpdateSet({ data, expires_at, user_id: userId }))
    .execute();
}

/** Deletes every session of the user (logs them out everywhere); returns how many. */
export async function deleteHttpSessionsOfUser(db: Kysely<Database>, userId: number): Promise<number> {
  const result = await db.deleteFrom("http_sessions").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes every session of the user but `keepSid` (logs them out on every other browser); returns their ids. */
export async function deleteOtherHttpSessionsOfUser(db: Kysely<Database>, userId: number, keepSid: string): Promise<string[]> {
  const rows = await db.deleteFrom("http_sessions").where("user_id", "=", userId).where("sid", "!=", keepSid).returning("sid").execute();
  return rows.map((row) => row.sid);
}

/** Deletes the session (no error when absent). */
export async function deleteHttpSession(db: Kysely<Database>, sid: string): Promise<void> {
  await db.deleteFrom("http_sessions").where("sid", "=", sid).execute();
}

/** Deletes every session expired at `now`; returns how many. */
export async function deleteExpiredHttpSessions(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom("http_sessions").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
