/**
 * Account rules shared by registration and the admin bootstrap (spec §4 Subscription,
 * DESIGN.md §8: trial of TRIAL_DAYS days).
 */
import type { RegisterBody } from "@focus/core";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import type { UserRow } from "../db/tables/users";
import { findUserByEmail, findUserByUsername, insertUser } from "../repositories/users";
import { hashPassword } from "../security/password";
import { HttpError } from "./httpError";

const DAY_MS = 24 * 60 * 60 * 1000;

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
