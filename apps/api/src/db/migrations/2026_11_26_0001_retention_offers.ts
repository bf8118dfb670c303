/**
 * Retention offers (`docs/product.md`, Offers and upgrade requests): the offer a user accepted
 * while cancelling, when, and when the team applied it, on `users`. All three are null for a user
 * who never accepted one. The offer is checked against the known ids at the database too.
 * Frozen in time: never edit a migration that has shipped; add a new one.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's Database type (Kysely docs) */
import { type Kysely, sql } from "kysely";

/** Adds `retention_offer`, `retention_offer_accepted_at` and `retention_offer_applied_at` (ISO 8601 text). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("retention_offer", "text", (col) => col.check(sql`retention_offer in ('half-price-3-months', 'pause-3-months')`))
    .execute();
  await db.schema.alterTable("users").addColumn("retention_offer_accepted_at", "text").execute();
  await db.schema.alterTable("users").addColumn("retention_offer_applied_at", "text").execute();
}

/** Drops the three columns. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("retention_offer_applied_at").execute();
  await db.schema.alterTable("users").dropColumn("retention_offer_accepted_at").execute();
  await db.schema.alterTable("users").dropColumn("retention_offer").execute();
}
