/**
 * The account's push subscriptions (`docs/product.md`, Notifications on a locked phone): a
 * browser's subscription is kept with the login session it was saved from, only for an endpoint
 * the server accepts as a push service's, at most MAX_PUSH_SUBSCRIPTIONS per account (the oldest
 * goes), and only the account's own are listed or deleted.
 */
import type { PushSubscriptionInput, PushSubscriptionRecord } from "@focus/core/push";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { HttpError } from "../httpError";
import { deletePushSubscription, listPushSubscriptions, savePushSubscription } from "../repositories/pushSubscriptions";

/** The account's subscriptions, oldest first (a browser finds its own by its endpoint). */
export function pushSubscriptionsOf(db: Kysely<Database>, userId: number): Promise<PushSubscriptionRecord[]> {
  return listPushSubscriptions(db, userId);
}

/**
 * Saves the subscription for the user, kept with their login session; past
 * MAX_PUSH_SUBSCRIPTIONS the account's oldest is dropped (one transaction under the user's row
 * lock, so concurrent saves on any instance keep the cap).
 * @param endpoints `accepts`: whether the server takes this endpoint (a push service's, the push
 *   adapter's rule); `refusedMessage`: what a refused one is answered with.
 * @param sessionKey the login session's key, read once the endpoint is accepted.
 * @returns the saved subscription, and whether it is new to this account.
 * @throws HttpError 400 `refusedMessage` for an endpoint that is not accepted; what `sessionKey` throws.
 */
export async function savePushSubscriptionOf(
  db: Kysely<Database>,
  userId: number,
  subscription: PushSubscriptionInput,
  endpoints: { accepts: (endpoint: string) => boolean; refusedMessage: string },
  sessionKey: () => Promise<string>,
  now: Date,
): Promise<{ record: PushSubscriptionRecord; created: boolean }> {
  if (!endpoints.accepts(subscription.endpoint)) throw new HttpError(400, endpoints.refusedMessage);
  return savePushSubscription(db, userId, await sessionKey(), subscription, now);
}

/**
 * Deletes one of the account's subscriptions.
 * @throws HttpError 404 for an id that is not the account's.
 */
export async function removePushSubscription(db: Kysely<Database>, userId: number, id: number): Promise<void> {
  if (!(await deletePushSubscription(db, userId, id))) throw new HttpError(404, "Push subscription not found");
}
