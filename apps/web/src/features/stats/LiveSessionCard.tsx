import { formatTime } from "@focus/core/format";
import { useLiveStats } from "./useLiveStats";

/** The running focus session, live. Hidden when no focus session runs. */
export function LiveSessionCard() {
  const live = useLiveStats();
  if (!live.timerRunning || live.currentSessionTotal === 0) return null;
  const percent = Math.min(100, (live.currentSessionElapsed / live.currentSessionTotal) * 100);
  return (
    <section aria-label="Current focus session" className="rounded-xl border bg-card p-4">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium">Focus session in progress</span>
        <span className="tabular-nums text-muted-foreground">
          {formatTime(live.currentSessionElapsed)} of {formatTime(live.currentSessionTotal)}
        </span>
      </div>
      <div className="mt-2 h-2 overflow-hidden rounded-full bg-muted" role="progressbar" aria-label="Current session progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(percent)}>
        <div className="h-full bg-primary" style={{ width: `${percent}%` }} />
      </div>
    </section>
  );
}
