/**
 * Initial schema: users, focus_sessions, settings, http_sessions.
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

/** Creates the four tables and their indexes. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("username", "text", (col) => col.notNull())
    .addColumn("email", "text")
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("subscription_plan", "text", (col) =>
      col.notNull().defaultTo("free").check(sql`subscription_plan in ('free', 'premium')`),
    )
    .addColumn("subscription_status", "text", (col) =>
      col
        .notNull()
        .defaultTo("free")
        .check(sql`subscription_status in ('trial', 'active', 'cancelled', 'inactive', 'free')`),
    )
    .addColumn("trial_end_date", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("users_username_unique")
    .on("users")
    .unique()
    .expression(sql`lower(username)`)
    .execute();
  await db.schema
    .createIndex("users_email_unique")
    .on("users")
    .unique()
    .expression(sql`lower(email)`)
    .execute();

  await db.schema
    .createTable("focus_sessions")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("start_time", "text", (col) => col.notNull())
    .addColumn("duration", "integer", (col) => col.notNull().check(sql`duration >= 0`))
    .addColumn("type", "text", (col) => col.notNull().check(sql`type in ('focus', 'break')`))
    .addColumn("completed", "integer", (col) => col.notNull().check(sql`completed in (0, 1)`))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("focus_sessions_user_start")
    .on("focus_sessions")
    .columns(["user_id", "start_time"])
    .execute();

  await db.schema
    .createTable("settings")
    .addColumn("user_id", "integer", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("data", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("http_sessions")
    .addColumn("sid", "text", (col) => col.primaryKey())
    .addColumn("data", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("http_sessions_expires_at").on("http_sessions").column("expires_at").execute();
}

/** Drops the four tables (children first). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("http_sessions").execute();
  await db.schema.dropTable("settings").execute();
  await db.schema.dropTable("focus_sessions").execute();
  await db.schema.dropTable("users").execute();
}
