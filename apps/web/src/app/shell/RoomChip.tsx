import { DoorOpen, Users } from "lucide-react";
import { Link, useLocation } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { useRoomMembershipState } from "@/runtime/rooms/RoomMembership";

/**
 * "In <room> · Back" under the header on every page but the room's own, while the signed-in user
 * is in a focus room (`docs/rooms.md`, Staying in a room): it says they are still in it, takes
 * them back, and lets them leave from here. Nothing otherwise.
 */
export function RoomChip() {
  const rooms = useRoomMembershipState();
  const { pathname } = useLocation();
  const room = rooms?.room;
  if (!rooms || !room || pathname === `/rooms/${room.slug}`) return null;
  return (
    <div className="border-b bg-muted/40">
      <div className="mx-auto flex max-w-5xl items-center gap-1 px-3 sm:px-4" role="status" aria-label="Focus room">
        <Link
          to={`/rooms/${room.slug}`}
          className="flex min-h-11 min-w-0 flex-1 items-center gap-2 rounded-md py-1 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
          data-testid="room-chip"
        >
          <Users className="size-4 shrink-0 text-primary" aria-hidden />
          <span className="min-w-0 truncate">
            In <span className="font-medium">{room.name}</span>
          </span>
          <span aria-hidden className="text-muted-foreground">
            ·
          </span>
          <span className="shrink-0 font-medium text-primary underline-offset-4 hover:underline">Back</span>
        </Link>
        <Button variant="ghost" size="sm" className="min-h-11 shrink-0" onClick={rooms.leave}>
          <DoorOpen aria-hidden />
          Leave room
        </Button>
      </div>
    </div>
  );
}
