import { SESSION_OUTCOME_LABELS, SESSION_OUTCOMES, SESSION_RATING, type SessionOutcome } from "@focus/core/schemas";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { cn } from "@/lib/utils";
import { useRoomMembershipState } from "@/runtime/rooms/RoomMembership";
import { clearReflection, saveReflection, type ReflectionOffer } from "./reflection";

const RATINGS = Array.from({ length: SESSION_RATING.max - SESSION_RATING.min + 1 }, (_, i) => SESSION_RATING.min + i);

/** A toggle button of the card: pressed or not, as a screen reader hears it. */
function Choice({ pressed, onClick, children, label }: { pressed: boolean; onClick: () => void; children: string | number; label?: string }) {
  return (
    <Button type="button" size="sm" variant={pressed ? "default" : "outline"} aria-pressed={pressed} aria-label={label} onClick={onClick} className="min-w-11">
      {children}
    </Button>
  );
}

/** The card's questions and buttons (loaded when a session is offered, `ReflectionCard`). */
export function ReflectionForm({ offer }: { offer: ReflectionOffer }) {
  const [outcome, setOutcome] = useState<SessionOutcome | null>(null);
  const [rating, setRating] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rooms = useRoomMembershipState();
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const result = await saveReflection(offer, { ...(outcome ? { outcome } : {}), ...(rating !== null ? { rating } : {}) });
      if (result?.status === "refused") {
        setError(result.error.message);
        return;
      }
      clearReflection();
      // In a room, the answer is also the round's check-in (the server takes it during the break after it).
      if (outcome && rooms?.room) rooms.checkIn(outcome);
      toast({ title: "Saved with this session", description: result?.status === "queued" ? "It will reach your account when you're back online." : "Thanks for checking in." });
    } catch {
      setError("This answer could not be kept. Please try again.");
    } finally {
      setSaving(false);
    }
  };
  return (
    <section aria-labelledby="reflection-title" className="mx-auto w-full max-w-md rounded-lg border bg-card p-4 text-card-foreground shadow-sm" data-testid="reflection-card">
      <h2 id="reflection-title" className="text-base font-semibold">
        How did it go?
      </h2>
      {offer.intention && (
        <p className="mt-1 text-sm wrap-anywhere text-muted-foreground">
          You set out to: <span className="text-foreground">{offer.intention}</span>
        </p>
      )}
      <fieldset className="mt-3">
        <legend className="sr-only">How the session went</legend>
        <div className="flex flex-wrap gap-2">
          {SESSION_OUTCOMES.map((value) => (
            <Choice key={value} pressed={outcome === value} onClick={() => setOutcome(outcome === value ? null : value)}>
              {SESSION_OUTCOME_LABELS[value]}
            </Choice>
          ))}
        </div>
      </fieldset>
      <fieldset className="mt-3">
        <legend className="text-sm text-muted-foreground">Focus rating (optional)</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {RATINGS.map((value) => (
            <Choice key={value} pressed={rating === value} label={`Focus rating ${value} of ${SESSION_RATING.max}`} onClick={() => setRating(rating === value ? null : value)}>
              {value}
            </Choice>
          ))}
        </div>
      </fieldset>
      {error && (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {error}
        </p>
      )}
      <div className={cn("mt-4 flex justify-end gap-2")}>
        <Button type="button" variant="ghost" size="sm" onClick={clearReflection}>
          Skip
        </Button>
        <Button type="button" size="sm" onClick={() => void save()} disabled={saving || (outcome === null && rating === null)}>
          Save
        </Button>
      </div>
    </section>
  );
}
