/**
 * Forgotten passwords (`docs/product.md`, Forgotten password): `password_resets` keeps each reset
 * link as the SHA-256 of its token, who it is for, how it was handed out (`email` or `admin`),
 * when it expires and when it was used (deleted with the user). The per-account mail limit is
 * counted from it (index on user and creation time).
 * Frozen in time: never edit a migration that has shipped; add a new one.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's Database type (Kysely docs) */
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from "kysely";

/** An auto-assigned integer key: SQLite rowid alias, PostgreSQL identity. */
function idColumn(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
}

/** Creates `password_resets` and its indexes. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("password_resets")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (col) => col.notNull())
    .addColumn("channel", "text", (col) => col.notNull().check(sql`channel in ('email', 'admin')`))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("password_resets_token_hash_unique").on("password_resets").column("token_hash").unique().execute();
  await db.schema.createIndex("password_resets_user_created").on("password_resets").columns(["user_id", "created_at"]).execute();
}

/** Drops it. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("password_resets").execute();
}
