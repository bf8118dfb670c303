/**
 * Subscription rules on the server (`docs/product.md`, People and plans). The rules
 * themselves (premium active, trial active, may use the timer) come from @focus/core; this
 * module applies them to stored users and performs the plan changes.
 */
import { RETENTION_OFFER_TITLES } from "@focus/core/cancellation";
import { type AcceptedOffer, type CancelSubscriptionBody, type RetentionOfferId, type SubscriptionRequests } from "@focus/core/schemas";
import { adminCancellationOf, isPremiumActive, isTrialActive, type SubscriptionFields } from "@focus/core/subscription";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import type { UserRow } from "../db/tables/users";
import { insertCancellation } from "../repositories/cancellations";
import { findUserById, lockUserRow, updateUser } from "../repositories/users";
import { HttpError, userNotFound } from "../httpError";

/** The subscription fields core's rules take, from a stored user (never a guest). */
export function subscriptionOf(row: UserRow): SubscriptionFields {
  return {
    isGuest: false,
    subscriptionPlan: row.subscription_plan,
    subscriptionStatus: row.subscription_status,
    trialEndDate: row.trial_end_date,
  };
}

/** The retention offer the user accepted, or null (`docs/product.md`, Offers and upgrade requests). */
export function acceptedOfferOf(row: UserRow): AcceptedOffer | null {
  if (!row.retention_offer || !row.retention_offer_accepted_at) return null;
  return { offer: row.retention_offer, acceptedAt: row.retention_offer_accepted_at, appliedAt: row.retention_offer_applied_at };
}

/** What the user asked for that waits on the team: the upgrade request and the accepted offer. */
export function subscriptionRequestsOf(row: UserRow): SubscriptionRequests {
  return { upgradeRequestedAt: row.upgrade_requested_at, offer: acceptedOfferOf(row) };
}

/**
 * `subscriptionRequestsOf` the user as stored now (not as the request's session loaded it).
 * @throws HttpError 404 "User not found" when the account is gone.
 */
export async function currentSubscriptionRequests(db: Kysely<Database>, userId: number): Promise<SubscriptionRequests> {
  const row = await findUserById(db, userId);
  if (!row) throw userNotFound();
  return subscriptionRequestsOf(row);
}

/**
 * Notes that the user asked to upgrade (shown in the admin list with its date). The plan does not
 * change: an admin activates it after payment, or after writing to the user when the server has
 * no payment link (`docs/product.md`, Offers and upgrade requests).
 */
export async function recordUpgradeRequest(db: Kysely<Database>, userId: number, now = new Date()): Promise<void> {
  await updateUser(db, userId, { upgrade_requested_at: now.toISOString() });
}

/**
 * Self-service cancellation (`docs/product.md`): plan free, status cancelled, and the reason,
 * feedback and email-for-updates stored in `cancellations`, in one transaction.
 * @returns the updated user.
 * @throws HttpError 409 "You have no active premium subscription to cancel" unless premium is active.
 */
export async function cancelOwnSubscription(
  db: Kysely<Database>,
  userId: number,
  body: CancelSubscriptionBody,
  now = new Date(),
): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    // Locked and read inside the transaction so two concurrent cancels cannot both pass the check.
    await lockUserRow(trx, userId);
    const current = await findUserById(trx, userId);
    if (!current || !isPremiumActive(subscriptionOf(current))) {
      throw new HttpError(409, "You have no active premium subscription to cancel");
    }
    const updated = await updateUser(trx, userId, { subscription_plan: "free", subscription_status: "cancelled" });
    await insertCancellation(trx, {
      user_id: userId,
      reason: body.reason,
      feedback: body.feedback,
      email: body.email ? body.email : null,
      created_at: now.toISOString(),
    });
    return updated ?? current;
  });
}

/**
 * Admin manual activation after payment (`docs/product.md`): plan premium, status active; the
 * pending upgrade request is cleared.
 * @throws HttpError 404 "User not found".
 */
export async function activatePremium(db: Kysely<Database>, userId: number): Promise<UserRow> {
  const row = await updateUser(db, userId, {
    subscription_plan: "premium",
    subscription_status: "active",
    upgrade_requested_at: null,
  });
  if (!row) throw userNotFound();
  return row;
}

/**
 * The admin's cancellation (`docs/product.md`, People and plans; the rule is core's
 * `adminCancellationOf`): an active Premium becomes free/cancelled; a trial that runs ends at
 * `now` (status trial, end date now: the Free plan, "Trial Expired").
 * @returns what was ended (`endPremium` or `endTrial`).
 * @throws HttpError 404 "User not found"; 409 "<username> is on the Free plan: there is nothing
 *   to cancel" when neither Premium nor a trial is active.
 */
export async function cancelByAdmin(db: Kysely<Database>, userId: number, now = new Date()): Promise<"endPremium" | "endTrial"> {
  return db.transaction().execute(async (trx) => {
    await lockUserRow(trx, userId);
    const current = await findUserById(trx, userId);
    if (!current) throw userNotFound();
    const cancellation = adminCancellationOf(subscriptionOf(current), now.getTime());
    if (cancellation === null) throw new HttpError(409, `${current.username} is on the Free plan: there is nothing to cancel`);
    const change =
      cancellation === "endPremium"
        ? ({ subscription_plan: "free", subscription_status: "cancelled" } as const)
        : ({ trial_end_date: now.toISOString() } as const);
    await updateUser(trx, userId, change);
    return cancellation;
  });
}

/**
 * Records the retention offer the user accepted while cancelling (`docs/product.md`, Offers and
 * upgrade requests), for the team to apply. Accepting the offer already held changes nothing (a
 * retried click is harmless); a user holds one offer.
 * @returns the user, with the offer.
 * @throws HttpError 404 "User not found"; 409 "Only an active plan or trial can take an offer"
 *   unless premium or a trial is active at `now`; 409 "You have already accepted …" for a second,
 *   different offer.
 */
export async function acceptRetentionOffer(
  db: Kysely<Database>,
  userId: number,
  offer: RetentionOfferId,
  now = new Date(),
): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    await lockUserRow(trx, userId);
    const current = await findUserById(trx, userId);
    if (!current) throw userNotFound();
    const fields = subscriptionOf(current);
    if (!isPremiumActive(fields) && !isTrialActive(fields, now.getTime())) {
      throw new HttpError(409, "Only an active plan or trial can take an offer");
    }
    if (current.retention_offer === offer) return current;
    if (current.retention_offer) {
      throw new HttpError(409, `You have already accepted ${RETENTION_OFFER_TITLES[current.retention_offer]}`);
    }
    const updated = await updateUser(trx, userId, {
      retention_offer: offer,
      retention_offer_accepted_at: now.toISOString(),
      retention_offer_applied_at: null,
    });
    return updated ?? current;
  });
}

/**
 * Admin: notes that the team applied the user's accepted offer. Marking an applied offer again
 * keeps the first date.
 * @returns the user.
 * @throws HttpError 404 "User not found"; 409 "This user has no accepted offer".
 */
export async function markOfferApplied(db: Kysely<Database>, userId: number, now = new Date()): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    await lockUserRow(trx, userId);
    const current = await findUserById(trx, userId);
    if (!current) throw userNotFound();
    if (!current.retention_offer) throw new HttpError(409, "This user has no accepted offer");
    if (current.retention_offer_applied_at) return current;
    return (await updateUser(trx, userId, { retention_offer_applied_at: now.toISOString() })) ?? current;
  });
}
