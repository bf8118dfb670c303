import type { SessionOutcome, SessionType } from "@focus/core/schemas";
import type { Generated, Insertable, Selectable } from "kysely";

/** Table `focus_sessions`: recorded timer sessions. */
export interface FocusSessionsTable {
  id: Generated<number>;
  user_id: number;
  /** ISO 8601 UTC (`toISOString()`), so text order is time order. */
  start_time: string;
  /** Seconds. */
  duration: number;
  type: SessionType;
  /** 0 or 1 (an integer on every dialect). */
  completed: number;
  created_at: string;
  /** The client's idempotency key (a UUID), unique per user; null when none was sent. */
  client_id: string | null;
  /** The user's task this focus session was spent on (`tasks.id`), or null. */
  task_id: number | null;
  /** When the user ended this strict focus session early (ISO 8601 UTC), or null (`docs/product.md`, Strict focus). */
  escaped_at: string | null;
  /** How many times "+5 min" made this focus session longer (1-3), or null (`docs/product.md`, The timer). Absent in rows written before it. */
  extensions: number | null;
  /** What the user set out to do first in this focus session (at most 140 characters), or null (`docs/product.md`, Intentions). */
  intention: string | null;
  /** How it went (the reflection card), or null when not answered. */
  outcome: SessionOutcome | null;
  /** The focus rating, 1 to 5, or null. */
  rating: number | null;
}

export type FocusSessionRow = Selectable<FocusSessionsTable>;
export type NewFocusSessionRow = Insertable<FocusSessionsTable>;
