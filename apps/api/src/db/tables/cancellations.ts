import type { Generated, Insertable, Selectable } from "kysely";

/**
 * Table `cancellations`: one row per self-service cancellation (`docs/product.md`; the
 * email-for-updates is stored too). Deleted with the user.
 */
export interface CancellationsTable {
  id: Generated<number>;
  user_id: number;
  /** The reason's label as the user picked it. */
  reason: string;
  /** Free text, "" when none was given. */
  feedback: string;
  /** Where the user wants updates, or null when none was given. */
  email: string | null;
  /** ISO 8601 UTC. */
  created_at: string;
}

export type CancellationRow = Selectable<CancellationsTable>;
export type NewCancellationRow = Insertable<CancellationsTable>;
