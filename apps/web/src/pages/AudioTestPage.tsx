import { AUDIO_TEST_DEFAULT_VOLUME, type AudioFile, WAVE_TYPES } from "@focus/core/audio";
import { AUDIO_MESSAGES, noTracksMessage } from "@focus/core/audioPlayer";
import { useQuery } from "@tanstack/react-query";
import { Download, Pause, Play, RotateCcw, Volume2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Slider } from "@/components/ui/slider";
import { toast } from "@/components/ui/use-toast";
import { cn } from "@/lib/utils";
import { audioListKey, fetchMoodLibraryOrEmpty, formatClock, playElement, streamUrl } from "@/runtime/audio/audioApi";
import { pauseMoodAudio } from "@/runtime/audio/audioEngine";
import { type AudioElementControls, createAudioElement } from "@/features/audio/mediaElement";
import { useMediaProgress } from "@/features/audio/useMediaProgress";
import { WaveCanvas } from "@/features/audio/WaveCanvas";
import { WAVE_TYPE_ORDER, type WaveType } from "@/features/audio/wave";
import { BackToApp } from "@/app/shell/BackToApp";

/** What the element has so far, in words. */
function readiness(element: HTMLMediaElement, preloaded: boolean): string {
  if (element.readyState >= HTMLMediaElement.HAVE_ENOUGH_DATA) return "Ready to play";
  if (element.readyState >= HTMLMediaElement.HAVE_METADATA) return "Metadata loaded";
  return preloaded ? "Loading…" : "Not loaded yet";
}

/** The sample: the first Deep Work track of the library (null when it has none). */
function useSampleTrack() {
  return useQuery({
    queryKey: audioListKey("deep-work"),
    queryFn: ({ signal }) => fetchMoodLibraryOrEmpty("deep-work", signal),
    select: (list) => list.files[0] ?? null,
  });
}

/**
 * The sample's own audio element (looped, AUDIO_TEST_DEFAULT_VOLUME to start) and what the page
 * shows of it: playing, preloaded, position and length (s), the last playback error (a new
 * sample starts without it); play/pause (pausing the mood player) and preload. Unmounted, the
 * element stops and drops its source.
 */
function useSamplePlayer(track: AudioFile | null) {
  const [media] = useState(() => createAudioElement({ preload: "none", loop: true, volume: AUDIO_TEST_DEFAULT_VOLUME }));
  const { element } = media;
  const [playing, setPlaying] = useState(false);
  const [preloaded, setPreloaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A new sample starts without the last one's error.
  const [errorTrack, setErrorTrack] = useState(track);
  if (track !== errorTrack) {
    setErrorTrack(track);
    if (track) setError(null);
  }
  const [, setReadyTick] = useState(0);
  const { current, duration } = useMediaProgress(element);

  useEffect(() => {
    if (track) media.setSource(streamUrl(track.path));
  }, [media, track]);

  useEffect(() => {
    const onPlaying = () => setPlaying(true);
    const onPause = () => setPlaying(false);
    const onError = () => {
      if (!element.getAttribute("src")) return;
      setPlaying(false);
      setError(AUDIO_MESSAGES.playbackError);
    };
    const onProgress = () => setReadyTick((n) => n + 1);
    element.addEventListener("playing", onPlaying);
    element.addEventListener("pause", onPause);
    element.addEventListener("error", onError);
    for (const name of ["loadedmetadata", "canplaythrough", "progress", "emptied"]) element.addEventListener(name, onProgress);
    return () => {
      element.removeEventListener("playing", onPlaying);
      element.removeEventListener("pause", onPause);
      element.removeEventListener("error", onError);
      for (const name of ["loadedmetadata", "canplaythrough", "progress", "emptied"]) element.removeEventListener(name, onProgress);
      element.pause();
      element.removeAttribute("src");
    };
  }, [element]);

  const toggle = () => {
    if (!element.paused) {
      element.pause();
      return;
    }
    pauseMoodAudio();
    const resuming = element.currentTime > 0;
    setError(null);
    playElement(element, () =>
      toast({ title: resuming ? AUDIO_MESSAGES.resumeFailed : AUDIO_MESSAGES.playFailed, variant: "destructive" }),
    );
  };
  const preload = () => {
    media.preloadNow();
    setPreloaded(true);
  };
  return { media, element, playing, preloaded, error, current, duration, toggle, preload };
}

/**
 * /audio-test, the audio test page: a sample track (the first Deep Work track of the library),
 * play/pause, volume 0–100 (50 % to start), preload and reset-position controls, and the wave
 * visualisation with its four wave types.
 */
export function AudioTestPage() {
  const sample = useSampleTrack();
  const track = sample.data ?? null;
  const { media, element, playing, preloaded, error, current, duration, toggle, preload } = useSamplePlayer(track);

  const noTrack = !sample.isPending && !track;
  return (
    <main className="mx-auto grid w-full max-w-4xl gap-6 px-4 pt-4 pb-16 sm:px-6 sm:pt-6">
      <BackToApp />
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Audio Test</h1>
        <p className="text-muted-foreground">Check that audio plays in this browser, and see the brainwave bands the moods use.</p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Sample track</CardTitle>
          <CardDescription data-testid="sample-name">
            {sample.isPending ? "Finding a sample…" : track ? `${track.title ?? track.name} · Deep Work` : noTracksMessage("Deep Work")}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <div className="flex flex-wrap items-center gap-2">
            <Button onClick={toggle} disabled={!track} className="min-w-28">
              {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
              {playing ? "Pause" : "Play"}
            </Button>
            <Button variant="outline" onClick={preload} disabled={!track || preloaded || element.readyState >= HTMLMediaElement.HAVE_ENOUGH_DATA}>
              <Download aria-hidden />
              Preload
            </Button>
            <Button
              variant="outline"
              onClick={() => media.seek(0)}
              disabled={!track}
            >
              <RotateCcw aria-hidden />
              Reset position
            </Button>
          </div>
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
            <div className="rounded-lg bg-muted/60 p-3">
              <dt className="text-muted-foreground">Position</dt>
              <dd className="font-medium tabular-nums" data-testid="test-position">
                {formatClock(current)} / {formatClock(duration)}
              </dd>
            </div>
            <div className="rounded-lg bg-muted/60 p-3">
              <dt className="text-muted-foreground">Status</dt>
              <dd className="font-medium">{playing ? "Playing" : track ? readiness(element, preloaded) : "No sample"}</dd>
            </div>
            <div className="col-span-2 rounded-lg bg-muted/60 p-3 sm:col-span-1">
              <dt className="text-muted-foreground">Loop</dt>
              <dd className="font-medium">On</dd>
            </div>
          </dl>
          <VolumeControl media={media} />
          {error && <ErrorAlert>{error}</ErrorAlert>}
          {noTrack && <p className="text-sm text-muted-foreground">Add audio to the library&apos;s deep-work folder, or wait for the generated tracks.</p>}
        </CardContent>
      </Card>

      <WaveCard playing={playing} />
    </main>
  );
}

/** The sample's volume, 0–100 % (AUDIO_TEST_DEFAULT_VOLUME to start), set on the element as it moves. */
function VolumeControl({ media }: { media: AudioElementControls }) {
  const [volume, setVolume] = useState(Math.round(AUDIO_TEST_DEFAULT_VOLUME * 100));
  const volumeId = useId();
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={volumeId} className="flex shrink-0 items-center gap-2 text-sm font-medium">
        <Volume2 className="size-4 text-muted-foreground" aria-hidden />
        Volume
      </label>
      <Slider
        id={volumeId}
        min={0}
        max={100}
        step={1}
        value={volume}
        aria-valuetext={`${volume}%`}
        onChange={(event) => {
          const next = Number(event.target.value);
          setVolume(next);
          media.setVolume(next / 100);
        }}
        className="max-w-xs"
      />
      <output htmlFor={volumeId} className="w-10 text-right text-sm tabular-nums text-muted-foreground">
        {volume}%
      </output>
    </div>
  );
}

/** The wave visualisation card: the canvas (moving while the sample is `playing`) and the four wave types to pick from. */
function WaveCard({ playing }: { playing: boolean }) {
  const [wave, setWave] = useState<WaveType>("beta");
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Wave visualisation</CardTitle>
        <CardDescription>Moves while the sample plays; still otherwise, and when your system asks for less motion.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="rounded-lg border bg-muted/30 p-3">
          <WaveCanvas type={wave} playing={playing} />
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Wave type</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {WAVE_TYPE_ORDER.map((type) => {
              const info = WAVE_TYPES[type];
              return (
                <label
                  key={type}
                  className={cn(
                    "grid cursor-pointer gap-0.5 rounded-md border px-3 py-2.5 text-sm transition-colors hover:bg-accent/50",
                    "has-[:checked]:border-primary has-[:checked]:bg-accent has-[:checked]:text-accent-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                  )}
                >
                  <input type="radio" name="wave-type" value={type} checked={wave === type} onChange={() => setWave(type)} className="sr-only" />
                  <span className="font-medium capitalize">{type}</span>
                  <span className="text-xs text-muted-foreground">
                    {info.range} {info.label}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      </CardContent>
    </Card>
  );
}
