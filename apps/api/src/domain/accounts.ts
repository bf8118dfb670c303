/**
 * Account rules: registration and the admin bootstrap (`docs/product.md`: a trial of TRIAL_DAYS
 * days), signing in, email and password changes, deleting an account, and the admin's list.
 */
import { DAY_MS } from "@focus/core/constants";
import type { AdminUser, RegisterBody } from "@focus/core/schemas";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import type { UserRow } from "../db/tables/users";
import { deleteBlockedAttemptsOfUser } from "../repositories/blockedAttempts";
import { deleteBlockedSitesOfUser } from "../repositories/blockedSites";
import { deleteHttpSessionsOfUser } from "../repositories/httpSessions";
import { deleteCancellationsOfUser, latestCancellationsByUser } from "../repositories/cancellations";
import { deleteLinkedDevicesOfUser } from "../repositories/linkedDevices";
import { usePasswordResetsOfUser } from "../repositories/passwordResets";
import { deleteSessionsOfUser } from "../repositories/sessions";
import { deleteSettings } from "../repositories/settings";
import { deleteTasksOfUser } from "../repositories/tasks";
import { deleteUserRow, findUserByEmail, findUserByLogin, findUserByUsername, insertUser, listUsersNewestFirst, updateUser } from "../repositories/users";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "../security/commonPasswords";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../security/password";
import { HttpError, userNotFound } from "../httpError";
import { toAdminUser } from "./publicUser";

/** 409 for a taken username or email; undefined when both are free. */
async function findConflict(db: Kysely<Database>, username: string, email: string | null): Promise<HttpError | undefined> {
  if (await findUserByUsername(db, username)) return new HttpError(409, "Username already exists");
  if (email && (await findUserByEmail(db, email))) return new HttpError(409, "Email already registered");
  return undefined;
}

/**
 * Registers a user on a trial: plan free, status trial, trial end now + `trialDays`.
 * The admin username is reserved for the account made from ADMIN_PASSWORD.
 * @throws HttpError 409 "Username already exists" / "Email already registered".
 */
export async function registerUser(
  db: Kysely<Database>,
  body: RegisterBody,
  options: { trialDays: number; adminUsername: string; now?: Date },
): Promise<UserRow> {
  const now = options.now ?? new Date();
  if (body.username.toLowerCase() === options.adminUsername.toLowerCase()) {
    throw new HttpError(409, "Username already exists");
  }
  const conflict = await findConflict(db, body.username, body.email);
  if (conflict) throw conflict;
  if (isCommonPassword(body.password)) throw new HttpError(400, COMMON_PASSWORD_MESSAGE);
  const passwordHash = await hashPassword(body.password);
  try {
    return await insertUser(db, {
      username: body.username,
      email: body.email,
      password_hash: passwordHash,
      subscription_plan: "free",
      subscription_status: "trial",
      trial_end_date: new Date(now.getTime() + options.trialDays * DAY_MS).toISOString(),
      created_at: now.toISOString(),
    });
  } catch (error) {
    // Lost a race with a concurrent registration of the same name or email.
    if (isUniqueViolation(error)) throw (await findConflict(db, body.username, body.email)) ?? error;
    throw error;
  }
}

/**
 * Creates the admin account (premium, active, no email) when it does not exist yet.
 * An existing account is left untouched (its password is not reset).
 * @returns true when the account was created now.
 */
export async function ensureAdminAccount(db: Kysely<Database>, username: string, password: string): Promise<boolean> {
  if (await findUserByUsername(db, username)) return false;
  const passwordHash = await hashPassword(password);
  try {
    await insertUser(db, {
      username,
      email: null,
      password_hash: passwordHash,
      subscription_plan: "premium",
      subscription_status: "active",
      trial_end_date: null,
      created_at: new Date().toISOString(),
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * Guards the check of a signed-in user's current password (`security/signInGuard.ts`): the
 * check is refused while the account is locked, and each wrong password is counted as a failed
 * sign-in of the account (`docs/product.md`, Accounts).
 */
export interface CurrentPasswordGuard {
  /** @throws HttpError 429 while the account is locked. */
  assertOpen(): Promise<void>;
  recordWrong(): Promise<void>;
}

/**
 * Checks `password` against the user's, through `guard`.
 * @throws HttpError 400 `message` on a wrong password; 429 from the guard while locked.
 */
export async function checkCurrentPassword(user: UserRow, password: string, guard: CurrentPasswordGuard, message: string): Promise<void> {
  await guard.assertOpen();
  if (await verifyPassword(password, user.password_hash)) return;
  await guard.recordWrong();
  throw new HttpError(400, message);
}

/**
 * The account a sign-in names: `login` is its username or its email (any letter case), or
 * undefined when none matches.
 */
export function findSignInAccount(db: Kysely<Database>, login: string): Promise<UserRow | undefined> {
  return findUserByLogin(db, login);
}

/**
 * Whether `password` is the account's. With no account it still costs one password hash (against
 * a dummy), so the answer's timing does not tell whether the account exists; always false then.
 */
export async function signInPasswordMatches(account: UserRow | undefined, password: string): Promise<boolean> {
  if (!account) {
    await verifyAgainstDummy(password);
    return false;
  }
  return verifyPassword(password, account.password_hash);
}

/**
 * Changes the user's email (`PUT /api/user/email`) after checking the current password.
 * Setting the email the user already has (in any letter case) is allowed. Every unused password
 * reset link of the user dies with the old address (`docs/product.md`, Forgotten password).
 * @returns the updated user.
 * @throws HttpError 400 "Current password is incorrect", 429 while the account is locked
 *   (`checkCurrentPassword`); 409 "Email already registered" when
 *   another account uses it (any case); 404 "User not found" if the account vanished meanwhile.
 */
export async function changeEmail(
  db: Kysely<Database>,
  user: UserRow,
  email: string,
  currentPassword: string,
  guard: CurrentPasswordGuard,
): Promise<UserRow> {
  await checkCurrentPassword(user, currentPassword, guard, "Current password is incorrect");
  const userId = user.id;
  const emailTaken = () => new HttpError(409, "Email already registered");
  const owner = await findUserByEmail(db, email);
  if (owner && owner.id !== userId) throw emailTaken();
  try {
    const row = await updateUser(db, userId, { email });
    if (!row) throw userNotFound();
    await usePasswordResetsOfUser(db, row.id, new Date());
    return row;
  } catch (error) {
    // Lost a race with another account taking the same email.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * Changes the user's password after checking the current one (`PUT /api/user/password`).
 * No session is ended here (the route signs out the user's other sessions).
 * @throws HttpError 400 "Current password is incorrect", 429 while the account is locked.
 */
export async function changePassword(
  db: Kysely<Database>,
  user: UserRow,
  currentPassword: string,
  newPassword: string,
  guard: CurrentPasswordGuard,
): Promise<void> {
  await checkCurrentPassword(user, currentPassword, guard, "Current password is incorrect");
  if (isCommonPassword(newPassword)) throw new HttpError(400, COMMON_PASSWORD_MESSAGE);
  await updateUser(db, user.id, { password_hash: await hashPassword(newPassword) });
}

/**
 * Deletes the account and all its data in one transaction ('will delete all their data',
 * `docs/offline.md`): login sessions (so every device is logged out), linked devices (their tokens
 * stop working), recorded sessions, tasks, settings, cancellations, blocked sites and blocked
 * attempts, then the user. A table that gains a `user_id` column must be added here. Open live
 * connections are the caller's to close (`liveHub.closeUser`).
 * @throws HttpError 404 "User not found".
 */
export async function deleteAccount(db: Kysely<Database>, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteHttpSessionsOfUser(trx, userId);
    await deleteSessionsOfUser(trx, userId);
    await deleteTasksOfUser(trx, userId);
    await deleteSettings(trx, userId);
    await deleteCancellationsOfUser(trx, userId);
    await deleteLinkedDevicesOfUser(trx, userId);
    await deleteBlockedSitesOfUser(trx, userId);
    await deleteBlockedAttemptsOfUser(trx, userId);
    if (!(await deleteUserRow(trx, userId))) throw userNotFound();
  });
}

/** Every user, newest first, each with their last self-service cancellation (reason and feedback): the admin's list. */
export async function usersForAdmin(db: Kysely<Database>): Promise<AdminUser[]> {
  const [users, cancellations] = await Promise.all([listUsersNewestFirst(db), latestCancellationsByUser(db)]);
  return users.map((row) => toAdminUser(row, cancellations.get(row.id) ?? null));
}
