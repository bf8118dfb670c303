import { type AudioFile, type AudioMood, type AudioPendingTrack } from "@focus/core/audio";
import { noTracksMessage, preparingTracksMessage } from "@focus/core/audioPlayer";
import { listenerMayPlay, type AudioListener } from "@focus/core/subscription";
import { LoaderCircle, Lock, Music } from "lucide-react";
import { useId } from "react";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import { formatClock } from "@/runtime/audio/audioApi";
import { useAudioPlayer } from "@/runtime/audio/audioEngineContext";
import { useMoodLibrary } from "./useMoodLibrary";

/**
 * The tracks of a mood on /music: each with its length, the one playing marked, those the
 * listener may not play with a lock and "Locked". While the server still renders tracks of the
 * mood it says "Preparing more {mood} tracks" (instead of an empty mood) and shows each new
 * track as it is ready; an empty mood with nothing to come says "No tracks available for {mood}"
 * (`docs/product.md`, Audio).
 */
export function MoodTrackList({ mood }: { mood: AudioMood }) {
  const headingId = useId();
  const { isGuest, freePlan, mood: active, track, status } = useAudioPlayer();
  const library = useMoodLibrary(mood.id);
  const listener: AudioListener = isGuest ? "guest" : freePlan ? "free" : "premium";
  const files = library.data?.files;
  const pending = library.data?.pending ?? [];
  const playing = active === mood.id && (status === "playing" || status === "paused") ? track?.path : undefined;
  return (
    <section className="grid gap-2" aria-labelledby={headingId}>
      <h3 id={headingId} className="flex items-baseline justify-between gap-2 text-sm font-semibold">
        Tracks
        {files && (
          <span className="text-xs font-normal text-muted-foreground" data-testid={`track-count-${mood.id}`}>
            {files.length} {files.length === 1 ? "track" : "tracks"}
            {pending.length > 0 && ` · ${pending.length} on the way`}
          </span>
        )}
      </h3>
      {!files ? (
        <Spinner className="size-5" label={`Loading ${mood.name} tracks`} />
      ) : (
        <>
          {files.length > 0 && (
            <ul aria-labelledby={headingId} className="grid gap-0.5">
              {files.map((file) => (
                <TrackRow key={file.path} file={file} locked={!listenerMayPlay(listener, file.path)} current={file.path === playing} />
              ))}
            </ul>
          )}
          {pending.length > 0 ? (
            <PreparingNote mood={mood} pending={pending} empty={files.length === 0} />
          ) : (
            files.length === 0 && <p className="text-sm text-muted-foreground">{noTracksMessage(mood.name)}</p>
          )}
        </>
      )}
    </section>
  );
}

function TrackRow({ file, locked, current }: { file: AudioFile; locked: boolean; current: boolean }) {
  const Icon = locked ? Lock : Music;
  return (
    <li
      aria-current={current ? "true" : undefined}
      className={cn("flex items-center gap-2 rounded-md px-2 py-1.5 text-sm", current && "bg-[var(--mood)]/10 font-medium", locked && "text-muted-foreground")}
    >
      <Icon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
      <span className="min-w-0 flex-1 truncate">{file.title ?? file.name}</span>
      {locked && <span className="shrink-0 text-xs">Locked</span>}
      {current && <span className="sr-only">(playing)</span>}
      {file.durationSeconds !== undefined && <span className="shrink-0 text-xs tabular-nums text-muted-foreground">{formatClock(file.durationSeconds)}</span>}
    </li>
  );
}

/** "Preparing more Creative tracks" with what is still to come; a live region, so it is read out as it changes. */
function PreparingNote({ mood, pending, empty }: { mood: AudioMood; pending: AudioPendingTrack[]; empty: boolean }) {
  return (
    <div role="status" className="flex items-start gap-2 rounded-md border border-dashed px-3 py-2 text-sm">
      <LoaderCircle className="mt-0.5 size-4 shrink-0 animate-spin text-muted-foreground" aria-hidden />
      <div className="grid gap-0.5">
        <p className="font-medium">{preparingTracksMessage(mood.name)}</p>
        <p className="text-muted-foreground">
          {empty ? "The first one is on its way; it appears here as soon as it is ready." : `${pending.length} more on the way; each appears here when it is ready.`}
        </p>
      </div>
    </div>
  );
}
