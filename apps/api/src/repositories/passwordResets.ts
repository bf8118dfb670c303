/**
 * Reset-link rows (table `password_resets`; `domain/passwordReset.ts`). Functions take the
 * token's hash (`hashResetToken`), never the token. Times are ISO 8601 UTC text, which sorts as
 * the instants it names.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import type { NewPasswordResetRow, PasswordResetChannel, PasswordResetRow } from "../db/tables/passwordResets";

/** Stores a new reset link. */
export async function insertPasswordReset(db: Kysely<Database>, row: NewPasswordResetRow): Promise<void> {
  await db.insertInto("password_resets").values(row).execute();
}

/** How many links of this channel the user was given since `since` (used or not). */
export async function countPasswordResetsSince(
  db: Kysely<Database>,
  userId: number,
  channel: PasswordResetChannel,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom("password_resets")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("user_id", "=", userId)
    .where("channel", "=", channel)
    .where("created_at", ">", since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The link with this token hash if it is unused and unexpired at `now`, else undefined. */
export async function findUsablePasswordReset(db: Kysely<Database>, tokenHash: string, now: Date): Promise<PasswordResetRow | undefined> {
  return db
    .selectFrom("password_resets")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
}

/**
 * Marks the link used if it still is unused and unexpired at `now`, in one UPDATE, so of two
 * requests racing with the same token only one gets it. Returns the user id, or undefined
 * when the link was unknown, used or expired.
 */
export async function claimPasswordReset(db: Kysely<Database>, tokenHash: string, now: Date): Promise<number | undefined> {
  const at = now.toISOString();
  const row = await db
    .updateTable("password_resets")
    .set({ used_at: at })
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", at)
    .returning("user_id")
    .executeTakeFirst();
  return row?.user_id;
}

/** Marks every unused link of the user used at `now` (they all die once one is used); returns how many. */
export async function usePasswordResetsOfUser(db: Kysely<Database>, userId: number, now: Date): Promise<number> {
  const result = await db
    .updateTable("password_resets")
    .set({ used_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes the user's links made before `before` (long dead; the hour's count needs none of them); returns how many. */
export async function deletePasswordResetsBefore(db: Kysely<Database>, userId: number, before: Date): Promise<number> {
  const result = await db
    .deleteFrom("password_resets")
    .where("user_id", "=", userId)
    .where("created_at", "<", before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
