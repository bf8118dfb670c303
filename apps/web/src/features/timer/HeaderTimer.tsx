import { TIMER_MODE_LABELS } from "@focus/core/constants";
import { Pause, Timer } from "lucide-react";
import { Link, useLocation } from "react-router-dom";
import { cn } from "@/lib/utils";
import { useTimerView } from "@/runtime/useTimer";

/**
 * The running (or paused) session in the header of every page but /app, so the user on
 * /music or /settings still sees the time left; it links back to the Focus Arena. Nothing
 * shows while no session has started.
 */
export function HeaderTimer() {
  const { pathname } = useLocation();
  const view = useTimerView();
  if (pathname === "/app" || !(view.isRunning || view.isPaused || view.isStarting)) return null;
  const mode = TIMER_MODE_LABELS[view.mode];
  // A Flowtime session counts up: its time is the focus so far (`docs/product.md`, The timer).
  const state = view.isPaused ? "paused" : view.isStarting ? "starting" : view.countsUp ? "so far" : "left";
  return (
    <Link
      to="/app"
      data-testid="header-timer"
      aria-label={`${mode}: ${view.display} ${state}. Open the Focus Arena`}
      className={cn(
        "inline-flex shrink-0 items-center gap-1.5 rounded-full border px-2.5 py-1 text-sm font-medium tabular-nums transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        view.isPaused ? "border-amber-500/50 text-muted-foreground" : "border-primary/40 bg-primary/10",
      )}
    >
      {view.isPaused ? <Pause className="size-3.5" aria-hidden /> : <Timer className="size-3.5 text-primary" aria-hidden />}
      <span>{view.countsUp ? `+${view.display}` : view.display}</span>
      <span className="hidden text-xs text-muted-foreground sm:inline">{mode}</span>
    </Link>
  );
}
