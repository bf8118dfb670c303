import { Brain, Pause, ShieldCheck, TrendingUp } from "lucide-react";
import { DEMO_WAVE, DemoWaveform } from "./DemoWaveform";

const RADIUS = 45;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;
/** The demo shows a session 40% of the way through: 15:00 of 25:00 left. */
const DEMO_PROGRESS = 0.4;

/**
 * The hero's feature demo card: a session in progress, Deep Work audio with its beta 16 Hz demo
 * waveform, and the Website Shield with '8 sites blocked'. A picture of the app, not the app:
 * nothing here is interactive.
 */
export function FeatureDemoCard() {
  return (
    <figure className="relative mx-auto w-full max-w-md">
      <div aria-hidden className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-br from-primary/25 via-accent/30 to-transparent blur-2xl" />
      <div className="grid gap-5 rounded-2xl border bg-card p-6 shadow-lg">
        <div className="flex items-center justify-between text-sm">
          <span className="rounded-full bg-accent px-3 py-1 font-medium text-accent-foreground">Focus session</span>
          <span className="text-muted-foreground">Session 3 of 4</span>
        </div>
        <div className="flex items-center gap-6">
          <svg viewBox="0 0 100 100" className="size-32 shrink-0 -rotate-90" aria-hidden>
            <circle cx="50" cy="50" r={RADIUS} fill="none" strokeWidth="6" className="stroke-muted" />
            <circle
              cx="50"
              cy="50"
              r={RADIUS}
              fill="none"
              strokeWidth="6"
              strokeLinecap="round"
              strokeDasharray={CIRCUMFERENCE}
              strokeDashoffset={CIRCUMFERENCE * (1 - DEMO_PROGRESS)}
              className="stroke-primary"
            />
          </svg>
          <div className="grid gap-1">
            <p className="text-4xl font-semibold tracking-tight tabular-nums">15:00</p>
            <p className="text-sm text-muted-foreground">left in this session</p>
            <span className="mt-1 inline-flex w-fit items-center gap-1.5 rounded-md border px-2.5 py-1 text-sm">
              <Pause className="size-3.5" aria-hidden /> Pause
            </span>
          </div>
        </div>
        <div className="grid gap-2 rounded-xl bg-muted/60 p-4">
          <div className="flex items-center justify-between gap-3 text-sm">
            <span className="flex items-center gap-2 font-medium">
              <Brain className="size-4 text-primary" aria-hidden />
              Deep Work audio
            </span>
            <span className="text-muted-foreground">
              Beta · {DEMO_WAVE.frequencyHz} Hz
            </span>
          </div>
          <DemoWaveform className="h-16 w-full" />
        </div>
        <div className="grid grid-cols-2 gap-3 text-sm">
          <p className="flex items-center gap-2 rounded-xl border p-3">
            <ShieldCheck className="size-4 shrink-0 text-primary" aria-hidden />
            <span>
              <span className="font-semibold">8 sites blocked</span>
            </span>
          </p>
          <p className="flex items-center gap-2 rounded-xl border p-3">
            <TrendingUp className="size-4 shrink-0 text-primary" aria-hidden />
            <span className="font-semibold">Up to 3x productivity increase</span>
          </p>
        </div>
      </div>
      <figcaption className="sr-only">
        A preview of a focus session: 15 minutes left, Deep Work audio playing, 8 sites blocked.
      </figcaption>
    </figure>
  );
}
