/**
 * Website Shield (`docs/product.md`): `blocked_sites`, `linked_devices` (paired extensions with a
 * hashed device token) and `blocked_attempts` (blocked navigations, for the statistics).
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

/** Creates the three tables and their indexes. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("blocked_sites")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("url", "text", (col) => col.notNull())
    .addColumn("active", "integer", (col) => col.notNull().defaultTo(1).check(sql`active in (0, 1)`))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("blocked_sites_user_url_unique")
    .on("blocked_sites")
    .columns(["user_id", "url"])
    .unique()
    .execute();

  await db.schema
    .createTable("linked_devices")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("token_hash", "text", (col) => col.notNull())
    .addColumn("is_active", "integer", (col) => col.notNull().defaultTo(1).check(sql`is_active in (0, 1)`))
    .addColumn("last_seen_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("linked_devices_token_hash_unique").on("linked_devices").column("token_hash").unique().execute();
  await db.schema.createIndex("linked_devices_user_id").on("linked_devices").column("user_id").execute();

  await db.schema
    .createTable("blocked_attempts")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("domain", "text", (col) => col.notNull())
    .addColumn("occurred_at", "text", (col) => col.notNull())
    .addColumn("session_start", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("blocked_attempts_user_domain")
    .on("blocked_attempts")
    .columns(["user_id", "domain"])
    .execute();
  await db.schema
    .createIndex("blocked_attempts_user_session")
    .on("blocked_attempts")
    .columns(["user_id", "session_start"])
    .execute();
}

/** Drops the three tables. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("blocked_attempts").execute();
  await db.schema.dropTable("linked_devices").execute();
  await db.schema.dropTable("blocked_sites").execute();
}
