import { type AudioFile, type AudioMood, type AudioPendingTrack } from "@focus/core/audio";
import { AUDIO_MESSAGES, preparingTracksMessage } from "@focus/core/audioPlayer";
import { listenerMayPlay, type AudioListener } from "@focus/core/subscription";
import { LoaderCircle, Lock, Music, Pause, Play } from "lucide-react";
import { useId, type CSSProperties } from "react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import { formatClock } from "@/runtime/audio/audioApi";

/** "6 tracks" and, when some are locked for the listener, "4 locked". */
function TrackCount({ mood, tracks, locked }: { mood: AudioMood; tracks: AudioFile[] | undefined; locked: number }) {
  return (
    <span className="text-sm text-muted-foreground">
      <span data-testid={`count-${mood.id}`}>{tracks === undefined ? "Loading…" : `${tracks.length} ${tracks.length === 1 ? "track" : "tracks"}`}</span>
      {locked > 0 && <span data-testid={`locked-${mood.id}`}> · {locked} locked</span>}
    </span>
  );
}

/**
 * One mood of /local-audio: its header with the count, and every track of the library: those the
 * listener may play as buttons (the current one marked Playing or Paused), the others locked,
 * with a lock and the word "Locked", and no way to start them; while the server still renders
 * tracks of the mood, "Preparing more {mood} tracks" (in place of the empty-mood message)
 * (`docs/product.md`, Audio).
 */
export function LocalMoodTracks({
  mood,
  tracks,
  pending = [],
  listener,
  current,
  playing,
  onPick,
}: {
  mood: AudioMood;
  tracks: AudioFile[] | undefined;
  /** Tracks of the mood the server is still rendering. */
  pending?: AudioPendingTrack[];
  listener: AudioListener;
  current: AudioFile | null;
  playing: boolean;
  onPick: (track: AudioFile) => void;
}) {
  const headingId = useId();
  const locked = tracks?.filter((track) => !listenerMayPlay(listener, track.path)).length ?? 0;
  return (
    <Card className="overflow-hidden" style={{ "--mood": mood.color } as CSSProperties}>
      <div className="flex items-start gap-3 border-b p-5">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-[var(--mood)]/15 text-xl" aria-hidden>
          {mood.emoji}
        </span>
        <div className="grid min-w-0 flex-1 gap-0.5">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h2 id={headingId} className="text-lg font-semibold">
              {mood.name}
            </h2>
            <TrackCount mood={mood} tracks={tracks} locked={locked} />
          </div>
          <p className="text-sm text-muted-foreground">{mood.description}</p>
        </div>
      </div>
      {tracks === undefined ? (
        <div className="grid place-items-center p-8">
          <Spinner label={`Loading ${mood.name} tracks`} />
        </div>
      ) : tracks.length === 0 && pending.length > 0 ? null : tracks.length === 0 ? (
        <p className="p-8 text-center text-muted-foreground">{AUDIO_MESSAGES.emptyMood}</p>
      ) : (
        <ul aria-labelledby={headingId} className="divide-y">
          {tracks.map((track) => (
            <li key={track.path}>
              {listenerMayPlay(listener, track.path) ? (
                <PlayableTrack track={track} current={current?.path === track.path} playing={playing} onPick={onPick} />
              ) : (
                <LockedTrack track={track} />
              )}
            </li>
          ))}
        </ul>
      )}
      {tracks !== undefined && pending.length > 0 && (
        <p role="status" className="flex items-center justify-center gap-2 border-t p-5 text-sm text-muted-foreground">
          <LoaderCircle className="size-4 shrink-0 animate-spin" aria-hidden />
          {preparingTracksMessage(mood.name)} ({pending.length} on the way)
        </p>
      )}
    </Card>
  );
}

/** A track the listener may play: a button that plays it, or pauses and resumes it when current. */
function PlayableTrack({ track, current, playing, onPick }: { track: AudioFile; current: boolean; playing: boolean; onPick: (track: AudioFile) => void }) {
  return (
    <button
      type="button"
      onClick={() => onPick(track)}
      aria-current={current ? "true" : undefined}
      className={cn(
        "flex w-full items-center gap-3 px-5 py-3 text-left transition-colors hover:bg-muted/60 focus-visible:bg-muted/60 focus-visible:outline-none",
        current && "bg-[var(--mood)]/10",
      )}
    >
      <span className="grid size-8 shrink-0 place-items-center rounded-full bg-muted text-muted-foreground" aria-hidden>
        {current && playing ? <Pause className="size-4" /> : current ? <Play className="size-4" /> : <Music className="size-4" />}
      </span>
      <TrackText track={track} />
      {current && <Badge variant={playing ? "default" : "secondary"}>{playing ? "Playing" : "Paused"}</Badge>}
      <TrackLength track={track} />
    </button>
  );
}

/** A track the listener may not play: shown, dimmed, with a lock and "Locked"; nothing starts it. */
function LockedTrack({ track }: { track: AudioFile }) {
  return (
    <div className="flex w-full items-center gap-3 px-5 py-3 text-muted-foreground" data-testid="locked-track">
      <span className="grid size-8 shrink-0 place-items-center rounded-full bg-muted" aria-hidden>
        <Lock className="size-4" />
      </span>
      <TrackText track={track} />
      <Badge variant="outline" className="text-muted-foreground">
        <Lock aria-hidden />
        Locked
      </Badge>
      <TrackLength track={track} />
    </div>
  );
}

function TrackText({ track }: { track: AudioFile }) {
  return (
    <span className="grid min-w-0 flex-1">
      <span className="truncate font-medium">{track.title ?? track.name}</span>
      <span className="truncate text-xs text-muted-foreground">{track.description ?? track.filename}</span>
    </span>
  );
}

function TrackLength({ track }: { track: AudioFile }) {
  if (track.durationSeconds === undefined) return null;
  return <span className="shrink-0 text-sm tabular-nums text-muted-foreground">{formatClock(track.durationSeconds)}</span>;
}
