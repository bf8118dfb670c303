import { AUDIO_MOODS, audioMoodById, type AudioFile, type AudioMoodId } from "@focus/core/audio";
import { audioListenerOf, listenerMayPlay, moodLockedFor, type AudioListener } from "@focus/core/subscription";
import { Lock, Pause, Play, RefreshCw, Shuffle } from "lucide-react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { cn } from "@/lib/utils";
import { LocalMoodTracks } from "@/features/audio/LocalMoodTracks";
import { LocalVolume, ProgressBar } from "@/features/audio/LocalPlayerControls";
import { LockedTracksNote } from "@/features/audio/LockedTracksNote";
import { useLocalPlayer, type LocalPlayer } from "@/features/audio/useLocalPlayer";
import { BackToApp } from "@/app/shell/BackToApp";
import { useOptionalUser } from "@/runtime/currentUser";
import { useServerNow } from "@/runtime/serverClock";

/**
 * /local-audio, the local audio player: the audio library's files by mood, play/pause,
 * 'Random Track', refresh, progress with m:ss, volume, and the next random track when one ends.
 * Every track is listed; those the listener may not play (core's `listenerMayPlay`: guests and
 * visitors, who may open this page too, and the Free plan) show as locked, with why and how to
 * unlock them, and nothing ever picks them (`docs/product.md`, Audio).
 */
export function LocalAudioPage() {
  // Minute by minute: a trial that ends while the page is open locks what the Free plan lacks.
  const listener = audioListenerOf(useOptionalUser(), useServerNow(60_000));
  const player = useLocalPlayer(listener);

  return (
    <main className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-6 px-4 pt-4 pb-16 sm:px-6 sm:pt-6">
      <BackToApp />
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Local Audio Player</h1>
        <p className="max-w-2xl text-muted-foreground">
          Everything in the audio library: the generated tracks, and any music files you add to a mood&apos;s folder.
        </p>
      </div>
      <PlayerCard player={player} listener={listener} />
      <MoodTabs player={player} listener={listener} />
    </main>
  );
}

/** The tracks of the open mood the listener may play. */
function playableOfOpenMood(player: LocalPlayer, listener: AudioListener): AudioFile[] {
  const tracks = player.libraries[AUDIO_MOODS.findIndex((m) => m.id === player.context.mood)] ?? [];
  return tracks.filter((track) => listenerMayPlay(listener, track.path));
}

/** Play/Pause, what plays, Random Track, refresh, progress, volume and the last error. */
function PlayerCard({ player, listener }: { player: LocalPlayer; listener: AudioListener }) {
  const { actor, status, context } = player;
  const current = context.track;
  const currentMood = audioMoodById(context.mood);
  const playing = status === "playing";
  const playable = playableOfOpenMood(player, listener);
  return (
    <Card>
      {/* One column that may shrink below its content's width: nothing spills out on a phone. */}
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-5 pt-6">
        <div className="flex flex-wrap items-center gap-4">
          <Button
            size="icon"
            className="size-14 shrink-0 rounded-full [&_svg]:size-6"
            aria-label={playing ? "Pause" : "Play"}
            disabled={!current && playable.length === 0}
            onClick={() => actor.send({ type: "TOGGLE" })}
          >
            {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
          </Button>
          <div className="min-w-0 flex-1 basis-40" aria-live="polite">
            <p className="truncate font-medium" data-testid="local-now-playing">
              {current ? (current.title ?? current.name) : "Nothing playing"}
            </p>
            <p className="truncate text-sm text-muted-foreground">
              {current && currentMood
                ? `${currentMood.emoji} ${currentMood.name} · ${playing ? "Playing" : "Paused"}`
                : "Play starts a random track of the open mood"}
            </p>
          </div>
          <div className="flex w-full gap-2 sm:w-auto">
            <Button variant="outline" className="flex-1 sm:flex-none" onClick={() => actor.send({ type: "RANDOM" })} disabled={playable.length === 0}>
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
  );
}

/** A tab per mood (a mood with nothing the listener may play is locked), the note on locked tracks, and the open mood's tracks. */
function MoodTabs({ player, listener }: { player: LocalPlayer; listener: AudioListener }) {
  const { actor, status, context, libraries } = player;
  return (
    <Tabs value={context.mood} onValueChange={(value) => actor.send({ type: "SELECT_MOOD", mood: value as AudioMoodId })} className="grid gap-4">
      <div className="grid gap-2">
        <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:grid-cols-4">
          {AUDIO_MOODS.map((mood, i) => {
            const locked = moodLockedFor(listener, mood.id);
            const count = libraries[i]?.length;
            return (
              <TabsTrigger key={mood.id} value={mood.id} disabled={locked} className="h-10">
                <span aria-hidden>{mood.emoji}</span>
                {mood.name}
                {locked ? (
                  <Lock className="size-3.5" aria-label="Locked" data-testid="mood-lock" />
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
        <LockedTracksNote listener={listener} />
      </div>
      {AUDIO_MOODS.map((mood, i) => (
        <TabsContent key={mood.id} value={mood.id} className="rounded-xl">
          <LocalMoodTracks
            mood={mood}
            tracks={libraries[i]}
            pending={player.pending[i]}
            listener={listener}
            current={context.track}
            playing={status === "playing"}
            onPick={(track) => actor.send(context.track?.path === track.path ? { type: "TOGGLE" } : { type: "PLAY_TRACK", track })}
          />
        </TabsContent>
      ))}
    </Tabs>
  );
}
