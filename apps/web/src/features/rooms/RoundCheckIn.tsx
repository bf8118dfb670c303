import { type RoomSchedule } from "@focus/core/rooms";
import { SESSION_OUTCOME_LABELS, SESSION_OUTCOMES, type SessionOutcome } from "@focus/core/schemas";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useRoomRoundNow } from "./RoundClock";

/**
 * The one-tap check-in after a room's focus round (`docs/rooms.md`, Check-in): during the break,
 * "How did this round go?" with Done, Partly and Stuck. `onCheckIn` gets the answer (the page
 * sends it to the room and keeps it with the round's session); `answered` is the member's answer
 * as the room last showed it. Optional: nothing asks again, and the next focus round takes it away.
 */
export function RoundCheckIn({ schedule, answered, onCheckIn }: { schedule: RoomSchedule; answered: SessionOutcome | null; onCheckIn: (outcome: SessionOutcome) => void }) {
  const round = useRoomRoundNow(schedule);
  // The answer given here until the room shows it (and for this break only).
  const [given, setGiven] = useState<{ round: number; outcome: SessionOutcome } | null>(null);
  if (round.phase !== "break") return null;
  const shown = given?.round === round.index ? given.outcome : answered;
  return (
    <fieldset className="grid justify-items-center gap-2 rounded-lg border bg-muted/40 px-4 py-3" data-testid="round-check-in">
      <legend className="sr-only">How did this round go?</legend>
      <p className="text-sm font-medium" aria-hidden>
        How did this round go?
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {SESSION_OUTCOMES.map((outcome) => (
          <Button
            key={outcome}
            type="button"
            variant={shown === outcome ? "default" : "outline"}
            className="min-h-11 min-w-20"
            aria-pressed={shown === outcome}
            onClick={() => {
              setGiven({ round: round.index, outcome });
              onCheckIn(outcome);
            }}
          >
            {SESSION_OUTCOME_LABELS[outcome]}
          </Button>
        ))}
      </div>
      <p className="text-xs text-muted-foreground">The room sees your answer until the next round starts.</p>
    </fieldset>
  );
}
