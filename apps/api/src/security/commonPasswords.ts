/**
 * The common-password rule for new passwords (`docs/api.md`, Accounts): a password found in
 * the list of about 49,000 most-used passwords of @zxcvbn-ts/language-common (leaked-password
 * frequency lists), compared without letter case, is refused at sign-up and on a password
 * change. Sign-in never checks it, so an existing account keeps working.
 */
import { dictionary } from "@zxcvbn-ts/language-common";

/** What a refused common password says (400). */
export const COMMON_PASSWORD_MESSAGE = "This password is too common and easy to guess. Please choose another one.";

let common: Set<string> | undefined;

/** True when `password` (any letter case, spaces at either end ignored) is on the list. Loads the list on first use. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].map((entry) => String(entry).toLowerCase()));
  return common.has(password.trim().toLowerCase());
}
