/**
 * PostgreSQL only: every UPDATE or DELETE of a row of `users` or `http_sessions` NOTIFYs channel
 * `focus_auth` with the user's id when its transaction commits, so every API instance drops
 * what its login session cache holds for that user (`db/authWrites.ts`). SQLite has nothing to
 * add: one instance serves it, and it sees its own writes.
 * Frozen in time: never edit a migration that has shipped; add a new one.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's Database type (Kysely docs) */
import { type Kysely, PostgresAdapter, sql } from "kysely";

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Creates the trigger function and the four row triggers. */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    CREATE FUNCTION focus_notify_user_auth() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'users' THEN
        PERFORM pg_notify('focus_auth', OLD.id::text);
      ELSIF OLD.user_id IS NOT NULL THEN
        PERFORM pg_notify('focus_auth', OLD.user_id::text);
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  for (const table of ["users", "http_sessions"]) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_notify_auth`)} AFTER UPDATE OR DELETE ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION focus_notify_user_auth()`.execute(db);
  }
}

/** Drops the triggers and their function. */
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of ["users", "http_sessions"]) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_notify_auth`)} ON ${sql.table(table)}`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS focus_notify_user_auth()`.execute(db);
}
