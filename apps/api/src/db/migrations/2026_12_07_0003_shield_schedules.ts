/**
 * Shield schedules (`docs/product.md`, Schedules): `shield_schedules` keeps each user's
 * recurring block windows: the days of the week (a JSON array of 0-6, Sunday first) and the
 * local start and end in minutes after midnight. Deleted with the user.
 * Frozen in time: never edit a migration that has shipped; add a new one.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's Database type (Kysely docs) */
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from "kysely";

/** An auto-assigned integer key: SQLite rowid alias, PostgreSQL identity. */
function idColumn(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return (col: ColumnDefinitionBuilder) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement());
}

/** Creates `shield_schedules`. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("shield_schedules")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("days", "text", (col) => col.notNull())
    .addColumn("start_minute", "integer", (col) => col.notNull())
    .addColumn("end_minute", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("shield_schedules_user").on("shield_schedules").columns(["user_id", "id"]).execute();
}

/** Drops it. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("shield_schedules").execute();
}
