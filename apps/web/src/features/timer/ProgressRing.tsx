import type { TimerDisplay } from "@focus/core/constants";
import { discPath } from "@focus/core/timer";
import { cn } from "@/lib/utils";

/** Circumference of the ring's circle (radius 45 in a 100×100 view box). */
const RADIUS = 45;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * The time left as a picture, behind the Focus Arena's digits (`docs/product.md`, The timer: a
 * visual timer): with `display` "ring" a ring that fills as the session runs; with "disc" a disc
 * that shrinks (core's `discPath`, the same geometry as the tab's icon), redrawn each second with
 * no animation, so reduced motion changes nothing. `progress` is percent elapsed; `warning` turns
 * either amber (the warning before the end is in force). Decorative for assistive technology:
 * the time is announced by the arena itself.
 */
export function ProgressRing({
  progress,
  mode,
  warning = false,
  display = "ring",
  children,
}: {
  progress: number;
  mode: string;
  warning?: boolean;
  display?: TimerDisplay;
  children: React.ReactNode;
}) {
  const elapsed = Math.min(Math.max(progress, 0), 100) / 100;
  // Amber in the warning before the end (`docs/product.md`, The timer).
  const tone = warning ? "amber" : mode === "focus" ? "primary" : "emerald";
  const stroke = { amber: "stroke-amber-500", primary: "stroke-primary", emerald: "stroke-emerald-500" }[tone];
  const fill = { amber: "fill-amber-500/80", primary: "fill-primary/75", emerald: "fill-emerald-500/75" }[tone];
  return (
    <div className="relative mx-auto aspect-square w-full max-w-[18rem] sm:max-w-[20rem]">
      {display === "disc" ? (
        <svg viewBox="0 0 100 100" className="h-full w-full" aria-hidden="true">
          <circle cx="50" cy="50" r={RADIUS} strokeWidth="1.5" className={cn("fill-muted/60", stroke)} strokeOpacity="0.45" />
          <path d={discPath(1 - elapsed, 50, 50, RADIUS)} className={fill} data-testid="progress-disc" data-warning={warning ? "" : undefined} />
        </svg>
      ) : (
        <svg viewBox="0 0 100 100" className="h-full w-full -rotate-90" aria-hidden="true">
          <circle cx="50" cy="50" r={RADIUS} fill="none" strokeWidth="4" className="stroke-muted" />
          <circle
            cx="50"
            cy="50"
            r={RADIUS}
            fill="none"
            strokeWidth="4"
            strokeLinecap="round"
            strokeDasharray={CIRCUMFERENCE}
            strokeDashoffset={CIRCUMFERENCE * (1 - elapsed)}
            className={`${stroke} motion-safe:transition-[stroke-dashoffset] motion-safe:duration-1000 motion-safe:ease-linear`}
            data-testid="progress-ring"
            data-warning={warning ? "" : undefined}
          />
        </svg>
      )}
      <div className="absolute inset-0 flex flex-col items-center justify-center">
        {display === "disc" ? (
          // The digits sit on a card over the disc, readable whatever colour is under them.
          <div className="flex flex-col items-center rounded-2xl bg-background/90 px-5 py-2 shadow-sm ring-1 ring-border">{children}</div>
        ) : (
          children
        )}
      </div>
    </div>
  );
}
