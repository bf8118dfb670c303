/**
 * How many sessions each account holds, kept beside `focus_sessions` (`docs/api.md`, Limits):
 * the cap on an account's sessions reads one row on every write instead of walking the
 * account's rows. Filled from the sessions already stored. A table of its own, not a column of
 * `users`: a write to `users` empties the login sessions' cache (`db/authWrites.ts`).
 * Frozen in time: never edit a migration that has shipped; add a new one.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's Database type (Kysely docs) */
import { type Kysely, sql } from "kysely";

/** Creates `session_counts` and counts the stored sessions (SQLite and PostgreSQL alike). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("session_counts")
    .addColumn("user_id", "integer", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("count", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`INSERT INTO session_counts (user_id, count) SELECT user_id, COUNT(*) FROM focus_sessions GROUP BY user_id`.execute(db);
}

/** Drops it. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("session_counts").execute();
}
