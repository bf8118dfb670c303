import { focusEndedByJoining, formatTime, ROOM_LIMITS, type Room, type RoomMember, type User } from "@focus/core";
import { ArrowLeft, Copy, DoorOpen, LoaderCircle, LogIn, Power, Users } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { ErrorAlert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PageSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { useEndRoom, useRoom } from "@/features/rooms/roomQueries";
import { RoundClock, scheduleOf, useRoomRoundNow } from "@/features/rooms/RoundClock";
import { useFollowRoomRounds, useRoomMembership } from "@/features/rooms/useRoomMembership";
import { useOptionalUser } from "@/runtime/currentUser";
import { useActiveTaskId } from "@/features/tasks/activeTask";
import { useTaskList } from "@/features/tasks/useTasks";
import { TimerActor } from "@/runtime/timerActor";
import { ApiError } from "@/lib/api";

/**
 * One focus room (`/rooms/:slug`, `docs/rooms.md`): its round (the same clock for everyone),
 * who is in it and what they work on. A signed-in user joins and leaves here; while in it their
 * timer runs the room's rounds, and their status (at first the task they work on, if any) goes
 * to the others. The owner can end it.
 * Visitors and guests can look and are asked to sign in to join.
 */
export function RoomPage() {
  const { slug = "" } = useParams();
  const room = useRoom(slug);
  if (room.isPending) return <PageSpinner label="Loading the room" />;
  if (room.isError) {
    const notFound = room.error instanceof ApiError && room.error.status === 404;
    return (
      <main className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-10">
        <ErrorAlert>{notFound ? "This room does not exist. Check the link, or pick another room." : room.error.message}</ErrorAlert>
        <BackToRooms />
      </main>
    );
  }
  return <RoomView room={room.data} />;
}

function BackToRooms() {
  return (
    <Link to="/rooms" className={buttonVariants({ variant: "ghost", size: "sm", className: "justify-self-start" })}>
      <ArrowLeft aria-hidden />
      All rooms
    </Link>
  );
}

function RoomView({ room }: { room: Room }) {
  const user = useOptionalUser();
  const canJoin = user !== null && !user.isGuest && room.endedAt === null;
  const [joined, setJoined] = useState(false);
  const [status, setStatus] = useState("");
  const membership = useRoomMembership(room.slug, joined && canJoin, status);
  const open = room.endedAt === null && membership.closedReason === null;
  const inRoom = joined && canJoin && open && membership.error === null;
  const members = inRoom && membership.live ? membership.live.members : room.members;

  const copyLink = () => {
    const url = `${window.location.origin}/rooms/${room.slug}`;
    navigator.clipboard.writeText(url).then(
      () => toast({ title: "Link copied", description: url }),
      () => toast({ title: "Copy this link", description: url }),
    );
  };

  return (
    <main className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 pb-24 md:py-10">
      {inRoom && <FollowRoomRounds room={room} />}
      {inRoom && user && <StatusFromActiveTask user={user} onTitle={(title) => setStatus((current) => current || title)} />}
      <BackToRooms />
      <header className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold break-words">{room.name}</h1>
          <Badge variant={room.visibility === "public" ? "accent" : "outline"}>{room.visibility === "public" ? "Public" : "Link only"}</Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          Opened by {room.ownerName} · {room.focusMinutes}-minute focus rounds, {room.breakMinutes}-minute breaks
        </p>
      </header>

      {!open ? (
        <ErrorAlert>{membership.closedReason ?? "This room has ended."}</ErrorAlert>
      ) : (
        <Card>
          <CardContent className="grid gap-6 pt-6">
            <RoundClock schedule={scheduleOf(room)} size="lg" />
            {membership.error && <ErrorAlert>{membership.error}</ErrorAlert>}
            <div className="flex flex-wrap justify-center gap-2">
              {canJoin ? (
                inRoom ? (
                  <Button variant="outline" onClick={() => setJoined(false)}>
                    <DoorOpen aria-hidden />
                    Leave room
                  </Button>
                ) : (
                  <JoinRoomButton room={room} onJoin={() => setJoined(true)} />
                )
              ) : (
                <Link to="/auth?tab=login" className={buttonVariants()}>
                  <LogIn aria-hidden />
                  Sign in to join
                </Link>
              )}
              <Button variant="ghost" onClick={copyLink}>
                <Copy aria-hidden />
                Copy link
              </Button>
              {room.isOwner && <EndRoomButton room={room} />}
            </div>
            {inRoom && (
              <div className="grid gap-2">
                <Label htmlFor="room-status">What are you working on? (others see it)</Label>
                <Input
                  id="room-status"
                  value={status}
                  maxLength={ROOM_LIMITS.statusLength}
                  placeholder="e.g. Chapter 3 draft"
                  onChange={(event) => setStatus(event.target.value)}
                />
                <p className="text-sm text-muted-foreground">Your timer follows the room's rounds while you are here; each focus round is recorded as your own session.</p>
              </div>
            )}
          </CardContent>
        </Card>
      )}

      {open && <MemberList members={members} room={room} />}
    </main>
  );
}

/** Runs the room's rounds on the user's timer (only mounted for a signed-in member: visitors have no timer). */
function FollowRoomRounds({ room }: { room: Room }) {
  useFollowRoomRounds(scheduleOf(room));
  return null;
}

/** Offers the task the user works on (the Focus Arena's active task) as their status, once, when they join. */
function StatusFromActiveTask({ user, onTitle }: { user: User; onTitle: (title: string) => void }) {
  const activeId = useActiveTaskId(user.id);
  const title = useTaskList(user).tasks.find((task) => task.clientId === activeId && !task.done)?.title;
  const offered = useRef(false);
  useEffect(() => {
    if (!title || offered.current) return;
    offered.current = true;
    onTitle(title.slice(0, ROOM_LIMITS.statusLength));
  }, [title, onTitle]);
  return null;
}

/** Who is in the room: name and status, or "focusing" / "on a break" without one. */
function MemberList({ members, room }: { members: RoomMember[]; room: Room }) {
  const round = useRoomRoundNow(scheduleOf(room));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">In the room</CardTitle>
        <CardDescription>{members.length === 1 ? "1 person" : `${members.length} people`}</CardDescription>
      </CardHeader>
      <CardContent>
        {members.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nobody yet. Join, and share the link.</p>
        ) : (
          <ul className="grid gap-2" aria-label="People in the room">
            {members.map((member) => (
              <li key={member.name} className="flex flex-wrap items-baseline justify-between gap-x-4 rounded-lg border px-4 py-2">
                <span className="font-medium">{member.name}</span>
                <span className="min-w-0 text-sm break-words text-muted-foreground">
                  {member.status || (round.phase === "focus" ? "focusing" : "on a break")}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * "Join this room": at once, or, when the user's own focus session is under way (core's
 * `focusEndedByJoining`), after they agree to end it, since the room's round takes its place.
 */
function JoinRoomButton({ room, onJoin }: { room: Room; onJoin: () => void }) {
  const timer = TimerActor.useActorRef();
  const [focusLeftMs, setFocusLeftMs] = useState(0);
  const join = () => {
    const left = focusEndedByJoining(timer.getSnapshot().context, scheduleOf(room), Date.now());
    if (left > 0) setFocusLeftMs(left);
    else onJoin();
  };
  return (
    <>
      <Button onClick={join}>
        <Users aria-hidden />
        Join this room
      </Button>
      <Dialog open={focusLeftMs > 0} onOpenChange={(open) => !open && setFocusLeftMs(0)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>End your focus session?</DialogTitle>
            <DialogDescription>
              Your focus session has {formatTime(Math.ceil(focusLeftMs / 1000))} left. Joining ends it without recording it, and your timer
              follows the room's rounds instead.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep my session</Button>
            </DialogClose>
            <Button
              onClick={() => {
                setFocusLeftMs(0);
                onJoin();
              }}
            >
              Join the room
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** The owner's "End room", behind a confirmation: everyone in it is told. */
function EndRoomButton({ room }: { room: Room }) {
  const [open, setOpen] = useState(false);
  const end = useEndRoom(room.slug);
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)}>
        <Power aria-hidden />
        End room
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>End “{room.name}”?</DialogTitle>
            <DialogDescription>Everyone in it is told the room has ended. Their timers keep the round they are in.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep it open</Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={end.isPending}
              onClick={() =>
                end.mutate(undefined, {
                  onSuccess: () => setOpen(false),
                  onError: (error) => toast({ title: "Could not end the room", description: error.message, variant: "destructive" }),
                })
              }
            >
              {end.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
              End room
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
