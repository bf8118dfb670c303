/**
 * Tasks estimated in focus sessions (`docs/product.md`, Tasks): the `tasks` table (per user, one
 * task per (user_id, client_id), the client's idempotency key) and `focus_sessions.task_id`,
 * the task a focus session was spent on.
 * `task_id` is a plain nullable integer without a foreign key: deleting a task keeps its
 * sessions (they stay in every statistic) and the domain sets their `task_id` to null in the
 * same transaction (`src/domain/tasks.ts`). A foreign key would add nothing to that and would
 * keep SQLite from dropping the column on the way down.
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

/** Creates `tasks` and its indexes, and adds `focus_sessions.task_id` with its index. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("tasks")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("client_id", "text", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("estimate", "integer", (col) => col.notNull().check(sql`estimate between 1 and 20`))
    .addColumn("done", "integer", (col) => col.notNull().defaultTo(0).check(sql`done in (0, 1)`))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("completed_at", "text")
    .execute();
  await db.schema.createIndex("tasks_user_client_unique").on("tasks").columns(["user_id", "client_id"]).unique().execute();
  await db.schema.createIndex("tasks_user_done").on("tasks").columns(["user_id", "done"]).execute();

  await db.schema.alterTable("focus_sessions").addColumn("task_id", "integer").execute();
  await db.schema.createIndex("focus_sessions_user_task").on("focus_sessions").columns(["user_id", "task_id"]).execute();
}

/** Drops the column, its index and the table. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("focus_sessions_user_task").execute();
  await db.schema.alterTable("focus_sessions").dropColumn("task_id").execute();
  await db.schema.dropTable("tasks").execute();
}
