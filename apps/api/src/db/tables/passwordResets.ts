import type { Generated, Insertable, Selectable } from "kysely";

/** How a reset link was handed out: mailed to the account's email, or made by the admin to pass on. */
export type PasswordResetChannel = "email" | "admin";

/**
 * Table `password_resets`: reset links (`docs/product.md`, Forgotten password). Only the token's
 * SHA-256 is stored, so reading the table gives no working link. Dates are ISO 8601 text, UTC.
 */
export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the token, base64url (43 characters); unique. */
  token_hash: string;
  channel: PasswordResetChannel;
  created_at: string;
  /** created_at + 30 minutes; the link works while now < expires_at. */
  expires_at: string;
  /** When the link was used, or when another link of the same user was; null while unused. */
  used_at: string | null;
}

export type PasswordResetRow = Selectable<PasswordResetsTable>;
export type NewPasswordResetRow = Insertable<PasswordResetsTable>;
