/** Blocked attempts repository: every query is scoped to one user. */
import { BLOCKED_SUMMARY_TOP, type BlockedAttempt, type BlockedAttemptKind, type BlockedAttemptSummary } from "@focus/core/schemas";
import { type Kysely, sql } from "kysely";
import { isPostgres } from "../db/connection";
import type { Database } from "../db/database";

/** Records one attempt; dates are stored as ISO 8601 UTC. */
export async function insertBlockedAttempt(
  db: Kysely<Database>,
  userId: number,
  attempt: { domain: string; occurredAt: Date; sessionStart: Date | null; kind: BlockedAttemptKind },
): Promise<BlockedAttempt> {
  const row = await db
    .insertInto("blocked_attempts")
    .values({
      user_id: userId,
      domain: attempt.domain,
      kind: attempt.kind,
      occurred_at: attempt.occurredAt.toISOString(),
      session_start: attempt.sessionStart ? attempt.sessionStart.toISOString() : null,
      created_at: new Date().toISOString(),
    })
    .returning(["id", "domain", "occurred_at", "session_start"])
    .executeTakeFirstOrThrow();
  return { id: row.id, domain: row.domain, at: row.occurred_at, sessionStart: row.session_start, kind: attempt.kind };
}

/** When the user's delay passes recorded since `since` were stored (the server's clock), epoch ms. */
export async function passTimesSince(db: Kysely<Database>, userId: number, since: Date): Promise<number[]> {
  const rows = await db
    .selectFrom("blocked_attempts")
    .select("created_at")
    .where("user_id", "=", userId)
    .where("kind", "=", "pass")
    .where("created_at", ">=", since.toISOString())
    .execute();
  return rows.map((row) => Date.parse(row.created_at));
}

/**
 * Stopped visits (kind `blocked`) per domain (the BLOCKED_SUMMARY_TOP with most, then by name, and
 * the other sites as one total) and per known focus session (the latest BLOCKED_SUMMARY_TOP), with
 * the totals of each kind: an answer of bounded size, however many sites a user has hit.
 */
export async function summarizeBlockedAttempts(db: Kysely<Database>, userId: number): Promise<Omit<BlockedAttemptSummary, "notStored">> {
  const count = db.fn.countAll<number | string>();
  // Byte order on both engines (SQLite's BINARY); a PostgreSQL database's own collation may
  // order "a-b.com" and "ab.com" otherwise.
  const byDomain = isPostgres(db) ? sql<string>`domain collate "C"` : sql<string>`domain`;
  const perSite = await db
    .selectFrom("blocked_attempts")
    .select(["domain", count.as("count")])
    .where("user_id", "=", userId)
    .where("kind", "=", "blocked")
    .groupBy("domain")
    .orderBy("count", "desc")
    .orderBy(byDomain)
    .limit(BLOCKED_SUMMARY_TOP)
    .execute();
  const { sites } = await db
    .selectFrom("blocked_attempts")
    .select((eb) => eb.fn.count<number | string>("domain").distinct().as("sites"))
    .where("user_id", "=", userId)
    .where("kind", "=", "blocked")
    .executeTakeFirstOrThrow();
  const perSession = await db
    .selectFrom("blocked_attempts")
    .select(["session_start", count.as("count")])
    .where("user_id", "=", userId)
    .where("kind", "=", "blocked")
    .where("session_start", "is not", null)
    .groupBy("session_start")
    .orderBy("session_start", "desc")
    .limit(BLOCKED_SUMMARY_TOP)
    .execute();
  const kinds = await db
    .selectFrom("blocked_attempts")
    .select(["kind", count.as("count")])
    .where("user_id", "=", userId)
    .groupBy("kind")
    .execute();
  const totals = { blocked: 0, pass: 0, turned_back: 0 };
  for (const row of kinds) if (row.kind in totals) totals[row.kind as keyof typeof totals] = Number(row.count);
  const listed = perSite.reduce((sum, row) => sum + Number(row.count), 0);
  return {
    totals,
    perSite: perSite.map((row) => ({ domain: row.domain, count: Number(row.count) })),
    otherSites: { sites: Number(sites) - perSite.length, count: totals.blocked - listed },
    perSession: perSession.map((row) => ({ sessionStart: row.session_start ?? "", count: Number(row.count) })),
  };
}

/** Deletes every attempt of the user; returns how many. */
export async function deleteBlockedAttemptsOfUser(db: Kysely<Database>, userId: number): Promise<number> {
  const result = await db.deleteFrom("blocked_attempts").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
