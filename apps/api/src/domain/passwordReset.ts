/**
 * Forgotten passwords (`docs/product.md`, Forgotten password): reset links that work once, for
 * 30 minutes. A link carries a random token (32 bytes, base64url) in its fragment
 * (`/reset-password#<token>`); the table keeps only the token's SHA-256 (a fast hash is right
 * for a random 256-bit secret: there is nothing to guess). A link is used by one UPDATE that
 * only matches it unused and unexpired, so two requests racing with the same token cannot both
 * win; using one kills every other link of the user, sets the password and ends every login
 * of the user (sessions and linked devices).
 */
import { createHash, randomBytes } from "node:crypto";
import { DAY_MS } from "@focus/core/constants";
import { PASSWORD_RESET_INVALID_MESSAGE, PASSWORD_RESET_LINK_MINUTES, PASSWORD_RESET_MAILS_PER_HOUR, PASSWORD_RESET_PATH } from "@focus/core/schemas";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import type { PasswordResetChannel } from "../db/tables/passwordResets";
import type { UserRow } from "../db/tables/users";
import {
  claimPasswordReset,
  countPasswordResetsSince,
  deletePasswordResetsBefore,
  findUsablePasswordReset,
  insertPasswordReset,
} from "../repositories/passwordResets";
import { findUserById, findUserByLogin, lockUserRow, updateUser } from "../repositories/users";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "../security/commonPasswords";
import { hashPassword } from "../security/password";
import { HttpError, userNotFound } from "../httpError";
import { type EndedLogins, endLogins } from "./signOut";

/** How long a link works, ms (30 minutes). */
export const RESET_LINK_MS = PASSWORD_RESET_LINK_MINUTES * 60 * 1000;
/** The window the per-account mail limit counts in, ms (an hour). */
export const RESET_MAIL_WINDOW_MS = 60 * 60 * 1000;
/** A user's links older than this are deleted when they get a new one, ms (a day). */
const RESET_ROW_KEEP_MS = DAY_MS;
/** Random bytes of a token (base64url: 43 characters). */
const TOKEN_BYTES = 32;

/** 410 with the one message for an unknown, used or expired link. */
export const invalidResetLink = () => new HttpError(410, PASSWORD_RESET_INVALID_MESSAGE);

/** The key a token is stored under: its SHA-256, base64url (43 characters). */
export function hashResetToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("base64url");
}

/**
 * The link for a token: `<origin>/reset-password#<token>` with the PUBLIC_ORIGIN, or the path
 * alone without one (the admin's page adds its own origin). Never built from a request's Host.
 */
export function resetLinkUrl(token: string, publicOrigin: string | null): string {
  return `${publicOrigin ?? ""}${PASSWORD_RESET_PATH}#${token}`;
}

/** A link just made: its token (shown once, never stored) and when it stops working. */
export interface IssuedResetLink {
  token: string;
  expiresAt: Date;
}

/**
 * Makes a reset link for the user. A mailed link (`channel` "email") is made only while the
 * account had fewer than PASSWORD_RESET_MAILS_PER_HOUR mailed links in the last hour, counted
 * in the table (so the limit holds across instances); the count and the insert run with the
 * user's row locked, so concurrent requests cannot both take the last one. The user's links
 * older than a day are deleted on the way.
 * @returns the link, or null when the hour's mails are spent.
 */
export async function issueResetLink(
  db: Kysely<Database>,
  userId: number,
  channel: PasswordResetChannel,
  now = new Date(),
): Promise<IssuedResetLink | null> {
  return db.transaction().execute(async (trx) => {
    await lockUserRow(trx, userId);
    if (channel === "email") {
      const recent = await countPasswordResetsSince(trx, userId, "email", new Date(now.getTime() - RESET_MAIL_WINDOW_MS));
      if (recent >= PASSWORD_RESET_MAILS_PER_HOUR) return null;
    }
    await deletePasswordResetsBefore(trx, userId, new Date(now.getTime() - RESET_ROW_KEEP_MS));
    const token = randomBytes(TOKEN_BYTES).toString("base64url");
    const expiresAt = new Date(now.getTime() + RESET_LINK_MS);
    await insertPasswordReset(trx, {
      user_id: userId,
      token_hash: hashResetToken(token),
      channel,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      used_at: null,
    });
    return { token, expiresAt };
  });
}

/** What asking for a mailed link came to (`issueMailedResetLink`). */
export type MailedResetLink =
  /** No account has this login, or it has no email: nothing is sent. */
  | { outcome: "noAccount" }
  /** The account's mailed links for the hour are spent. */
  | { outcome: "limitReached"; userId: number }
  /** A link to mail to `email`. */
  | { outcome: "issued"; userId: number; email: string; username: string; link: IssuedResetLink };

/**
 * Makes a link to mail for the account `login` names (its username or email, any letter case):
 * only an account with an email gets one, within its mails for the hour (`issueResetLink`).
 */
export async function issueMailedResetLink(db: Kysely<Database>, login: string, now = new Date()): Promise<MailedResetLink> {
  const user = await findUserByLogin(db, login);
  if (!user?.email) return { outcome: "noAccount" };
  const link = await issueResetLink(db, user.id, "email", now);
  if (!link) return { outcome: "limitReached", userId: user.id };
  return { outcome: "issued", userId: user.id, email: user.email, username: user.username, link };
}

/** What the admin is told when this server mails links itself (409). */
export const RESET_LINK_BY_MAIL_MESSAGE =
  "This server sends reset links by email: ask the user to choose 'Forgot password?' on the sign-in page.";

/**
 * Makes a link for the admin to hand to the user, with the same rules as a mailed one. When this
 * server mails links (`mailsLinks`) and the account has an email, its own mailbox is the way: the
 * admin never holds a working credential for an account that can prove itself by mail.
 * @throws HttpError 404 "User not found"; 409 RESET_LINK_BY_MAIL_MESSAGE when links go by mail to this account.
 */
export async function issueAdminResetLink(db: Kysely<Database>, userId: number, mailsLinks: boolean, now = new Date()): Promise<IssuedResetLink> {
  const user = await findUserById(db, userId);
  if (!user) throw userNotFound();
  if (mailsLinks && user.email) throw new HttpError(409, RESET_LINK_BY_MAIL_MESSAGE);
  const link = await issueResetLink(db, userId, "admin", now);
  // Only the email channel is limited; an admin link is always made.
  if (!link) throw userNotFound();
  return link;
}

/**
 * When the link stops working, if it works at `now`.
 * @throws HttpError 410 for an unknown, used or expired link.
 */
export async function checkResetLink(db: Kysely<Database>, token: string, now = new Date()): Promise<Date> {
  const row = await findUsablePasswordReset(db, hashResetToken(token), now);
  if (!row) throw invalidResetLink();
  return new Date(row.expires_at);
}

/** What a used link did: the user with their new password, and the logins it ended. */
export interface CompletedReset {
  user: UserRow;
  ended: EndedLogins;
}

/**
 * Uses the link: sets the new password (scrypt, `security/password.ts`), kills every other link
 * of the user and ends all their login sessions and linked devices, in one transaction. The
 * caller closes the ended logins' live connections and signs this browser in.
 * @throws HttpError 410 for an unknown, used or expired link (also when it is used meanwhile);
 *   400 COMMON_PASSWORD_MESSAGE for a common password; 503 when password hashing is saturated.
 */
export async function completeReset(db: Kysely<Database>, token: string, password: string, now = new Date()): Promise<CompletedReset> {
  const tokenHash = hashResetToken(token);
  // Checked before hashing: a dead link costs no scrypt.
  if (!(await findUsablePasswordReset(db, tokenHash, now))) throw invalidResetLink();
  if (isCommonPassword(password)) throw new HttpError(400, COMMON_PASSWORD_MESSAGE);
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const userId = await claimPasswordReset(trx, tokenHash, now);
    if (userId === undefined) throw invalidResetLink();
    const user = await updateUser(trx, userId, { password_hash: passwordHash });
    if (!user) throw invalidResetLink();
    // Also kills every other link of the user.
    const ended = await endLogins(trx, userId, null, now);
    return { user, ended };
  });
}
