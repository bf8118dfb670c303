/** Circumference of the ring's circle (radius 45 in a 100×100 view box). */
const RADIUS = 45;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * The circular progress ring of the Focus Arena. `progress` is percent elapsed; `warning` turns
 * it amber (the warning before the end is in force). Decorative for
 * assistive technology: the time is announced by the arena itself.
 */
export function ProgressRing({ progress, mode, warning = false, children }: { progress: number; mode: string; warning?: boolean; children: React.ReactNode }) {
  const offset = CIRCUMFERENCE * (1 - Math.min(Math.max(progress, 0), 100) / 100);
  // Amber in the warning before the end (`docs/product.md`, The timer).
  const stroke = warning ? "stroke-amber-500" : mode === "focus" ? "stroke-primary" : "stroke-emerald-500";
  return (
    <div className="relative mx-auto aspect-square w-full max-w-[18rem] sm:max-w-[20rem]">
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
          strokeDashoffset={offset}
          className={`${stroke} motion-safe:transition-[stroke-dashoffset] motion-safe:duration-1000 motion-safe:ease-linear`}
          data-testid="progress-ring"
          data-warning={warning ? "" : undefined}
        />
      </svg>
      <div className="absolute inset-0 flex flex-col items-center justify-center">{children}</div>
    </div>
  );
}
