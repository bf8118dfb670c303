import { audioMoodById, type AudioMoodId } from "@focus/core/audio";
import { AUDIO_MESSAGES, noTracksMessage, preparingTracksMessage } from "@focus/core/audioPlayer";
import { Info, LoaderCircle, Pause, Play, Shuffle, Square, Volume1, Volume2, VolumeX } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Slider } from "@/components/ui/slider";
import { cn } from "@/lib/utils";
import { useAudioPlayer } from "@/runtime/audio/audioEngineContext";
import { useMoodLibrary } from "./useMoodLibrary";

/**
 * Play/pause for a mood: plays `mood` (switching to it first), or whatever is selected,
 * or Deep Work when nothing is. Pauses when that mood is playing.
 */
export function PlayPauseButton({
  mood,
  size = "icon",
  className,
}: {
  mood?: AudioMoodId;
  size?: "icon" | "lg" | "default";
  className?: string;
}) {
  const { status, mood: active, send } = useAudioPlayer();
  const target = mood ?? active ?? "deep-work";
  const isCurrent = target === active;
  const playing = isCurrent && status === "playing";
  const loading = isCurrent && status === "loading";
  const name = audioMoodById(target)?.name ?? target;
  const label = playing ? `Pause ${name}` : `Play ${name}`;
  const Icon = loading ? LoaderCircle : playing ? Pause : Play;
  const onClick = () => {
    if (playing) send({ type: "PAUSE" });
    else if (loading) send({ type: "TOGGLE" });
    else send({ type: "PLAY", mood: target });
  };
  return (
    <Button
      size={size}
      className={cn(size === "icon" && "size-11 rounded-full", className)}
      onClick={onClick}
      aria-label={size === "icon" ? label : undefined}
      title={label}
    >
      <Icon className={cn(loading && "animate-spin")} aria-hidden />
      {size !== "icon" && (playing ? "Pause" : "Play")}
    </Button>
  );
}

/** Change Flow and stop: active only for the mood that is loaded. */
export function FlowControls({ mood, className }: { mood?: AudioMoodId; className?: string }) {
  const { status, mood: active, send } = useAudioPlayer();
  const isCurrent = mood === undefined || mood === active;
  const hasTrack = isCurrent && (status === "loaded" || status === "playing" || status === "paused");
  return (
    <div className={cn("flex flex-wrap gap-2", className)}>
      <Button variant="outline" disabled={!hasTrack} onClick={() => send({ type: "CHANGE_FLOW" })}>
        <Shuffle aria-hidden />
        Change Flow
      </Button>
      <Button
        variant="outline"
        disabled={!hasTrack || status === "loaded"}
        onClick={() => send({ type: "STOP" })}
        aria-label="Stop"
        title="Stop and rewind"
      >
        <Square aria-hidden />
        Stop
      </Button>
    </div>
  );
}

/** The player's volume, 0–100 % (default 70 %, `docs/product.md`, Audio). */
export function VolumeControl({ className }: { className?: string }) {
  const id = useId();
  const { volume, send } = useAudioPlayer();
  const percent = Math.round(volume * 100);
  const Icon = percent === 0 ? VolumeX : percent < 50 ? Volume1 : Volume2;
  return (
    <div className={cn("grid gap-1.5", className)}>
      <div className="flex items-center justify-between text-sm">
        <label htmlFor={id} className="flex items-center gap-2 font-medium">
          <Icon className="size-4 text-muted-foreground" aria-hidden />
          Volume
        </label>
        <output htmlFor={id} className="tabular-nums text-muted-foreground">
          {percent}%
        </output>
      </div>
      <Slider
        id={id}
        min={0}
        max={100}
        step={1}
        value={percent}
        aria-valuetext={`${percent}%`}
        onChange={(event) => send({ type: "SET_VOLUME", volume: Number(event.target.value) / 100 })}
      />
    </div>
  );
}

/**
 * What plays: the track's name, or what to do; a quiet line for a failure. A mood found empty
 * while the server still renders its tracks says "Preparing more {mood} tracks" instead.
 */
export function NowPlaying({ mood, className }: { mood?: AudioMoodId; className?: string }) {
  const { status, mood: active, track, error: playerError } = useAudioPlayer();
  const activeMood = active ? audioMoodById(active) : undefined;
  const isCurrent = active !== null && (mood === undefined || mood === active);
  const foundEmpty = isCurrent && activeMood !== undefined && playerError === noTracksMessage(activeMood.name);
  const library = useMoodLibrary(foundEmpty ? active : null);
  // Tracks listed since the mood was found empty: no error; play tries again.
  const arrived = foundEmpty && (library.data?.files.length ?? 0) > 0;
  const preparing = foundEmpty && (library.data?.pending.length ?? 0) > 0;
  const error = arrived ? null : preparing && activeMood ? preparingTracksMessage(activeMood.name) : playerError;
  let title: string;
  let detail: string;
  if (!isCurrent) {
    title = "Not playing";
    detail =
      mood === undefined
        ? "Pick a mood to start"
        : activeMood && status === "playing"
          ? `${activeMood.name} is playing now`
          : "Press play to start";
  } else if (status === "loading") {
    title = `Loading ${activeMood?.name ?? "audio"}…`;
    detail = `${activeMood?.emoji ?? ""} ${activeMood?.name ?? ""}`.trim();
  } else if (track) {
    title = track.title ?? track.name;
    detail = `${activeMood?.emoji ?? ""} ${activeMood?.name ?? ""} · ${status === "playing" ? "Playing" : status === "paused" ? "Paused" : "Ready"}`.trim();
  } else {
    title = activeMood?.name ?? "Not playing";
    detail = "Press play to try again";
  }
  return (
    <div className={cn("min-w-0", className)} aria-live="polite">
      <p className="truncate font-medium" data-testid="now-playing">
        {title}
      </p>
      <p className="truncate text-sm text-muted-foreground">{detail}</p>
      {isCurrent && error && (
        <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground" role="status">
          <Info className="size-3.5 shrink-0" aria-hidden />
          {error}
        </p>
      )}
    </div>
  );
}

/** The guest note of the mood players, word for word. */
export function GuestAudioNote({ id, className }: { id?: string; className?: string }) {
  const { isGuest } = useAudioPlayer();
  if (!isGuest) return null;
  return (
    <p id={id} className={cn("text-xs leading-relaxed text-muted-foreground", className)}>
      {AUDIO_MESSAGES.guestNote}
    </p>
  );
}
