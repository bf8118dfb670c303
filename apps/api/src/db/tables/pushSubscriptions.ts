import type { Generated, Insertable, Selectable } from "kysely";

/**
 * Table `push_subscriptions`: browsers that asked to be told when a session ends
 * (`docs/product.md`, Notifications on a locked phone), with the account and the login session
 * they were saved in (deleted with either).
 */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  /** The login session's key (`http_sessions.sid`, the SHA-256 of its id). */
  session_key: string;
  /** The push service's URL for this browser (unique): a capability, never logged. */
  endpoint: string;
  /** The browser's P-256 public key, base64url. */
  p256dh: string;
  /** The browser's push secret, base64url. */
  auth: string;
  /** ISO 8601 UTC. */
  created_at: string;
}

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
export type NewPushSubscriptionRow = Insertable<PushSubscriptionsTable>;
