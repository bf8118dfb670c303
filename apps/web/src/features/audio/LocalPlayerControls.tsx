import { AUDIO_VOLUME_SLIDER } from "@focus/core/audio";
import { Volume2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Slider } from "@/components/ui/slider";
import { formatClock } from "@/runtime/audio/audioApi";
import { useMediaProgress } from "./useMediaProgress";

/** The local audio player's position and volume controls (/local-audio). */

/** Elapsed and total time (m:ss) around a position slider that also seeks. */
export function ProgressBar({ element, onSeek }: { element: HTMLAudioElement; onSeek: (seconds: number) => void }) {
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
export function LocalVolume({ volume, onChange }: { volume: number; onChange: (volume: number) => void }) {
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
