import { memberActivity, type RoomSchedule } from "@focus/core/rooms";
import { SESSION_OUTCOME_LABELS, type RoomMember } from "@focus/core/schemas";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { useRoomRoundNow } from "./RoundClock";

/**
 * Who is in the room, as the server last pushed it: each member's name and line (core's
 * `memberActivity`: their status, "focusing" / "on a break", or "not focusing (daily limit
 * reached)" for a member the plan keeps out of the focus round), the round read on the server's
 * clock, and during a break how the last focus round went for those who checked in. A visitor gets only how many people are there (`count`, members empty: `docs/rooms.md`,
 * Who sees names).
 */
export function MemberList({ members, count, schedule }: { members: RoomMember[]; count: number; schedule: RoomSchedule }) {
  const round = useRoomRoundNow(schedule);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">In the room</CardTitle>
        <CardDescription>{count === 1 ? "1 person" : `${count} people`}</CardDescription>
      </CardHeader>
      <CardContent>
        {count === 0 ? (
          <p className="text-sm text-muted-foreground">Nobody yet. Join, and share the link.</p>
        ) : members.length === 0 ? (
          <p className="text-sm text-muted-foreground">Sign in to see who is here and what they work on.</p>
        ) : (
          <ul className="grid gap-2" aria-label="People in the room">
            {members.map((member) => {
              const sittingOut = member.limitReached && round.phase === "focus";
              return (
                <li key={member.name} className={cn("flex flex-wrap items-baseline justify-between gap-x-4 rounded-lg border px-4 py-2", sittingOut && "border-dashed")}>
                  <span className={cn("font-medium", sittingOut && "text-muted-foreground")}>{member.name}</span>
                  <span className="flex min-w-0 flex-wrap items-baseline gap-2">
                    <span className={cn("min-w-0 text-sm wrap-anywhere text-muted-foreground", sittingOut && "italic")}>{memberActivity(member, round.phase)}</span>
                    {member.checkIn && round.phase === "break" && (
                      <Badge variant={member.checkIn === "stuck" ? "outline" : "accent"} data-testid="member-check-in">
                        <span className="sr-only">Last round: </span>
                        {SESSION_OUTCOME_LABELS[member.checkIn]}
                      </Badge>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
