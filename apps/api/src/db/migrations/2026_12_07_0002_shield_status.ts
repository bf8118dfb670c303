/**
 * A shield that says when it is down (`docs/product.md`, Website Shield): each paired browser's
 * last report (`linked_devices.reported_at`, `incognito_allowed`, `rules_in_place`), the
 * shield-off intervals recorded while a focus session ran (`shield_off_intervals`, at most one
 * open per user: a partial unique index), and the removals the extension's uninstall page
 * recorded (`extension_removals`, with the optional reason, which only the page that recorded
 * the removal may add: it holds `edit_key`).
 * Frozen in time: never edit a migration that has shipped; add a new one.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's Database type (Kysely docs) */
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from "kysely";

/** An auto-assigned integer key: SQLite rowid alias, PostgreSQL identity. */
function idColumn(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return (col: ColumnDefinitionBuilder) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement());
}

/** Adds the report columns and creates the two tables. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("linked_devices").addColumn("reported_at", "text").execute();
  await db.schema.alterTable("linked_devices").addColumn("incognito_allowed", "integer").execute();
  await db.schema.alterTable("linked_devices").addColumn("rules_in_place", "integer").execute();
  await db.schema
    .createTable("shield_off_intervals")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("session_start", "text")
    .addColumn("started_at", "text", (col) => col.notNull())
    .addColumn("ended_at", "text")
    .execute();
  await db.schema.createIndex("shield_off_intervals_user").on("shield_off_intervals").columns(["user_id", "started_at"]).execute();
  await db.schema
    .createIndex("shield_off_intervals_one_open")
    .on("shield_off_intervals")
    .column("user_id")
    .unique()
    .where(sql.ref("ended_at"), "is", null)
    .execute();
  await db.schema
    .createTable("extension_removals")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("reason", "text")
    .addColumn("edit_key", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
}

/** Drops them. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("extension_removals").execute();
  await db.schema.dropTable("shield_off_intervals").execute();
  await db.schema.alterTable("linked_devices").dropColumn("rules_in_place").execute();
  await db.schema.alterTable("linked_devices").dropColumn("incognito_allowed").execute();
  await db.schema.alterTable("linked_devices").dropColumn("reported_at").execute();
}
