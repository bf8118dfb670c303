/**
 * Web Push (`docs/product.md`, Notifications on a locked phone): `push_subscriptions` keeps each
 * browser's push subscription (its endpoint, unique, and the keys a payload is encrypted for)
 * with the account and the login session it was made in: deleted with the user, and with that
 * session (a sign-out, an expired session). `account_timers.settle_at` gets an index: every
 * instance looks up the timers that end soon to send their pushes.
 * Frozen in time: never edit a migration that has shipped; add a new one.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's Database type (Kysely docs) */
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from "kysely";

/** An auto-assigned integer key: SQLite rowid alias, PostgreSQL identity. */
function idColumn(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
}

/** Creates `push_subscriptions`, its indexes, and the index on `account_timers.settle_at`. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("push_subscriptions")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("session_key", "text", (col) => col.notNull().references("http_sessions.sid").onDelete("cascade"))
    .addColumn("endpoint", "text", (col) => col.notNull())
    .addColumn("p256dh", "text", (col) => col.notNull())
    .addColumn("auth", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("push_subscriptions_endpoint_unique").on("push_subscriptions").column("endpoint").unique().execute();
  await db.schema.createIndex("push_subscriptions_user").on("push_subscriptions").columns(["user_id", "id"]).execute();
  await db.schema.createIndex("push_subscriptions_session").on("push_subscriptions").column("session_key").execute();
  await db.schema.createIndex("account_timers_settle_at").on("account_timers").column("settle_at").execute();
}

/** Drops them. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("account_timers_settle_at").execute();
  await db.schema.dropTable("push_subscriptions").execute();
}
