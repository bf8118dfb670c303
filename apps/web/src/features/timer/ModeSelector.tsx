import { TIMER_MODES, TIMER_MODE_LABELS, type TimerMode } from "@focus/core/constants";
import { cn } from "@/lib/utils";

/** Focus / Short Break / Long Break. Choosing a mode resets and stops the timer. */
export function ModeSelector({ mode, onChange }: { mode: TimerMode; onChange: (mode: TimerMode) => void }) {
  return (
    <div role="group" aria-label="Timer mode" className="mx-auto flex w-full max-w-md rounded-full bg-muted p-1">
      {TIMER_MODES.map((m) => (
        <button
          key={m}
          type="button"
          aria-pressed={m === mode}
          onClick={() => onChange(m)}
          className={cn(
            "min-h-9 flex-1 rounded-full px-3 py-2 text-sm font-medium transition-colors pointer-coarse:min-h-11 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
            m === mode ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
          )}
        >
          {TIMER_MODE_LABELS[m]}
        </button>
      ))}
    </div>
  );
}
