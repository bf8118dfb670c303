/** Blocked sites repository: every query is scoped to one user. */
import type { BlockedSite } from "@focus/core/schemas";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import type { BlockedSiteRow } from "../db/tables/blockedSites";

/** Row → API shape (blockedSiteSchema of core). */
function toBlockedSite(row: Pick<BlockedSiteRow, "id" | "url" | "active" | "delay">): BlockedSite {
  return { id: row.id, url: row.url, active: row.active === 1, delay: row.delay === 1 };
}

const columns = ["id", "url", "active", "delay"] as const;

/** The user's blocked sites, oldest first (the order they were added). */
export async function listBlockedSites(db: Kysely<Database>, userId: number): Promise<BlockedSite[]> {
  const rows = await db.selectFrom("blocked_sites").select(columns).where("user_id", "=", userId).orderBy("id").execute();
  return rows.map(toBlockedSite);
}

/** How many sites the user blocks. */
export async function countBlockedSites(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom("blocked_sites")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Adds a site (`url` already normalised).
 * @throws the driver's unique-violation error when the user already blocks it (see db/errors.ts).
 */
export async function insertBlockedSite(
  db: Kysely<Database>,
  userId: number,
  site: { url: string; active: boolean },
): Promise<BlockedSite> {
  const row = await db
    .insertInto("blocked_sites")
    .values({ user_id: userId, url: site.url, active: site.active ? 1 : 0, created_at: new Date().toISOString() })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toBlockedSite(row);
}

/** Sets whether the user's entry shows the delay page; null when the user has no entry with this id. */
export async function setBlockedSiteDelay(db: Kysely<Database>, userId: number, id: number, delay: boolean): Promise<BlockedSite | null> {
  const row = await db
    .updateTable("blocked_sites")
    .set({ delay: delay ? 1 : 0 })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returning(columns)
    .executeTakeFirst();
  return row ? toBlockedSite(row) : null;
}

/** Deletes the user's site; false when the user has no site with this id. */
export async function deleteBlockedSite(db: Kysely<Database>, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom("blocked_sites").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes every site of the user; returns how many. */
export async function deleteBlockedSitesOfUser(db: Kysely<Database>, userId: number): Promise<number> {
  const result = await db.deleteFrom("blocked_sites").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
