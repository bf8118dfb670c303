import type { Insertable, Selectable } from "kysely";

/**
 * Table `room_presence`: who is in which focus room (`docs/rooms.md`), one row per room, user and
 * API instance, standing for the user's connections in the room on that instance. Times are
 * ISO 8601 UTC.
 */
export interface RoomPresenceTable {
  room_id: number;
  user_id: number;
  /** The API instance holding the connections (random per process start). */
  instance_id: string;
  /** What they work on, as set last on that instance ("" for none). */
  status: string;
  /** 1 when the plan's daily limit keeps them out of focus rounds, else 0. */
  limit_reached: number;
  /** When their first connection there joined: the members' order. */
  joined_at: string;
  /** When the status was set: across instances the latest wins. */
  status_at: string;
  /** How the room's focus round `check_in_round` went for them: "done", "partly", "stuck"; null for no check-in. */
  check_in: string | null;
  /** The round (core's `roomRound` index) of `check_in`; null with it. */
  check_in_round: number | null;
  /** Last refreshed by the instance; a row older than ROOM_PRESENCE_TIMEOUT_MS no longer counts. */
  seen_at: string;
}

export type RoomPresenceRow = Selectable<RoomPresenceTable>;
export type NewRoomPresenceRow = Insertable<RoomPresenceTable>;
