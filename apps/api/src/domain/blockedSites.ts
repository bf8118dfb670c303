/**
 * Blocklist rules (`docs/product.md`, Website Shield and People and plans): a user blocks each
 * domain once (409 on a duplicate), at most FREE_PLAN.blockedSites of them on the Free plan
 * (403 beyond) and MAX_BLOCKED_SITES on any plan (409 beyond). During a strict focus session the
 * Shield only gets stricter (`docs/product.md`, Strict focus): no site is removed, no delay
 * page switched on, no exception added and no site added to an allow list (409).
 */
import { BLOCKED_SITE_CONFLICTS, type BlockedSite, type BlockedSiteInput, MAX_BLOCKED_SITES } from "@focus/core/schemas";
import { blockedSitesAllowed, FREE_BLOCKED_SITES_MESSAGE, planTier } from "@focus/core/subscription";
import { entryLoosensShield, STRICT_SHIELD_MESSAGES } from "@focus/core/timer";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { countBlockedSites, deleteBlockedSite, insertBlockedSite, listBlockedSites, setBlockedSiteDelay } from "../repositories/blockedSites";
import { getSettings } from "../repositories/settings";
import { lockUserRow } from "../repositories/users";
import type { UserRow } from "../db/tables/users";
import { HttpError } from "../httpError";
import { assertNoStrictSession } from "./accountTimer";
import { subscriptionOf } from "./subscription";

/** 404 for a site id the user does not own (another user's id looks the same as none). */
export const blockedSiteNotFound = () => new HttpError(404, "Blocked site not found");

/**
 * Adds an entry to the user's blocklist (`input.url` is already the normalised entry, core's siteRule.ts).
 * @param now epoch ms, which decides the user's plan.
 * @throws HttpError 409 "This website is already in your blocklist"; 403
 *   FREE_BLOCKED_SITES_MESSAGE when a Free-plan user already blocks FREE_PLAN.blockedSites sites;
 *   409 when the user already blocks MAX_BLOCKED_SITES sites; 409 for an entry that lets a site
 *   through (an exception, any entry of an allow list) during a strict focus session.
 */
export async function addBlockedSite(db: Kysely<Database>, user: UserRow, input: BlockedSiteInput, now: number): Promise<BlockedSite> {
  const duplicate = () => new HttpError(409, BLOCKED_SITE_CONFLICTS.duplicate);
  const allowed = blockedSitesAllowed(planTier(subscriptionOf(user), now));
  try {
    return await db.transaction().execute(async (trx) => {
      await lockUserRow(trx, user.id);
      const { shieldMode } = await getSettings(trx, user.id);
      if (entryLoosensShield(input.url, shieldMode)) await assertNoStrictSession(trx, user.id, now, STRICT_SHIELD_MESSAGES.allowedSite);
      if ((await countBlockedSites(trx, user.id)) >= allowed) {
        throw allowed < MAX_BLOCKED_SITES ? new HttpError(403, FREE_BLOCKED_SITES_MESSAGE) : new HttpError(409, BLOCKED_SITE_CONFLICTS.tooMany);
      }
      return insertBlockedSite(trx, user.id, input);
    });
  } catch (error) {
    // The unique index (user_id, url) decides, so two concurrent adds cannot both succeed.
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/** The user's blocklist `{ id, url, active, delay }[]`, oldest first. */
export function blockedSitesOf(db: Kysely<Database>, userId: number): Promise<BlockedSite[]> {
  return listBlockedSites(db, userId);
}

/**
 * Makes the user's site a delay page (`delay`) or a wall. A delay page loosens the Shield, so it
 * is not switched on during a strict focus session.
 * @param now epoch ms.
 * @returns the entry as stored.
 * @throws HttpError 409 switching a delay page on during a strict focus session; 404 "Blocked site not found".
 */
export async function setBlockedSiteDelayOf(db: Kysely<Database>, userId: number, id: number, delay: boolean, now: number): Promise<BlockedSite> {
  if (delay) await assertNoStrictSession(db, userId, now, STRICT_SHIELD_MESSAGES.site);
  const site = await setBlockedSiteDelay(db, userId, id, delay);
  if (!site) throw blockedSiteNotFound();
  return site;
}

/**
 * Removes the user's site; never during a strict focus session (the list only grows then).
 * @param now epoch ms.
 * @throws HttpError 409 during a strict focus session; 404 "Blocked site not found".
 */
export async function removeBlockedSite(db: Kysely<Database>, userId: number, id: number, now: number): Promise<void> {
  await assertNoStrictSession(db, userId, now, STRICT_SHIELD_MESSAGES.site);
  if (!(await deleteBlockedSite(db, userId, id))) throw blockedSiteNotFound();
}
