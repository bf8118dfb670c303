/**
 * Limits every API instance shares (`docs/api.md`, Limits):
 * - `rate_counters`: a count per key within a window (the sign-in counters per account, and on
 *   PostgreSQL every rate limit of @fastify/rate-limit). `window_ends_at` and `updated_at`
 *   (the last hit) are epoch ms; a row whose window has ended counts as absent and is purged.
 * - `live_connections`: the live connections of every instance on PostgreSQL (one row per open
 *   `/ws/timer` socket: the instance that holds it, its number there, its user, when it opened,
 *   epoch ms), so the per-user socket cap holds across instances.
 * Frozen in time: never edit a migration that has shipped; add a new one.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's Database type (Kysely docs) */
import type { Kysely } from "kysely";

/** Creates `rate_counters` and `live_connections`. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("rate_counters")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("count", "integer", (col) => col.notNull())
    .addColumn("window_ends_at", "bigint", (col) => col.notNull())
    .addColumn("updated_at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("rate_counters_window_ends_at").on("rate_counters").column("window_ends_at").execute();

  await db.schema
    .createTable("live_connections")
    .addColumn("instance_id", "text", (col) => col.notNull())
    .addColumn("connection_id", "integer", (col) => col.notNull())
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("opened_at", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("live_connections_pkey", ["instance_id", "connection_id"])
    .execute();
  await db.schema.createIndex("live_connections_user_id").on("live_connections").columns(["user_id", "opened_at"]).execute();
}

/** Drops them. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("live_connections").execute();
  await db.schema.dropTable("rate_counters").execute();
}
