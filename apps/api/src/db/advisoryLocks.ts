/**
 * PostgreSQL advisory locks the app takes, each under its own namespace (the first of the two
 * 32-bit keys) so they never collide: one import per account runs at a time across every
 * instance. A transaction-level lock ends with its transaction.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "./database";

/** Namespaces of the app's advisory locks. */
export const ADVISORY_LOCKS = { import: 7301 } as const;

/**
 * Tries to take the transaction-level advisory lock (`namespace`, `id`) inside `trx`
 * (PostgreSQL only), without waiting.
 * @returns whether it was taken (false: another transaction holds it).
 */
export async function tryAdvisoryXactLock(trx: Kysely<Database>, namespace: number, id: number): Promise<boolean> {
  const result = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${namespace}::int, ${id}::int) as locked`.execute(trx);
  return result.rows[0]?.locked === true;
}
