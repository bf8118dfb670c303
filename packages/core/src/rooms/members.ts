/**
 * How a focus room shows its members (`docs/rooms.md`, Presence): one line per member, the same
 * in every browser, from what the server says of them and the room's round.
 */
import type { RoomMember, RoomPhase } from "../schemas/room";

/** What a member whose plan refused the focus round shows during it: they are not focusing. */
const ROOM_LIMIT_REACHED_LINE = "not focusing (daily limit reached)";

/**
 * A member's line during a round of `phase`: in a focus round, "not focusing (daily limit
 * reached)" when the plan's daily limit kept them out of it (their status is not shown then: they
 * are not working on it with the room), else their status or "focusing"; in a break, their status
 * or "on a break".
 */
export function memberActivity(member: Pick<RoomMember, "status" | "limitReached">, phase: RoomPhase): string {
  if (phase === "focus" && member.limitReached) return ROOM_LIMIT_REACHED_LINE;
  if (member.status) return member.status;
  return phase === "focus" ? "focusing" : "on a break";
}

/** What a member the plan keeps out of the focus rounds reads on the room page (`docs/rooms.md`). */
export const ROOM_SITTING_OUT_NOTE =
  "Today's free focus sessions are used up, so your timer sits out the focus rounds. The others see you as not focusing.";
