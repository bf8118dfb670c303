/**
 * Blocklist rules (`docs/product.md`, Website Shield): a user blocks each domain once
 * (409 on a duplicate) and at most MAX_BLOCKED_SITES of them (409 beyond).
 */
import { BLOCKED_SITE_CONFLICTS, type BlockedSite, type BlockedSiteInput, MAX_BLOCKED_SITES } from "@focus/core";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { countBlockedSites, deleteBlockedSite, insertBlockedSite } from "../repositories/blockedSites";
import { lockUserRow } from "../repositories/users";
import { HttpError } from "./httpError";

/** 404 for a site id the user does not own (another user's id looks the same as none). */
export const blockedSiteNotFound = () => new HttpError(404, "Blocked site not found");

/**
 * Adds a site to the user's blocklist (`input.url` is already the normalised domain).
 * @throws HttpError 409 "This website is already in your blocklist", or 409 when the user
 *   already blocks MAX_BLOCKED_SITES sites.
 */
export async function addBlockedSite(db: Kysely<Database>, userId: number, input: BlockedSiteInput): Promise<BlockedSite> {
  const duplicate = () => new HttpError(409, BLOCKED_SITE_CONFLICTS.duplicate);
  try {
    return await db.transaction().execute(async (trx) => {
      await lockUserRow(trx, userId);
      if ((await countBlockedSites(trx, userId)) >= MAX_BLOCKED_SITES) {
        throw new HttpError(409, BLOCKED_SITE_CONFLICTS.tooMany);
      }
      return insertBlockedSite(trx, userId, input);
    });
  } catch (error) {
    // The unique index (user_id, url) decides, so two concurrent adds cannot both succeed.
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/** Removes the user's site. @throws HttpError 404 "Blocked site not found". */
export async function removeBlockedSite(db: Kysely<Database>, userId: number, id: number): Promise<void> {
  if (!(await deleteBlockedSite(db, userId, id))) throw blockedSiteNotFound();
}
