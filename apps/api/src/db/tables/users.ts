import type { RetentionOfferId, SubscriptionPlan, SubscriptionStatus } from "@focus/core/schemas";
import type { Generated, Insertable, Selectable, Updateable } from "kysely";

/** Table `users`. Dates are ISO 8601 text, UTC. */
export interface UsersTable {
  id: Generated<number>;
  /** Unique case-insensitively (index on lower(username)). */
  username: string;
  /** Unique case-insensitively when present. */
  email: string | null;
  /** `scrypt$N$r$p$salt$hash`, see security/password.ts. */
  password_hash: string;
  subscription_plan: SubscriptionPlan;
  subscription_status: SubscriptionStatus;
  trial_end_date: string | null;
  created_at: string;
  /** When the user last asked to upgrade (ISO 8601 UTC); cleared when an admin activates. */
  upgrade_requested_at: string | null;
  /** The retention offer the user accepted while cancelling (`docs/product.md`), or null. */
  retention_offer: RetentionOfferId | null;
  /** When they accepted it (ISO 8601 UTC); null without an offer. */
  retention_offer_accepted_at: string | null;
  /** When the admin marked it applied (ISO 8601 UTC); null while it waits or without an offer. */
  retention_offer_applied_at: string | null;
  /** The IANA zone the account's local days are counted in (`domain/accountTimeZone.ts`); null until a device names one. */
  time_zone: string | null;
  /** When `time_zone` was last taken from a device or chosen (ISO 8601 UTC); null with it. */
  time_zone_set_at: string | null;
  /** When the user last chose `time_zone` in Settings (ISO 8601 UTC); null while a device named it. A chosen zone is never moved by a device. */
  time_zone_chosen_at: string | null;
  /** When the user last asked to end a strict focus session early (ISO 8601 UTC), the start of its wait (`domain/escapes.ts`); null until then. */
  escape_asked_at: string | null;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserRowUpdate = Updateable<UsersTable>;
