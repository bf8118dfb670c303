import { cn } from "@/lib/utils";

/** Props of ProgressBar: `value` of `max`, and the accessible name. */
export type ProgressBarProps = { value: number; max: number; label: string; valueText?: string; className?: string };

/** A calm horizontal progress bar with role="progressbar". */
export function ProgressBar({ value, max, label, valueText, className }: ProgressBarProps) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className={cn("h-2 w-full overflow-hidden rounded-full bg-muted", className)}
    >
      <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${percent}%` }} />
    </div>
  );
}
