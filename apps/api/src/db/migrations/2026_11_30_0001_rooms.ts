/**
 * Focus rooms (`docs/rooms.md`): `rooms`, each with its owner, its rounds' schedule (when the
 * first round began and the rounds' lengths) and when it ended. Who is in a room is not stored:
 * presence lives with the live connections.
 * Frozen in time: never edit a migration that has shipped; add a new one.
 * Written with the schema builder and portable SQL only, so PostgreSQL can run it too.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's Database type (Kysely docs) */
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from "kysely";

/** An auto-assigned integer key: SQLite rowid alias, PostgreSQL identity. */
function idColumn(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
}

/** Creates `rooms` and its indexes. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("rooms")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("slug", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("visibility", "text", (col) => col.notNull().check(sql`visibility in ('public', 'link')`))
    .addColumn("owner_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("focus_minutes", "integer", (col) => col.notNull())
    .addColumn("break_minutes", "integer", (col) => col.notNull())
    .addColumn("started_at", "text", (col) => col.notNull())
    .addColumn("ended_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("rooms_slug_unique").on("rooms").column("slug").unique().execute();
  await db.schema.createIndex("rooms_owner_id").on("rooms").column("owner_id").execute();
  await db.schema.createIndex("rooms_open_visibility").on("rooms").columns(["ended_at", "visibility"]).execute();
}

/** Drops `rooms`. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("rooms").execute();
}
