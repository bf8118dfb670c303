/** Users repository. Name and email lookups are case-insensitive. */
import { type Kysely, sql } from "kysely";
import { isPostgres } from "../db/connection";
import type { Database } from "../db/database";
import type { NewUserRow, UserRow, UserRowUpdate } from "../db/tables/users";

/** The user with this id, or undefined. */
export async function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The user with this username (any case), or undefined. */
export async function findUserByUsername(db: Kysely<Database>, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where(sql<string>`lower(username)`, "=", username.toLowerCase())
    .executeTakeFirst();
}

/** The user with this email (any case), or undefined. */
export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where(sql<string>`lower(email)`, "=", email.toLowerCase())
    .executeTakeFirst();
}

/** The user whose username or email matches `login` (any case), or undefined. */
export async function findUserByLogin(db: Kysely<Database>, login: string): Promise<UserRow | undefined> {
  const key = login.toLowerCase();
  return db
    .selectFrom("users")
    .selectAll()
    .where((eb) => eb.or([eb(sql<string>`lower(username)`, "=", key), eb(sql<string>`lower(email)`, "=", key)]))
    .orderBy("id")
    .executeTakeFirst();
}

/**
 * Inserts a user.
 * @throws the driver's unique-violation error on a taken username or email (see db/errors.ts).
 */
export async function insertUser(db: Kysely<Database>, user: NewUserRow): Promise<UserRow> {
  return db.insertInto("users").values(user).returningAll().executeTakeFirstOrThrow();
}

/**
 * Updates the user's columns and returns the updated row, or undefined for an unknown id.
 * @throws the driver's unique-violation error on a taken email (see db/errors.ts).
 */
export async function updateUser(db: Kysely<Database>, id: number, changes: UserRowUpdate): Promise<UserRow | undefined> {
  return db.updateTable("users").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
}

/** Every user, newest account first (ties by id, newest first). */
export async function listUsersNewestFirst(db: Kysely<Database>): Promise<UserRow[]> {
  return db.selectFrom("users").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").execute();
}

/** Deletes the user row only; returns whether it existed (see domain/accounts.ts deleteAccount). */
export async function deleteUserRow(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("users").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Inside a transaction, locks the user's row until it ends, so check-then-write steps on the
 * user's data (a limit counted before an insert, a status read before it changes) run one at a
 * time per user. PostgreSQL: `SELECT … FOR UPDATE` (its READ COMMITTED transactions would
 * otherwise both pass the check). SQLite: nothing to do, Kysely's single connection already
 * runs one transaction at a time.
 */
export async function lockUserRow(trx: Kysely<Database>, userId: number): Promise<void> {
  if (!isPostgres(trx)) return;
  await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
}
