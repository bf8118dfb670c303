import { ROOM_SITTING_OUT_NOTE, roomRound } from "@focus/core/rooms";
import { ROOM_LIMITS, type Room, type RoomMember, roomStatusSchema, type SessionOutcome, type User } from "@focus/core/schemas";
import { ArrowLeft, Copy, DoorOpen, Info, LogIn } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { ErrorAlert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PageSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { EndRoomButton } from "@/features/rooms/EndRoomButton";
import { useJoinIntent } from "@/features/rooms/joinIntent";
import { JoinRoomButton } from "@/features/rooms/JoinRoomButton";
import { MemberList } from "@/features/rooms/MemberList";
import { useRoom } from "@/features/rooms/roomQueries";
import { RoundCheckIn } from "@/features/rooms/RoundCheckIn";
import { RoundClock, scheduleOf, useRoomRoundNow } from "@/features/rooms/RoundClock";
import { newerUpdate, useRoomWatch } from "@/features/rooms/useRoomWatch";
import { TasksCard } from "@/features/tasks/TasksCard";
import { WorkingOn } from "@/features/tasks/WorkingOn";
import { answerRecentOffer } from "@/features/timer/reflection";
import { useRoomMembershipState } from "@/runtime/rooms/RoomMembership";
import { useActiveTaskId } from "@/runtime/tasks/activeTask";
import { useTaskList } from "@/runtime/tasks/useTasks";
import { useOptionalUser } from "@/runtime/currentUser";
import { serverNow } from "@/runtime/serverClock";
import { TimerActor } from "@/runtime/timerActor";
import { ApiError } from "@/lib/api";

/**
 * One focus room (`/rooms/:slug`, `docs/rooms.md`): its round (the same clock for everyone: the
 * server's), who is in it and what they work on, pushed by the server as it changes. A
 * signed-in user joins and leaves here (whoever opened the room is in it from the start); once
 * in, they stay in it on every page of the app until they leave (`runtime/rooms/RoomMembership`):
 * their timer runs the room's rounds, and their status (at first the task they work on, if any)
 * goes to the others; the task list is here to pick what they work on. The owner can end it.
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

/** How far before a break's start the round's session may have ended on this device's timer, ms (its clock against the server's). */
const ROUND_EDGE_MS = 5000;

function BackToRooms() {
  return (
    <Link to="/rooms" className={buttonVariants({ variant: "ghost", size: "sm", className: "justify-self-start" })}>
      <ArrowLeft aria-hidden />
      All rooms
    </Link>
  );
}

/** The room's state on this page: whether the user is in it (the app's membership), and who is there as last pushed. */
function useRoomPresence(room: Room, user: User | null) {
  const rooms = useRoomMembershipState();
  const canJoin = user !== null && !user.isGuest && room.endedAt === null && rooms !== null;
  const joinedHere = rooms?.room?.slug === room.slug;
  const [wantsIn, setWantsIn] = useJoinIntent();
  // Arriving meaning to be in the room (just opened it) joins once; after that only Join does.
  const [autoJoin, setAutoJoin] = useState(wantsIn && !joinedHere);
  const exit = rooms?.exit?.slug === room.slug ? rooms.exit : null;
  const watch = useRoomWatch(room.slug, room.endedAt === null);
  const closedReason = (exit?.closed ? exit.message : null) ?? watch.closedReason;
  const error = exit && !exit.closed ? exit.message : null;
  const open = room.endedAt === null && closedReason === null;
  const inRoom = joinedHere && canJoin && open;
  const update = joinedHere ? (rooms?.update ?? null) : null;
  const latest = newerUpdate(watch.update, update)?.room ?? room;
  const { members, memberCount } = latest;
  const join = (inside: boolean) => {
    setAutoJoin(false);
    setWantsIn(inside);
    if (inside) rooms?.enter(room);
    else rooms?.leave();
  };
  const keepOut = () => {
    setAutoJoin(false);
    setWantsIn(false);
  };
  // Out of the room by another way than this page's Leave (on another device, the room's end, a
  // refused join): a reload of this page does not join it again.
  const wasJoined = useRef(joinedHere);
  useEffect(() => {
    if (wasJoined.current && !joinedHere && wantsIn) setWantsIn(false);
    wasJoined.current = joinedHere;
  }, [joinedHere, wantsIn, setWantsIn]);
  const status = inRoom ? (rooms?.status ?? "") : "";
  const setStatus = rooms?.setStatus ?? (() => {});
  /**
   * The check-in after a focus round: to the room, and kept with the round's session as its
   * reflection when that session still waits for one (a failure to keep it is said).
   */
  const checkIn = (outcome: SessionOutcome) => {
    if (!user) return;
    rooms?.checkIn(outcome);
    const breakStart = roomRound(scheduleOf(room), serverNow()).startedAt;
    answerRecentOffer(user.id, outcome, breakStart - ROUND_EDGE_MS).then(
      (result) => {
        if (result?.status === "refused") toast({ title: "Not saved with your session", description: result.error.message, variant: "destructive" });
      },
      () => toast({ title: "Not saved with your session", description: "The room saw your answer; your session could not keep it. Please try again.", variant: "destructive" }),
    );
  };
  return { canJoin, autoJoin: autoJoin && !joinedHere, join, keepOut, status, setStatus, checkIn, error, closedReason, open, inRoom, members, memberCount };
}

function RoomView({ room }: { room: Room }) {
  const user = useOptionalUser();
  const presence = useRoomPresence(room, user);
  const { open, inRoom, members } = presence;
  const me = user ? members.find((member) => member.name === user.username) : undefined;

  return (
    <main className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 pb-24 md:py-10">
      {inRoom && <StatusFromIntention onIntention={(intention) => presence.setStatus((current) => current || intention)} />}
      {inRoom && user && <StatusFromActiveTask user={user} onTitle={(title) => presence.setStatus((current) => current || title)} />}
      <BackToRooms />
      <RoomHeader room={room} />
      {!open ? (
        <ErrorAlert>{presence.closedReason ?? "This room has ended."}</ErrorAlert>
      ) : (
        <Card>
          <CardContent className="grid gap-6 pt-6">
            <RoundClock schedule={scheduleOf(room)} size="lg" />
            {presence.error && <ErrorAlert>{presence.error}</ErrorAlert>}
            {inRoom && me && <SittingOutNote room={room} me={me} />}
            {inRoom && me && !me.limitReached && <RoundCheckIn schedule={scheduleOf(room)} answered={me.checkIn} onCheckIn={presence.checkIn} />}
            <RoomActions room={room} presence={presence} />
            {inRoom && <StatusField status={presence.status} onChange={presence.setStatus} />}
          </CardContent>
        </Card>
      )}
      {open && <MemberList members={members} count={presence.memberCount} schedule={scheduleOf(room)} />}
      {inRoom && user && (
        <section aria-label="Your tasks" className="grid gap-3">
          <WorkingOn user={user} />
          <TasksCard user={user} />
        </section>
      )}
    </main>
  );
}

function RoomHeader({ room }: { room: Room }) {
  return (
    <header className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-semibold wrap-anywhere">{room.name}</h1>
        <Badge variant={room.visibility === "public" ? "accent" : "outline"}>{room.visibility === "public" ? "Public" : "Link only"}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        {room.ownerName !== null && `Opened by ${room.ownerName} · `}
        {room.focusMinutes}-minute focus rounds, {room.breakMinutes}-minute breaks
      </p>
    </header>
  );
}

/** Join or Leave (or Sign in to join), Copy link, and the owner's End room. */
function RoomActions({ room, presence }: { room: Room; presence: ReturnType<typeof useRoomPresence> }) {
  const copyLink = () => {
    const url = `${window.location.origin}/rooms/${room.slug}`;
    navigator.clipboard.writeText(url).then(
      () => toast({ title: "Link copied", description: url }),
      () => toast({ title: "Copy this link", description: url }),
    );
  };
  return (
    <div className="flex flex-wrap justify-center gap-2">
      {!presence.canJoin ? (
        <Link to="/auth?tab=login" className={buttonVariants()}>
          <LogIn aria-hidden />
          Sign in to join
        </Link>
      ) : presence.inRoom ? (
        <Button variant="outline" onClick={() => presence.join(false)}>
          <DoorOpen aria-hidden />
          Leave room
        </Button>
      ) : (
        <JoinRoomButton room={room} askNow={presence.autoJoin} onJoin={() => presence.join(true)} onKeep={presence.keepOut} />
      )}
      <Button variant="ghost" onClick={copyLink}>
        <Copy aria-hidden />
        Copy link
      </Button>
      {room.isOwner && <EndRoomButton room={room} />}
    </div>
  );
}

/** What the member works on (others see it); a status the server would refuse says why, and is not sent. */
function StatusField({ status, onChange }: { status: string; onChange: (status: string) => void }) {
  const problem = roomStatusSchema.safeParse(status).error?.issues[0]?.message ?? null;
  return (
    <div className="grid gap-2">
      <Label htmlFor="room-status">This round I'll… (others in the room see it)</Label>
      <Input
        id="room-status"
        value={status}
        maxLength={ROOM_LIMITS.statusLength}
        placeholder="e.g. draft the Chapter 3 intro"
        aria-invalid={problem !== null}
        aria-describedby={problem ? "room-status-problem" : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem && (
        <p id="room-status-problem" role="alert" className="text-sm text-destructive">
          {problem}. Others still see your last status.
        </p>
      )}
      <p className="text-sm text-muted-foreground">Your timer follows the room's rounds until you leave the room, on every page of the app; each focus round is recorded as your own session.</p>
    </div>
  );
}

/** For a member the plan keeps out of today's focus rounds, during one: why, and where Premium is. */
function SittingOutNote({ room, me }: { room: Room; me: RoomMember }) {
  const round = useRoomRoundNow(scheduleOf(room));
  if (!me.limitReached || round.phase !== "focus") return null;
  return (
    <div role="status" className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border bg-muted/50 px-4 py-3 text-sm">
      <p className="flex min-w-0 flex-1 basis-64 items-start gap-2">
        <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        {ROOM_SITTING_OUT_NOTE}
      </p>
      <Link to="/subscription" className={buttonVariants({ size: "sm", variant: "outline" })}>
        See Premium
      </Link>
    </div>
  );
}

/**
 * Offers the focus session's intention as the member's status, once, when they join without one
 * (`docs/product.md`, Intentions); cut to a status's length, and only when a status may hold it.
 */
function StatusFromIntention({ onIntention }: { onIntention: (intention: string) => void }) {
  const intention = TimerActor.useSelector((s) => s.context.intention);
  const offered = useRef(false);
  useEffect(() => {
    if (!intention || offered.current) return;
    offered.current = true;
    const status = intention.slice(0, ROOM_LIMITS.statusLength).trim();
    if (roomStatusSchema.safeParse(status).success) onIntention(status);
  }, [intention, onIntention]);
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
