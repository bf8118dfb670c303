/**
 * Subscriptions: the `cancellations` table, `users.upgrade_requested_at`
 * (the admin list shows who asked to upgrade) and `http_sessions.user_id` (so deleting an
 * account can end its login sessions). Existing sessions are backfilled from their JSON data.
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

/** The `userId` a stored session's JSON carries, or null. */
function userIdOf(data: string): number | null {
  try {
    const userId = (JSON.parse(data) as { userId?: unknown }).userId;
    return typeof userId === "number" && Number.isInteger(userId) ? userId : null;
  } catch {
    return null;
  }
}

/** Adds the table, the two columns and their indexes; backfills `http_sessions.user_id`. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("upgrade_requested_at", "text").execute();

  await db.schema
    .createTable("cancellations")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("feedback", "text", (col) => col.notNull())
    .addColumn("email", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("cancellations_user_id").on("cancellations").column("user_id").execute();

  await db.schema.alterTable("http_sessions").addColumn("user_id", "integer").execute();
  await db.schema.createIndex("http_sessions_user_id").on("http_sessions").column("user_id").execute();
  const rows: { sid: string; data: string }[] = await db.selectFrom("http_sessions").select(["sid", "data"]).execute();
  for (const row of rows) {
    const userId = userIdOf(row.data);
    if (userId !== null) await db.updateTable("http_sessions").set({ user_id: userId }).where("sid", "=", row.sid).execute();
  }
}

/** Removes what `up` added. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("http_sessions_user_id").execute();
  await db.schema.alterTable("http_sessions").dropColumn("user_id").execute();
  await db.schema.dropTable("cancellations").execute();
  await db.schema.alterTable("users").dropColumn("upgrade_requested_at").execute();
}
