import type { Generated, Selectable } from "kysely";

/** Table `shield_off_intervals`: when no paired browser reported during a focus session (`docs/product.md`, Shield off). */
export interface ShieldOffIntervalsTable {
  id: Generated<number>;
  user_id: number;
  /** Start of the focus session it happened in, ISO 8601 UTC, or null when unknown. */
  session_start: string | null;
  /** The last report before the shield went quiet, ISO 8601 UTC. */
  started_at: string;
  /** When a report came again or the session ended, ISO 8601 UTC; null while it lasts. */
  ended_at: string | null;
}

/** Table `extension_removals`: removals the uninstall page recorded, with the optional reason. */
export interface ExtensionRemovalsTable {
  id: Generated<number>;
  reason: string | null;
  /** A random key the recording page holds to add the reason (base64url, 16 bytes). */
  edit_key: string;
  /** ISO 8601 UTC. */
  created_at: string;
}

export type ShieldOffIntervalRow = Selectable<ShieldOffIntervalsTable>;
