import {
  AUDIO_MOODS,
  AUDIO_MESSAGES,
  AUDIO_VOLUME_SLIDER,
  audioMoodById,
  isMoodLocked,
  type AudioMood,
  type AudioMoodId,
  type AudioFile,
} from "@focus/core";
import { Lock, Music, Pause, Play, RefreshCw, Shuffle, Volume2 } from "lucide-react";
import { useEffect, useId, useState, type CSSProperties } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Slider } from "@/components/ui/slider";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { cn } from "@/lib/utils";
import { formatClock } from "@/features/audio/audioApi";
import { useLocalPlayer } from "@/features/audio/useLocalPlayer";
import { useMediaProgress } from "@/features/audio/useMediaProgress";
import { BackToApp } from "@/app/shell/BackToApp";
import { useOptionalUser } from "@/runtime/currentUser";

/**
 * /local-audio, the local audio player: the audio library's files by mood, play/pause,
 * 'Random Track', refresh, progress with m:ss, volume, and the next random track when one ends.
 * Guests (and visitors, who may open it too) get Deep Work only, as everywhere.
 */
export function LocalAudioPage() {
  const user = useOptionalUser();
  const isGuest = !user || user.isGuest;
  const player = useLocalPlayer();
  const { actor, status, context, libraries } = player;
  const current = context.track;
  const currentMood = audioMoodById(context.mood);
  const playing = status === "playing";
  const openTracks = libraries[indexOf(context.mood)] ?? [];

  return (
    <main className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-6 px-4 pt-4 pb-16 sm:px-6 sm:pt-6">
      <BackToApp />
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Local Audio Player</h1>
        <p className="max-w-2xl text-muted-foreground">
          Everything in the audio library: the generated tracks, and any music files you add to a mood&apos;s folder.
        </p>
      </div>

      <Card>
        {/* One column that may shrink below its content's width: nothing spills out on a phone. */}
        <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-5 pt-6">
          <div className="flex flex-wrap items-center gap-4">
            <Button
              size="icon"
              className="size-14 shrink-0 rounded-full [&_svg]:size-6"
              aria-label={playing ? "Pause" : "Play"}
              disabled={!current && openTracks.length === 0}
              onClick={() => actor.send({ type: "TOGGLE" })}
            >
              {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
            </Button>
            <div className="min-w-0 flex-1 basis-40" aria-live="polite">
              <p className="truncate font-medium" data-testid="local-now-playing">
                {current ? current.title ?? current.name : "Nothing playing"}
              </p>
              <p className="truncate text-sm text-muted-foreground">
                {current && currentMood
                  ? `${currentMood.emoji} ${currentMood.name} · ${playing ? "Playing" : "Paused"}`
                  : "Play starts a random track of the open mood"}
              </p>
            </div>
            <div className="flex w-full gap-2 sm:w-auto">
              <Button
                variant="outline"
                className="flex-1 sm:flex-none"
                onClick={() => actor.send({ type: "RANDOM" })}
                disabled={openTracks.length === 0}
              >
                <Shuffle aria-hidden />
                Random Track
              </Button>
              <Button
                variant="outline"
                size="icon"
                aria-label="Refresh track lists"
                title="Refresh track lists"
                onClick={player.refresh}
                disabled={player.isRefreshing}
              >
                <RefreshCw className={cn(player.isRefreshing && "animate-spin")} aria-hidden />
              </Button>
            </div>
          </div>
          <ProgressBar element={player.element} onSeek={player.seek} />
          <LocalVolume volume={context.volume} onChange={(volume) => actor.send({ type: "SET_VOLUME", volume })} />
          {context.error && <ErrorAlert>{context.error}</ErrorAlert>}
        </CardContent>
      </Card>

      <Tabs
        value={context.mood}
        onValueChange={(value) => actor.send({ type: "SELECT_MOOD", mood: value as AudioMoodId })}
        className="grid gap-4"
      >
        <div className="grid gap-2">
          <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:grid-cols-4">
            {AUDIO_MOODS.map((mood, i) => {
              const locked = isMoodLocked(isGuest, mood.id);
              const count = libraries[i]?.length;
              return (
                <TabsTrigger key={mood.id} value={mood.id} disabled={locked} className="h-10">
                  <span aria-hidden>{mood.emoji}</span>
                  {mood.name}
                  {locked ? (
                    <Lock className="size-3.5" aria-hidden data-testid="mood-lock" />
                  ) : (
                    count !== undefined && (
                      <span className="rounded-full bg-muted px-1.5 text-xs tabular-nums text-muted-foreground" aria-hidden>
                        {count}
                      </span>
                    )
                  )}
                </TabsTrigger>
              );
            })}
          </TabsList>
          {isGuest && (
            <p className="flex items-start gap-2 rounded-md border bg-muted/50 px-3 py-2 text-sm text-muted-foreground">
              <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
              {AUDIO_MESSAGES.guestNote}
            </p>
          )}
        </div>
        {AUDIO_MOODS.map((mood, i) => (
          <TabsContent key={mood.id} value={mood.id} className="rounded-xl">
            <MoodTracks
              mood={mood}
              tracks={libraries[i]}
              current={current}
              playing={playing}
              onPick={(track) =>
                actor.send(current?.path === track.path ? { type: "TOGGLE" } : { type: "PLAY_TRACK", track })
              }
            />
          </TabsContent>
        ))}
      </Tabs>
    </main>
  );
}

const indexOf = (mood: AudioMoodId) => AUDIO_MOODS.findIndex((m) => m.id === mood);

/** One mood: its header with the count, and its tracks; the current one is marked. */
function MoodTracks({
  mood,
  tracks,
  current,
  playing,
  onPick,
}: {
  mood: AudioMood;
  tracks: AudioFile[] | undefined;
  current: AudioFile | null;
  playing: boolean;
  onPick: (track: AudioFile) => void;
}) {
  const headingId = useId();
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
            <span className="text-sm text-muted-foreground" data-testid={`count-${mood.id}`}>
              {tracks === undefined ? "Loading…" : `${tracks.length} ${tracks.length === 1 ? "track" : "tracks"}`}
            </span>
          </div>
          <p className="text-sm text-muted-foreground">{mood.description}</p>
        </div>
      </div>
      {tracks === undefined ? (
        <div className="grid place-items-center p-8">
          <Spinner label={`Loading ${mood.name} tracks`} />
        </div>
      ) : tracks.length === 0 ? (
        <p className="p-8 text-center text-muted-foreground">{AUDIO_MESSAGES.emptyMood}</p>
      ) : (
        <ul aria-labelledby={headingId} className="divide-y">
          {tracks.map((track) => {
            const isCurrent = current?.path === track.path;
            return (
              <li key={track.path}>
                <button
                  type="button"
                  onClick={() => onPick(track)}
                  aria-current={isCurrent ? "true" : undefined}
                  className={cn(
                    "flex w-full items-center gap-3 px-5 py-3 text-left transition-colors hover:bg-muted/60 focus-visible:bg-muted/60 focus-visible:outline-none",
                    isCurrent && "bg-[var(--mood)]/10",
                  )}
                >
                  <span className="grid size-8 shrink-0 place-items-center rounded-full bg-muted text-muted-foreground" aria-hidden>
                    {isCurrent && playing ? <Pause className="size-4" /> : isCurrent ? <Play className="size-4" /> : <Music className="size-4" />}
                  </span>
                  <span className="grid min-w-0 flex-1">
                    <span className="truncate font-medium">{track.title ?? track.name}</span>
                    <span className="truncate text-xs text-muted-foreground">
                      {track.description ?? track.filename}
                    </span>
                  </span>
                  {isCurrent && <Badge variant={playing ? "default" : "secondary"}>{playing ? "Playing" : "Paused"}</Badge>}
                  {track.durationSeconds !== undefined && (
                    <span className="shrink-0 text-sm tabular-nums text-muted-foreground">{formatClock(track.durationSeconds)}</span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

/** Elapsed and total time (m:ss) around a position slider that also seeks. */
function ProgressBar({ element, onSeek }: { element: HTMLAudioElement; onSeek: (seconds: number) => void }) {
  const { current, duration } = useMediaProgress(element);
  // Where the user moved the slider, shown until the player has moved there (or to another
  // track): the position reported until then is the old one, and a slider set back to it would
  // seek back on its next input event.
  const [pending, setPending] = useState<number | null>(null);
  useEffect(() => {
    const settle = () => setPending(null);
    const events = ["seeked", "emptied"] as const;
    for (const name of events) element.addEventListener(name, settle);
    return () => {
      for (const name of events) element.removeEventListener(name, settle);
    };
  }, [element]);
  const shown = pending ?? current;
  const id = useId();
  return (
    <div className="grid grid-cols-[3rem_minmax(0,1fr)_3rem] items-center gap-3 text-sm tabular-nums text-muted-foreground">
      <span data-testid="elapsed">{formatClock(shown)}</span>
      <Slider
        id={id}
        aria-label="Position"
        min={0}
        max={Math.max(duration, 0.001)}
        step={0.1}
        value={Math.min(shown, duration)}
        disabled={duration === 0}
        aria-valuetext={`${formatClock(shown)} of ${formatClock(duration)}`}
        onChange={(event) => {
          const seconds = Number(event.target.value);
          setPending(seconds);
          onSeek(seconds);
        }}
      />
      <span className="text-right" data-testid="total">
        {formatClock(duration)}
      </span>
    </div>
  );
}

/** Volume 0–100 %, step 1, 70 % to start (`docs/product.md`, Audio). */
function LocalVolume({ volume, onChange }: { volume: number; onChange: (volume: number) => void }) {
  const id = useId();
  const percent = Math.round(volume * 100);
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={id} className="flex shrink-0 items-center gap-2 text-sm font-medium">
        <Volume2 className="size-4 text-muted-foreground" aria-hidden />
        Volume
      </label>
      <Slider
        id={id}
        min={AUDIO_VOLUME_SLIDER.min}
        max={AUDIO_VOLUME_SLIDER.max}
        step={AUDIO_VOLUME_SLIDER.step}
        value={percent}
        aria-valuetext={`${percent}%`}
        onChange={(event) => onChange(Number(event.target.value) / 100)}
        className="max-w-xs"
      />
      <output htmlFor={id} className="w-10 text-right text-sm tabular-nums text-muted-foreground">
        {percent}%
      </output>
    </div>
  );
}
