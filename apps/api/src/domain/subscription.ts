/**
 * Subscription rules on the server (`docs/product.md`, People and plans). The rules
 * themselves (premium active, trial active, may use the timer) come from @focus/core; this
 * module applies them to stored users and performs the plan changes.
 */
import { type CancelSubscriptionBody, isPremiumActive, type SubscriptionFields } from "@focus/core";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import type { UserRow } from "../db/tables/users";
import { insertCancellation } from "../repositories/cancellations";
import { findUserById, lockUserRow, updateUser } from "../repositories/users";
import { HttpError, userNotFound } from "./httpError";

/** The subscription fields core's rules take, from a stored user (never a guest). */
export function subscriptionOf(row: UserRow): SubscriptionFields {
  return {
    isGuest: false,
    subscriptionPlan: row.subscription_plan,
    subscriptionStatus: row.subscription_status,
    trialEndDate: row.trial_end_date,
  };
}

/**
 * Notes that the user asked to upgrade (shown in the admin list). The plan does not change:
 * an admin activates it after payment (`docs/product.md`).
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
 * Admin cancellation: plan free, status cancelled, whatever the previous state.
 * @throws HttpError 404 "User not found".
 */
export async function cancelByAdmin(db: Kysely<Database>, userId: number): Promise<UserRow> {
  const row = await updateUser(db, userId, { subscription_plan: "free", subscription_status: "cancelled" });
  if (!row) throw userNotFound();
  return row;
}
