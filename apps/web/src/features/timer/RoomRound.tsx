import { Users } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useRoomMembershipState } from "@/runtime/rooms/RoomMembership";
import { useTimerCommand } from "@/runtime/timerCommands";

/** "Thesis sprint's round"; a bare apostrophe after a final s: "Both devices' round". */
function roundOf(roomName: string): string {
  return /s$/i.test(roomName) ? `${roomName}' round` : `${roomName}'s round`;
}

/**
 * What a focus room's round shows in place of Pause, Reset and the modes (`docs/rooms.md`,
 * Staying in a room): the room's clock runs it, until when, and the way out. In the room on this
 * device, that is the room chip's "Leave room" above (the rest of the round becomes the user's
 * own session); a device that is not in the room itself (the round was joined on another device)
 * offers "Leave the round".
 */
export function RoomRoundBar({ endsAt }: { endsAt: number | null }) {
  const membership = useRoomMembershipState();
  const command = useTimerCommand();
  const room = membership?.room ?? null;
  const until = endsAt === null ? null : new Date(endsAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return (
    <div className="grid justify-items-center gap-2 text-center" data-testid="room-round">
      <p className="inline-flex max-w-full items-center gap-1.5 rounded-full bg-primary/10 px-3 py-1 text-sm font-medium text-primary [overflow-wrap:anywhere]">
        <Users className="size-4 shrink-0" aria-hidden />
        {room ? roundOf(room.name) : "A room's round"}
        {until ? ` until ${until}` : ""}
      </p>
      <p className="max-w-sm text-sm text-muted-foreground">
        The room's clock runs it. Pause and reset come back when you leave {room ? "the room" : "the round"}.
      </p>
      {!room && (
        <Button size="lg" variant="outline" className="min-w-40" onClick={() => command({ type: "leaveRound" })}>
          Leave the round
        </Button>
      )}
    </div>
  );
}
