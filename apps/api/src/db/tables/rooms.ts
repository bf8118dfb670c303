import type { Generated, Insertable, Selectable } from "kysely";
import type { RoomVisibility } from "@focus/core/schemas";

/** Table `rooms`: focus rooms (`docs/rooms.md`). Times are ISO 8601 UTC. */
export interface RoomsTable {
  id: Generated<number>;
  /** The room's handle in its link; 10 URL-safe characters, unique. */
  slug: string;
  name: string;
  visibility: RoomVisibility;
  owner_id: number;
  /** Length of a focus round, whole minutes. */
  focus_minutes: number;
  /** Length of a break round, whole minutes. */
  break_minutes: number;
  /** When the first round began: every round follows from it (core's `roomRound`). */
  started_at: string;
  /** When the owner ended it or it closed empty; null while open. */
  ended_at: string | null;
  created_at: string;
  /** When someone was last known to be in it (a join, a leave, an instance's heartbeat); null when nobody ever joined. */
  occupied_at: string | null;
  /** When an admin took it off the public list; null while listed (a link room is never listed). */
  hidden_at: string | null;
}

export type RoomRow = Selectable<RoomsTable>;
export type NewRoomRow = Insertable<RoomsTable>;
