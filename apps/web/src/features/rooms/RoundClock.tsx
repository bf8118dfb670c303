import { formatTime } from "@focus/core/format";
import { roomRound, type RoomSchedule } from "@focus/core/rooms";
import { cn } from "@/lib/utils";
import { useServerNow } from "@/runtime/serverClock";

/**
 * The room's round at this second of the server's clock (`useServerNow`: a device whose own clock
 * is off still shows what everyone else sees), from its schedule (core's `roomRound`): phase,
 * time left, round number.
 */
export function useRoomRoundNow(schedule: RoomSchedule) {
  const now = useServerNow(1000);
  const round = roomRound(schedule, now);
  return { ...round, secondsLeft: Math.max(0, Math.ceil((round.endsAt - now) / 1000)) };
}

/** "Focus · 12:34 left" in a list row, or the big clock of the room page (`size="lg"`). */
export function RoundClock({ schedule, size = "sm" }: { schedule: RoomSchedule; size?: "sm" | "lg" }) {
  const round = useRoomRoundNow(schedule);
  const label = round.phase === "focus" ? "Focus round" : "Break";
  if (size === "sm") {
    return (
      <span className="text-sm text-muted-foreground">
        <span className={cn("font-medium", round.phase === "focus" ? "text-primary" : "text-foreground")}>{label}</span> ·{" "}
        <span className="tabular-nums">{formatTime(round.secondsLeft)}</span> left
      </span>
    );
  }
  return (
    <div className="grid justify-items-center gap-1 text-center" role="timer" aria-label={`${label}, ${formatTime(round.secondsLeft)} left`}>
      <span className={cn("text-sm font-semibold tracking-wide uppercase", round.phase === "focus" ? "text-primary" : "text-muted-foreground")}>
        {label} · round {Math.floor(round.index / 2) + 1}
      </span>
      <span className="font-mono text-6xl font-semibold tabular-nums sm:text-7xl">{formatTime(round.secondsLeft)}</span>
    </div>
  );
}

/** The schedule of a room as the API gives it. */
export function scheduleOf(room: { startedAt: number; focusMinutes: number; breakMinutes: number }): RoomSchedule {
  return { startedAt: room.startedAt, focusMinutes: room.focusMinutes, breakMinutes: room.breakMinutes };
}
