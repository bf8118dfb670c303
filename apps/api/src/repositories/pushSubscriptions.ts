/**
 * Push subscriptions repository (table `push_subscriptions`; `docs/product.md`, Notifications on
 * a locked phone): each browser's subscription, with its account and login session.
 */
import { MAX_PUSH_SUBSCRIPTIONS, type PushSubscriptionInput, type PushSubscriptionRecord } from "@focus/core/push";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { writeTransaction } from "../db/groupCommit";
import type { PushSubscriptionRow } from "../db/tables/pushSubscriptions";
import { lockUserRow } from "./users";

/** A subscription as the API answers it (never its keys). */
function recordOf(row: Pick<PushSubscriptionRow, "id" | "endpoint" | "created_at">): PushSubscriptionRecord {
  return { id: row.id, endpoint: row.endpoint, createdAt: row.created_at };
}

/**
 * Saves the browser's subscription for the user's login session `sessionKey`. An endpoint
 * already stored (this browser subscribed before, under any account) is moved to this account
 * and session with its new keys. Past MAX_PUSH_SUBSCRIPTIONS the account's oldest are deleted.
 * One transaction under the user's row lock, so concurrent saves on any instance keep the cap.
 * @returns the saved subscription, and whether it is new to this account.
 */
export function savePushSubscription(
  db: Kysely<Database>,
  userId: number,
  sessionKey: string,
  subscription: PushSubscriptionInput,
  now: Date,
): Promise<{ record: PushSubscriptionRecord; created: boolean }> {
  return writeTransaction(db, async (trx) => {
    await lockUserRow(trx, userId);
    const existing = await trx
      .selectFrom("push_subscriptions")
      .select(["id", "user_id"])
      .where("endpoint", "=", subscription.endpoint)
      .executeTakeFirst();
    const values = {
      user_id: userId,
      session_key: sessionKey,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      created_at: now.toISOString(),
    };
    const row = await trx
      .insertInto("push_subscriptions")
      .values({ ...values, endpoint: subscription.endpoint })
      .onConflict((oc) => oc.column("endpoint").doUpdateSet(values))
      .returning(["id", "endpoint", "created_at"])
      .executeTakeFirstOrThrow();
    const keep = await trx
      .selectFrom("push_subscriptions")
      .select("id")
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(MAX_PUSH_SUBSCRIPTIONS)
      .execute();
    await trx
      .deleteFrom("push_subscriptions")
      .where("user_id", "=", userId)
      .where(
        "id",
        "not in",
        keep.map((kept) => kept.id),
      )
      .execute();
    return { record: recordOf(row), created: existing?.user_id !== userId };
  });
}

/** The user's subscriptions, oldest first (without keys). */
export async function listPushSubscriptions(db: Kysely<Database>, userId: number): Promise<PushSubscriptionRecord[]> {
  const rows = await db
    .selectFrom("push_subscriptions")
    .select(["id", "endpoint", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
  return rows.map(recordOf);
}

/** The user's subscriptions with their keys, for sending. */
export function pushTargetsOf(db: Kysely<Database>, userId: number): Promise<Pick<PushSubscriptionRow, "id" | "endpoint" | "p256dh" | "auth">[]> {
  return db.selectFrom("push_subscriptions").select(["id", "endpoint", "p256dh", "auth"]).where("user_id", "=", userId).orderBy("id").execute();
}

/** Whether the user has any subscription. */
export async function hasPushSubscriptions(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db.selectFrom("push_subscriptions").select("id").where("user_id", "=", userId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Deletes the user's subscription `id`; false when the user has none by that id (another user's included). */
export async function deletePushSubscription(db: Kysely<Database>, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom("push_subscriptions").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes the subscription `id` if it still has `endpoint` (the push service said it is gone). */
export async function deleteGonePushSubscription(db: Kysely<Database>, id: number, endpoint: string): Promise<void> {
  await db.deleteFrom("push_subscriptions").where("id", "=", id).where("endpoint", "=", endpoint).execute();
}

/** Deletes every subscription of the user (signed out everywhere, a new password); returns how many. */
export async function deletePushSubscriptionsOfUser(db: Kysely<Database>, userId: number): Promise<number> {
  const result = await db.deleteFrom("push_subscriptions").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The timers of accounts with a push subscription that change by themselves between `from`
 * and `to` (epoch ms; `account_timers.settle_at`): each user once, with that moment.
 */
export async function timersDueWithPush(db: Kysely<Database>, from: number, to: number): Promise<{ userId: number; settleAt: number }[]> {
  const rows = await db
    .selectFrom("account_timers")
    .select(["user_id", "settle_at"])
    .where("settle_at", ">=", from)
    .where("settle_at", "<=", to)
    .where((eb) => eb.exists(eb.selectFrom("push_subscriptions").select("push_subscriptions.id").whereRef("push_subscriptions.user_id", "=", "account_timers.user_id")))
    .execute();
  return rows.map((row) => ({ userId: row.user_id, settleAt: Number(row.settle_at) }));
}
