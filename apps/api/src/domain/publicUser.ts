import type { AdminUser, User } from "@focus/core/schemas";
import type { CancellationRow } from "../db/tables/cancellations";
import type { UserRow } from "../db/tables/users";
import { acceptedOfferOf } from "./subscription";

/** True when `username` is the admin account's (case-insensitive; `docs/product.md`). */
export function isAdminUsername(username: string, adminUsername: string): boolean {
  return username.toLowerCase() === adminUsername.toLowerCase();
}

/** A stored user as the API shows it (userSchema of core): never the password hash. */
export function toPublicUser(row: UserRow, adminUsername: string): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    isGuest: false,
    isAdmin: isAdminUsername(row.username, adminUsername),
    subscriptionPlan: row.subscription_plan,
    subscriptionStatus: row.subscription_status,
    trialEndDate: row.trial_end_date,
  };
}

/**
 * A stored user as a row of the admin users list (adminUserSchema of core), with their last
 * cancellation (null when they never cancelled).
 */
export function toAdminUser(row: UserRow, cancellation: CancellationRow | null = null): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    trialEndDate: row.trial_end_date,
    subscriptionStatus: row.subscription_status,
    subscriptionPlan: row.subscription_plan,
    upgradeRequestedAt: row.upgrade_requested_at,
    offer: acceptedOfferOf(row),
    cancellation: cancellation && { reason: cancellation.reason, feedback: cancellation.feedback, cancelledAt: cancellation.created_at },
  };
}
