import { formatTime } from "@focus/core/format";
import { focusEndedByJoining } from "@focus/core/rooms";
import { flowFocusedMs } from "@focus/core/timer";
import { type Room } from "@focus/core/schemas";
import { Users } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { TimerActor } from "@/runtime/timerActor";
import { useLatest } from "@/lib/useLatest";
import { serverNow } from "@/runtime/serverClock";
import { scheduleOf } from "./RoundClock";

/**
 * "Join this room": at once, or, when the user's own focus session is under way (core's
 * `focusEndedByJoining`), after they agree to end it, since the room's round takes its place
 * ("Keep my session" calls `onKeep`). With `askNow` it asks as soon as it shows: the page was
 * opened meaning to be in the room (just opened by this user, or reloaded while in it).
 */
export function JoinRoomButton({ room, askNow, onJoin, onKeep }: { room: Room; askNow: boolean; onJoin: () => void; onKeep: () => void }) {
  const timer = TimerActor.useActorRef();
  const [focusLeftMs, setFocusLeftMs] = useState(0);
  // A Flowtime session has no time left, only time so far (`docs/product.md`, The timer).
  const [flowSoFarMs, setFlowSoFarMs] = useState<number | null>(null);
  const request = () => {
    const { context } = timer.getSnapshot();
    const left = focusEndedByJoining(context, scheduleOf(room), serverNow());
    setFlowSoFarMs(context.flow ? flowFocusedMs({ ...context, now: serverNow() }) : null);
    if (left > 0) setFocusLeftMs(left);
    else onJoin();
  };
  const latestRequest = useLatest(request);
  useEffect(() => {
    if (askNow) latestRequest()();
  }, [askNow, latestRequest]);

  return (
    <>
      <Button onClick={request}>
        <Users aria-hidden />
        Join this room
      </Button>
      <Dialog
        open={focusLeftMs > 0}
        onOpenChange={(open) => {
          if (open) return;
          setFocusLeftMs(0);
          onKeep();
        }}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>End your focus session?</DialogTitle>
            <DialogDescription>
              {flowSoFarMs === null
                ? `Your focus session has ${formatTime(Math.ceil(focusLeftMs / 1000))} left.`
                : `Your Flowtime session has run for ${formatTime(Math.floor(flowSoFarMs / 1000))}.`}{" "}
              Joining ends it without recording it, and your timer
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
