import { breakEarnedSoFarMs, extensionOffer, flowCueDue, flowFocusedMs, takeBreakAllowed } from "@focus/core/timer";
import { Coffee } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useCurrentSettings } from "@/runtime/currentSettings";
import { TimerActor } from "@/runtime/timerActor";
import { SessionSwitch } from "./SessionSwitch";

/**
 * The Focus Arena's per-session Flowtime switch beside Start (`docs/product.md`, The timer): it
 * starts as the "Focus style" setting says and applies to the next focus session only.
 */
export function FlowStartSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return <SessionSwitch id="flow-start" label="Flowtime" hint="Count up, and take a break when you're ready." checked={checked} onChange={onChange} />;
}

/** Whole minutes of a length in ms, for what the Arena says. */
function minutesOf(ms: number): number {
  return Math.round(ms / 60_000);
}

/**
 * What a Flowtime session shows under its time: the break earned so far ("Break earned: 6 min")
 * and, past the long-stretch cue, a calm suggestion to rest (nothing stops the session).
 */
export function FlowStatus() {
  const settings = useCurrentSettings();
  const earnedMs = TimerActor.useSelector((s) => breakEarnedSoFarMs(s.context));
  const cue = TimerActor.useSelector((s) => flowCueDue(flowFocusedMs(s.context), settings));
  if (earnedMs === null) return null;
  return (
    <div className="grid justify-items-center gap-2 text-center" data-testid="flow-status">
      <p className="text-sm font-medium">Break earned: {minutesOf(earnedMs)} min</p>
      {cue && (
        <p role="status" className="max-w-sm rounded-md bg-amber-500/10 px-3 py-2 text-sm text-amber-800 dark:text-amber-200" data-testid="flow-cue">
          That's been a long stretch. A break now could help you come back fresh.
        </p>
      )}
    </div>
  );
}

/**
 * The row above the timer's buttons when the session offers more: "Take a break" in a Flowtime
 * session (a strict one only after its focus length: until then it says when), and "+5 min" in a
 * Pomodoro focus session's last 2 minutes (`extensionOffer`; the + key does the same). Nothing
 * when neither is offered.
 */
export function SessionActions({ countsUp, onTakeBreak, onExtend }: { countsUp: boolean; onTakeBreak: () => void; onExtend: () => void }) {
  const takeBreak = TimerActor.useSelector((s) => takeBreakAllowed(s.context));
  const extend = TimerActor.useSelector((s) => extensionOffer(s.context) === "running");
  const focusMinutes = TimerActor.useSelector((s) => s.context.settings.focusDuration);
  if (countsUp && !takeBreak) {
    return <p className="text-center text-sm text-muted-foreground">Take a break opens after {focusMinutes} minutes of this strict session.</p>;
  }
  if (!(countsUp && takeBreak) && !extend) return null;
  return (
    <div className="flex flex-wrap items-center justify-center gap-3">
      {countsUp && takeBreak && (
        <Button size="lg" className="min-w-48" onClick={onTakeBreak}>
          <Coffee className="mr-2 h-5 w-5" aria-hidden="true" />
          Take a break
        </Button>
      )}
      {extend && (
        <Button size="lg" variant="secondary" className="min-w-40" onClick={onExtend} aria-keyshortcuts="+" aria-label="+5 min: five more minutes">
          +5 min
        </Button>
      )}
    </div>
  );
}
