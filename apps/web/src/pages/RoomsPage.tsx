import { Users } from "lucide-react";
import { Link } from "react-router-dom";
import { ErrorAlert } from "@/components/ui/alert";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { CreateRoomForm } from "@/features/rooms/CreateRoomForm";
import { usePublicRooms } from "@/features/rooms/roomQueries";
import { RoundClock, scheduleOf } from "@/features/rooms/RoundClock";
import { useOptionalUser } from "@/runtime/currentUser";

/** "Nobody in it yet", "1 person", "N people". */
function peopleCount(count: number): string {
  return count === 0 ? "Nobody in it yet" : count === 1 ? "1 person" : `${count} people`;
}

/**
 * Focus rooms (`docs/rooms.md`): the open public rooms, those with people in them first, with
 * their round and how many people are in them (and, signed in, who opened them), and for a
 * signed-in user the form that opens one. Visitors and guests can look (no usernames), and are
 * asked to sign in to take part.
 */
export function RoomsPage() {
  const user = useOptionalUser();
  const rooms = usePublicRooms();
  const canOpen = user !== null && !user.isGuest;
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 pb-24 md:py-10">
      <header className="grid gap-2">
        <h1 className="flex items-center gap-2 text-2xl font-semibold">
          <Users className="size-6 text-primary" aria-hidden />
          Focus rooms
        </h1>
        <p className="text-muted-foreground">
          Work alongside other people, no camera needed: everyone in a room shares the same focus and break rounds. Your own session is
          recorded and your sites are blocked as usual.
        </p>
      </header>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Open rooms</CardTitle>
          <CardDescription>Join one mid-round: you focus until the round ends with everyone else.</CardDescription>
        </CardHeader>
        <CardContent>
          {rooms.isPending ? (
            <Spinner label="Loading rooms" showLabel />
          ) : rooms.isError ? (
            <ErrorAlert>
              <span className="flex flex-wrap items-center gap-3">
                {rooms.error.message}
                <Button size="sm" variant="outline" onClick={() => void rooms.refetch()}>
                  Retry
                </Button>
              </span>
            </ErrorAlert>
          ) : rooms.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">No open rooms right now.{canOpen ? " Open one below and share its link." : ""}</p>
          ) : (
            <ul className="grid gap-2" aria-label="Open rooms">
              {rooms.data.map((room) => (
                <li key={room.slug}>
                  <Link
                    to={`/rooms/${room.slug}`}
                    className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg border px-4 py-3 transition-colors hover:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    <span className="grid min-w-0">
                      <span className="truncate font-medium">{room.name}</span>
                      <span className="text-sm text-muted-foreground">
                        {peopleCount(room.memberCount)}
                        {room.ownerName !== null && ` · by ${room.ownerName}`}
                      </span>
                    </span>
                    <RoundClock schedule={scheduleOf(room)} />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Open a room</CardTitle>
          <CardDescription>Its first focus round starts as soon as it opens. A room nobody is in closes after 10 minutes.</CardDescription>
        </CardHeader>
        <CardContent>
          {canOpen ? (
            <CreateRoomForm />
          ) : (
            <p className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
              Sign in to open a room or join one.
              <Link to="/auth?tab=login" className={buttonVariants({ size: "sm" })}>
                Sign in
              </Link>
            </p>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
