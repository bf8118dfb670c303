import type { Generated, Selectable } from "kysely";

/** Table `shield_schedules`: recurring block windows of the Website Shield (`docs/product.md`, Schedules). */
export interface ShieldSchedulesTable {
  id: Generated<number>;
  user_id: number;
  /** JSON array of days, 0 (Sunday) to 6. */
  days: string;
  /** Local start and end, minutes after midnight. */
  start_minute: number;
  end_minute: number;
  /** ISO 8601 UTC. */
  created_at: string;
}

export type ShieldScheduleRow = Selectable<ShieldSchedulesTable>;
