import type { AdminRoom } from "@focus/core/schemas";
import { Eye, EyeOff, Power } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { RoomAdminAction } from "./RoomsAdminDialog";

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** One open room of the admin's list: name and badges, owner, people, when it opened; Hide/Show and End. */
export function RoomsAdminRow({ room, onAction }: { room: AdminRoom; onAction: (action: RoomAdminAction) => void }) {
  const people = room.memberCount === 1 ? "1 person in it" : `${room.memberCount} people in it`;
  return (
    <li className="flex flex-col gap-3 p-3 sm:p-4 md:flex-row md:items-center md:justify-between">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <a href={`/rooms/${room.slug}`} className="font-medium wrap-anywhere underline-offset-4 hover:underline">
            {room.name}
          </a>
          <Badge variant={room.visibility === "public" ? "accent" : "outline"}>{room.visibility === "public" ? "Public" : "Link only"}</Badge>
          {room.hidden && <Badge variant="destructive">Hidden</Badge>}
        </p>
        <p className="text-sm wrap-anywhere text-muted-foreground">
          by {room.ownerName} · {people} · opened {DATE.format(room.startedAt)}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {room.visibility === "public" && (
          <Button variant="outline" size="sm" aria-label={`${room.hidden ? "Show" : "Hide"} ${room.name}`} onClick={() => onAction(room.hidden ? "show" : "hide")}>
            {room.hidden ? <Eye aria-hidden /> : <EyeOff aria-hidden />}
            {room.hidden ? "Show" : "Hide"}
          </Button>
        )}
        <Button variant="destructive" size="sm" aria-label={`End ${room.name}`} onClick={() => onAction("end")}>
          <Power aria-hidden />
          End
        </Button>
      </div>
    </li>
  );
}
