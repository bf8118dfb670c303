/** Table `room_members`: the room each account is in, one row per account at most (`docs/rooms.md`, Staying in a room). */
export interface RoomMembersTable {
  user_id: number;
  room_id: number;
  /** ISO 8601 UTC: when the account joined the room from a room's page. */
  joined_at: string;
}
