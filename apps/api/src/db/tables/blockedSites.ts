import type { Generated, Insertable, Selectable } from "kysely";

/** Table `blocked_sites`: the websites a user blocks during focus. */
export interface BlockedSitesTable {
  id: Generated<number>;
  user_id: number;
  /** The entry as typed, normalised ("youtube.com", "youtube.com/shorts", "+youtube.com/watch"); unique per user. */
  url: string;
  /** 0 or 1; sent as true on creation. */
  active: number;
  /** 0 or 1: 1 shows the delay page (a countdown, then a short pass) instead of a wall. */
  delay: Generated<number>;
  /** ISO 8601 UTC. */
  created_at: string;
}

export type BlockedSiteRow = Selectable<BlockedSitesTable>;
export type NewBlockedSiteRow = Insertable<BlockedSitesTable>;
