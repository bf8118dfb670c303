import { AUDIO_MOODS, type AudioMood, type AudioMoodId } from "@focus/core/audio";
import { isMoodLocked } from "@focus/core/audioPlayer";
import { AudioLines, Lock } from "lucide-react";
import { useId, type CSSProperties } from "react";
import { cn } from "@/lib/utils";
import { useAudioPlayer } from "@/runtime/audio/audioEngineContext";
import { GuestAudioNote } from "./PlayerControls";

/** "Beta · 16 Hz": a mood's modulation as shown. */
export function bandLabel(mood: AudioMood): string {
  const band = mood.modulation.band;
  return `${band[0]!.toUpperCase()}${band.slice(1)} · ${mood.modulation.rateHz} Hz`;
}

/**
 * The four mood buttons of the Neural Audio card: a pick loads a random track of the mood and plays
 * it; the active mood again clears it. For guests the other three are disabled with a lock.
 * `size="lg"` is the music tab's larger layout with each mood's band and description.
 */
export function MoodPicker({ size = "sm", className }: { size?: "sm" | "lg"; className?: string }) {
  const { mood: active, isGuest, freePlan, status, send } = useAudioPlayer();
  const noteId = useId();
  const pick = (id: AudioMoodId) => send({ type: "SELECT_MOOD", mood: id, autoplay: true });

  return (
    <div className={cn("grid gap-3", className)}>
    <div role="group" aria-label="Moods" className={cn("grid grid-cols-2 gap-2", size === "lg" && "gap-3 lg:grid-cols-4")}>
      {AUDIO_MOODS.map((mood) => {
        const locked = isMoodLocked(isGuest, mood.id, freePlan);
        const selected = active === mood.id;
        const state = selected ? (status === "playing" ? "Playing" : status === "loading" ? "Loading" : "Selected") : null;
        return (
          <button
            key={mood.id}
            type="button"
            // The large card shows more than the name (band, state): its text is its name then.
            aria-label={size === "sm" ? mood.name : undefined}
            aria-pressed={selected}
            disabled={locked}
            aria-describedby={locked ? noteId : undefined}
            title={locked ? "Register to unlock this mood" : selected ? `Stop ${mood.name}` : `Play ${mood.name}`}
            onClick={() => pick(mood.id)}
            style={{ "--mood": mood.color } as CSSProperties}
            className={cn(
              "group relative flex rounded-lg border text-left transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none",
              "hover:border-[var(--mood)]/60 hover:bg-[var(--mood)]/5 disabled:cursor-not-allowed disabled:opacity-55 disabled:hover:border-border disabled:hover:bg-transparent",
              selected && "border-[var(--mood)] bg-[var(--mood)]/10 hover:bg-[var(--mood)]/15",
              size === "sm" ? "min-h-11 items-center px-2.5 py-2 text-sm font-medium" : "flex-col gap-2 p-4",
            )}
          >
            <span className={cn("flex w-full min-w-0 items-center", size === "sm" ? "gap-1.5" : "gap-2")}>
              <span
                aria-hidden
                className={cn(
                  "grid shrink-0 place-items-center rounded-md bg-[var(--mood)]/15",
                  size === "sm" ? "size-6 text-sm" : "size-10 text-xl",
                )}
              >
                {mood.emoji}
              </span>
              <span className={cn("min-w-0 flex-1", size === "sm" ? "truncate" : "text-base leading-tight font-semibold")}>
                {mood.name}
              </span>
              {locked && size === "lg" && <Lock className="size-4 shrink-0 text-muted-foreground" aria-hidden data-testid="mood-lock" />}
            </span>
            {/* The small layout has no room in the row: a corner mark for the lock and for playing. */}
            {locked && size === "sm" && (
              <Lock className="absolute top-1 right-1 size-3.5 text-muted-foreground" aria-hidden data-testid="mood-lock" />
            )}
            {selected && size === "sm" && status === "playing" && (
              <AudioLines className="absolute top-1 right-1 size-3.5 text-primary motion-safe:animate-pulse" aria-hidden />
            )}
            {size === "lg" && (
              <>
                <span className="flex min-h-6 flex-wrap items-center justify-between gap-x-2 gap-y-1 text-xs font-medium text-muted-foreground">
                  {bandLabel(mood)}
                  {state && <span className="rounded-full bg-[var(--mood)]/20 px-2 py-0.5 text-foreground">{state}</span>}
                </span>
                <span className="line-clamp-3 text-sm text-muted-foreground">{mood.description}</span>
              </>
            )}
          </button>
        );
      })}
    </div>
    <GuestAudioNote id={noteId} />
    </div>
  );
}
