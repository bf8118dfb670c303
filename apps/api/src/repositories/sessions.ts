/** Focus sessions repository (spec §3 Session): every query is scoped to one user. */
import type { Session, SessionInput } from "@focus/core";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import type { FocusSessionRow } from "../db/tables/focusSessions";

/** Row → API shape (sessionSchema of core). */
function toSession(row: Pick<FocusSessionRow, "id" | "start_time" | "duration" | "type" | "completed">): Session {
  return {
    id: row.id,
    startTime: row.start_time,
    duration: row.duration,
    type: row.type,
    completed: row.completed === 1,
  };
}

const columns = ["id", "start_time", "duration", "type", "completed"] as const;

/** Records a session for the user; `startTime` is stored normalised to UTC ISO. */
export async function insertSession(db: Kysely<Database>, userId: number, input: SessionInput): Promise<Session> {
  const row = await db
    .insertInto("focus_sessions")
    .values({
      user_id: userId,
      start_time: new Date(input.startTime).toISOString(),
      duration: input.duration,
      type: input.type,
      completed: input.completed ? 1 : 0,
      created_at: new Date().toISOString(),
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toSession(row);
}

/** All of the user's sessions, newest start first. */
export async function listSessions(db: Kysely<Database>, userId: number): Promise<Session[]> {
  const rows = await db
    .selectFrom("focus_sessions")
    .select(columns)
    .where("user_id", "=", userId)
    .orderBy("start_time", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toSession);
}

/** The user's sessions starting within [start, end] (inclusive), oldest first. */
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
    .where("start_time", ">=", start.toISOString())
    .where("start_time", "<=", end.toISOString())
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
