import type { User } from "@focus/core";
import type { UserRow } from "../db/tables/users";

/** True when `username` is the admin account's (case-insensitive; DESIGN.md §3 Roles). */
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
