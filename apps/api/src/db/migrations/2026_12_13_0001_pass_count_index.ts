/**
 * The account's delay passes of a day are counted on the server (`docs/product.md`, Delay
 * instead of a wall): an index on (user_id, kind, created_at) lets that count read the day's
 * passes alone, however many stopped visits the account has.
 * Frozen in time: never edit a migration that has shipped; add a new one.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's Database type (Kysely docs) */
import type { Kysely } from "kysely";

/** Adds the index (SQLite and PostgreSQL alike). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("blocked_attempts_user_kind_created").on("blocked_attempts").columns(["user_id", "kind", "created_at"]).execute();
}

/** Drops it. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("blocked_attempts_user_kind_created").execute();
}
