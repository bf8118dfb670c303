import type { Generated, Insertable, Selectable } from "kysely";

/**
 * Table `blocked_attempts`: each time the extension stopped the user from opening a blocked
 * site (`docs/product.md`, Website Shield), for the Statistics tab.
 */
export interface BlockedAttemptsTable {
  id: Generated<number>;
  user_id: number;
  /** The blocked site's domain, normalised like a blocked site's url. */
  domain: string;
  /** What happened: a stopped visit, a pass through a delay page, or a turn-back there (core's BLOCKED_ATTEMPT_KINDS). */
  kind: Generated<string>;
  /** When the attempt happened, ISO 8601 UTC. */
  occurred_at: string;
  /** Start of the focus session it happened in (ISO 8601 UTC), or null when unknown. */
  session_start: string | null;
  /** ISO 8601 UTC. */
  created_at: string;
}

export type BlockedAttemptRow = Selectable<BlockedAttemptsTable>;
export type NewBlockedAttemptRow = Insertable<BlockedAttemptsTable>;
