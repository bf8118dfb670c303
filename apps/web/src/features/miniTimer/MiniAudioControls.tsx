import { AUDIO_MOODS, GUEST_AUDIO_MOOD, audioMoodById } from "@focus/core/audio";
import { isMoodLocked } from "@focus/core/audioPlayer";
import { type FromMiniTimerMessage, type MiniTimerAudioState } from "@focus/core/protocol";
import { LoaderCircle, Pause, Play, Shuffle } from "lucide-react";
import type { CSSProperties } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

const STATUS_LABELS: Record<MiniTimerAudioState["status"], string> = {
  idle: "Not playing",
  loading: "Loading…",
  loaded: "Ready",
  playing: "Playing",
  paused: "Paused",
};

/** The four moods, one button each (a pick plays it); a mood the account may not play is disabled. */
function MoodRow({ audio, tell }: { audio: MiniTimerAudioState | null; tell: (message: FromMiniTimerMessage) => void }) {
  return (
    <div role="group" aria-label="Moods" className="grid grid-cols-2 gap-1.5">
      {AUDIO_MOODS.map((mood) => {
        const locked = !audio || isMoodLocked(audio.isGuest, mood.id, audio.freePlan);
        const selected = audio?.mood === mood.id;
        return (
          <button
            key={mood.id}
            type="button"
            aria-pressed={selected}
            disabled={locked}
            title={audio && locked ? `${mood.name}: register to unlock this mood` : `Play ${mood.name}`}
            onClick={() => tell({ action: "loadMoodAudio", mood: mood.id })}
            style={{ "--mood": mood.color } as CSSProperties}
            className={cn(
              "flex h-8 min-w-0 items-center gap-1.5 rounded-md border px-2 text-xs font-medium transition-colors",
              "hover:border-[var(--mood)]/60 hover:bg-[var(--mood)]/10",
              "focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none",
              "disabled:cursor-not-allowed disabled:opacity-45 disabled:hover:border-border disabled:hover:bg-transparent",
              selected && "border-[var(--mood)] bg-[var(--mood)]/15",
            )}
          >
            <span aria-hidden className="shrink-0">
              {mood.emoji}
            </span>
            <span className="truncate">{mood.name}</span>
          </button>
        );
      })}
    </div>
  );
}

/**
 * The mini timer's view of the main window's mood player: mood and track, play or pause, Change
 * Flow, and a row of the four moods (a pick plays it). It holds no player of its own: every button
 * sends an action to the main window, and what it shows is the main window's last `updateAudio`.
 * `audio` is null until the first one arrives.
 */
export function MiniAudioControls({
  audio,
  tell,
}: {
  audio: MiniTimerAudioState | null;
  tell: (message: FromMiniTimerMessage) => void;
}) {
  const current = audio?.mood ? audioMoodById(audio.mood) : undefined;
  const status = audio?.status ?? "idle";
  const hasTrack = status === "loaded" || status === "playing" || status === "paused";
  const playing = status === "playing";
  const loading = status === "loading";
  const target = audio?.mood ?? GUEST_AUDIO_MOOD;
  const PlayIcon = loading ? LoaderCircle : playing ? Pause : Play;

  const togglePlay = () => {
    if (playing || loading) tell({ action: "pauseAudio" });
    else tell({ action: "playAudio", mood: target });
  };

  return (
    <section aria-label="Audio" className="grid w-full gap-2 border-t pt-2">
      <div className="flex items-center gap-1.5">
        <div className="min-w-0 flex-1" aria-live="polite">
          <p className="truncate text-sm font-medium" data-testid="mini-audio-track">
            {audio?.trackName ?? current?.name ?? "No audio"}
          </p>
          <p className="truncate text-xs text-muted-foreground" data-testid="mini-audio-status">
            {current ? `${current.emoji} ${current.name} · ` : ""}
            {STATUS_LABELS[status]}
          </p>
        </div>
        <Button
          size="icon"
          className="size-9 rounded-full"
          onClick={togglePlay}
          disabled={!audio}
          aria-label={playing || loading ? "Pause audio" : "Play audio"}
          title={playing || loading ? "Pause audio" : `Play ${audioMoodById(target)?.name ?? "audio"}`}
        >
          <PlayIcon className={cn(loading && "motion-safe:animate-spin")} aria-hidden />
        </Button>
        <Button
          size="icon"
          variant="outline"
          className="size-9"
          onClick={() => tell({ action: "mini-timer-change-track" })}
          disabled={!hasTrack}
          aria-label="Change Flow"
          title="Change Flow: another track of this mood"
        >
          <Shuffle aria-hidden />
        </Button>
      </div>
      <MoodRow audio={audio} tell={tell} />
    </section>
  );
}
