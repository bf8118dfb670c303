/**
 * Login sessions are stored under the SHA-256 of their id (base64url), never the id itself, so
 * read access to the database cannot be turned into a session cookie. Existing rows are
 * rewritten in place (read, hashed here in Node, updated; the same on SQLite and PostgreSQL),
 * so nobody is logged out.
 * Frozen in time: never edit a migration that has shipped; add a new one.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's Database type (Kysely docs) */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";

/** The stored key of a session id, as of this migration. */
function hashSessionId(sid: string): string {
  return createHash("sha256").update(sid, "utf8").digest("base64url");
}

/** Replaces every stored session id by its hash. */
export async function up(db: Kysely<any>): Promise<void> {
  const rewrite = async (trx: Kysely<any>) => {
    const sids = (await trx.selectFrom("http_sessions").select("sid").execute()).map((row: { sid: string }) => row.sid);
    for (const sid of sids) {
      await trx.updateTable("http_sessions").set({ sid: hashSessionId(sid) }).where("sid", "=", sid).execute();
    }
  };
  // PostgreSQL runs each migration in a transaction already; on SQLite one transaction makes
  // the rewrite all-or-nothing and saves a commit per row.
  if (db.isTransaction) await rewrite(db);
  else await db.transaction().execute(rewrite);
}

/**
 * A hash cannot be turned back into the id: going down ends every login session (users log in
 * again), rather than leaving rows an older build could never find.
 */
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom("http_sessions").execute();
}
