/**
 * Sessions start between the years 2000 and 2100 (`docs/api.md`, POST /api/sessions). Before
 * that rule a start such as `9999-12-31T23:59:59-23:59` or year 0 could be stored; such a row
 * cannot be a real session, and it kept the user's own export from importing again. This
 * deletes those rows (stored starts are ISO strings in UTC, so a year outside 2000-2100, or one
 * written with a sign, sorts outside the range as text).
 * Frozen in time: never edit a migration that has shipped; add a new one.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's Database type (Kysely docs) */
import type { Kysely } from "kysely";

/** Deletes the sessions that start before 2000 or after 2100. */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .deleteFrom("focus_sessions")
    .where((eb) => eb.or([eb("start_time", "<", "2000-01-01T00:00:00.000Z"), eb("start_time", ">=", "2101-01-01T00:00:00.000Z")]))
    .execute();
}

/** Nothing to undo: the deleted rows were not sessions. */
export async function down(): Promise<void> {}
