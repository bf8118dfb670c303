import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from "react";
import { PictureInPicture2, Pause, Play, RotateCcw } from "lucide-react";
import { TIMER_MODE_LABELS, type TimerMode } from "@focus/core/constants";
import { intentionOf, intentionSchema } from "@focus/core/schemas";
import { activeEndWarning } from "@focus/core/timer";
import { Button } from "@/components/ui/button";
import { takeStartOnArrival } from "@/lib/startOnArrival";
import { cn } from "@/lib/utils";
import { ModeSelector } from "./ModeSelector";
import { FreeLimitCard, PlanAllowance, useAtFreeLimit } from "./PlanAllowance";
import { ProgressRing } from "./ProgressRing";
import { TodayProgress } from "./TodayProgress";
import { LiveStatusBadge } from "./LiveStatusBadge";
import { useLiveStatus } from "@/runtime/liveChannel";
import { useMiniTimerLink } from "@/runtime/miniTimerLink";
import { useTimerControls, useTimerView } from "@/runtime/useTimer";
import { requestNotificationPermission } from "./notifications";
import { StrictSessionBar, StrictStartSwitch } from "./StrictFocus";
import { RoomRoundBar } from "./RoomRound";
import { FlowStartSwitch, FlowStatus, SessionActions } from "./Flowtime";
import { useCurrentSettings } from "@/runtime/currentSettings";
import { TimerActor } from "@/runtime/timerActor";
import { IntentionField } from "./IntentionField";
import { ReflectionCard } from "./ReflectionCard";
import { StreakNudge } from "./StreakNudge";

const MOTIVATION: Record<TimerMode, string> = {
  focus: "One task. Full attention. You've got this.",
  shortBreak: "Step away for a moment: stretch, breathe, drink some water.",
  longBreak: "Great work. Take a real break and let your mind wander.",
};

/**
 * What a screen reader hears: state changes and every fifth minute, never every second.
 */
function useAnnouncement(view: ReturnType<typeof useTimerView>): string {
  const { isRunning, mode, display, secondsLeft, countsUp } = view;
  const [message, setMessage] = useState("");
  // The view the message was last worked out for; a new one is compared with it during render.
  const [last, setLast] = useState({ isRunning, mode, display, secondsLeft });
  if (last.isRunning !== isRunning || last.mode !== mode || last.display !== display || last.secondsLeft !== secondsLeft) {
    setLast({ isRunning, mode, display, secondsLeft });
    const label = countsUp ? "Flowtime focus" : TIMER_MODE_LABELS[mode];
    // A Flowtime session counts up: its time is "so far", and it has no minutes left to announce.
    const time = countsUp ? `${display} so far` : `${display} left`;
    if (last.mode !== mode) setMessage(`${label}, ${time}`);
    else if (last.isRunning !== isRunning) setMessage(isRunning ? `${label} started, ${time}` : `${label} paused at ${display}`);
    else if (!countsUp && isRunning && secondsLeft > 0 && secondsLeft % 300 === 0) setMessage(`${secondsLeft / 60} minutes left`);
  }
  return message;
}

/**
 * Focus Arena, the timer tab. Behaviour lives in the core timer chart; this shows its view (with
 * the warning before the end in force: an amber ring and how long is left):
 * 'Start Focus' / 'Start Break' when a session waits, 'Resume' when one is paused; during a strict
 * focus session no modes, Pause or Reset, only End early, and during a room's round only Leave
 * room (`ArenaControls`). The app adds
 * what other features show with it: the task worked on under the timer (`workingOn`), the task
 * list (`tasks`) and the audio card (`audio`) beside it, and the title of the task picked
 * (`pickedTaskTitle`), which fills in the intention ("What will you do first?"). Under the timer:
 * the session's intention, and after a focus session the reflection card ("How did it go?").
 */
export function FocusArena({
  workingOn,
  tasks,
  audio,
  shield,
  pickedTaskTitle = null,
}: {
  workingOn?: ReactNode;
  tasks?: ReactNode;
  audio?: ReactNode;
  /** The Shield's state in this browser, beside Start (the app puts it in). */
  shield?: ReactNode;
  pickedTaskTitle?: string | null;
}) {
  const view = useTimerView();
  const { setMode } = useTimerControls();
  const announcement = useAnnouncement(view);
  const liveStatus = useLiveStatus();
  const settings = useCurrentSettings();
  const endWarning = activeEndWarning(view, settings.endWarning);
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <section aria-labelledby="focus-arena-title" className="space-y-6">
        <header className="space-y-1 text-center">
          <h1 id="focus-arena-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            Focus Arena
          </h1>
          <p className="text-muted-foreground">{MOTIVATION[view.mode]}</p>
          {liveStatus && <LiveStatusBadge status={liveStatus} />}
        </header>

        {!view.strict && !view.inRound && <ModeSelector mode={view.mode} onChange={setMode} />}

        {/* A Flowtime session counts up: its picture stays whole, a full ring or a full disc (`docs/product.md`, The timer). */}
        <ProgressRing progress={view.countsUp ? (settings.timerDisplay === "disc" ? 0 : 100) : view.progress} mode={view.mode} warning={endWarning !== null} display={settings.timerDisplay}>
          <span className="text-xs font-medium uppercase tracking-widest text-muted-foreground">
            {view.countsUp ? "Flowtime" : TIMER_MODE_LABELS[view.mode]}
          </span>
          <time
            className={cn("text-5xl font-semibold tabular-nums tracking-tight sm:text-6xl", view.isPaused && "text-muted-foreground")}
            data-testid="timer-display"
            aria-label={`${view.display} ${view.countsUp ? "so far" : "left"}`}
          >
            {view.display}
          </time>
          {endWarning !== null && (
            <span className="mt-1 text-xs font-medium text-amber-700 dark:text-amber-300" data-testid="end-warning">
              {endWarning === 1 ? "The last minute" : `The last ${endWarning} minutes`}
            </span>
          )}
          {view.isPaused ? (
            <span className="mt-1 inline-flex items-center gap-1 rounded-full bg-amber-500/15 px-2.5 py-0.5 text-xs font-medium text-amber-700 dark:text-amber-300">
              <Pause className="size-3" aria-hidden="true" />
              Paused
            </span>
          ) : (
            <span className="mt-1 text-xs text-muted-foreground">{view.isRunning ? "Running" : view.isStarting ? "Starting…" : "Ready"}</span>
          )}
        </ProgressRing>
        <p className="sr-only" aria-live="polite" role="status">
          {announcement}
        </p>
        <SessionIntention />
        {view.countsUp && <FlowStatus />}
        {workingOn}

        <ArenaControls view={view} pickedTaskTitle={pickedTaskTitle} />
        <StreakNudge />
        {shield}
        <PlanAllowance />
        <ReflectionCard />
      </section>

      <aside className="space-y-4" aria-label="Tasks and today">
        {tasks}
        <TodayProgress />
        {audio}
      </aside>
    </div>
  );
}

/**
 * One tap from the landing page's "Start Focusing Now" (`lib/startOnArrival.ts`): the note is
 * taken when the Arena opens, and the focus session starts then if one waits (`ready`). A
 * session already under way, or the day's limit, leaves the timer as it is.
 */
function useStartOnArrival(ready: boolean, start: () => void): void {
  const taken = useRef(false);
  const startNow = useEffectEvent(start);
  useEffect(() => {
    if (taken.current) return;
    taken.current = true;
    if (takeStartOnArrival() && ready) startNow();
  }, [ready]);
}

/**
 * The buttons under the timer: Start (with the Strict switch while a focus session waits),
 * Pause, Reset and the mini timer; during a strict focus session only End early (`StrictSessionBar`)
 * and the mini timer (`docs/product.md`, Strict focus); during a room's round only Leave room
 * (`RoomRoundBar`) and the mini timer (`docs/rooms.md`).
 */
function ArenaControls({ view, pickedTaskTitle }: { view: ReturnType<typeof useTimerView>; pickedTaskTitle: string | null }) {
  const controls = useTimerControls();
  const settings = useCurrentSettings();
  const startLabel = view.isPaused ? "Resume" : view.mode === "focus" ? "Start Focus" : "Start Break";
  // The Strict switch: as the setting says until the user flips it, for the next focus session only.
  const [strictChoice, setStrictChoice] = useState<boolean | null>(null);
  const strictNext = strictChoice ?? settings.strictFocus;
  // The Flowtime switch, the same way: as the "Focus style" setting says, for the next focus session only.
  const [flowChoice, setFlowChoice] = useState<boolean | null>(null);
  const flowNext = flowChoice ?? settings.focusStyle === "flowtime";
  const waitingFocus = view.mode === "focus" && !view.isRunning && !view.isPaused && !view.isStarting;
  // At the Free plan's daily limit a calm card stands in for Start (breaks still start).
  const atFreeLimit = useAtFreeLimit() && waitingFocus;
  // The intention: the picked task's title until the user types their own (null: not typed).
  const [typed, setTyped] = useState<string | null>(null);
  const intentionText = typed ?? pickedTaskTitle ?? "";
  const [intentionError, setIntentionError] = useState<string | null>(null);
  const start = () => {
    // A click is the user gesture browsers require to ask; desktop notifications default to on.
    requestNotificationPermission(settings);
    if (waitingFocus) {
      const checked = intentionSchema.safeParse(intentionText);
      if (!checked.success) {
        setIntentionError(checked.error.issues[0]?.message ?? "This intention cannot be used");
        return;
      }
      const intention = intentionOf(checked.data);
      controls.start({ strict: strictNext, flow: flowNext, ...(intention ? { intention } : {}) });
      setStrictChoice(null);
      setFlowChoice(null);
      setTyped(null);
      setIntentionError(null);
    } else {
      controls.start();
    }
  };
  useStartOnArrival(waitingFocus && !atFreeLimit, start);
  return (
    <>
      {waitingFocus && !atFreeLimit && (
        <IntentionField
          value={intentionText}
          error={intentionError}
          onChange={(value) => {
            setTyped(value);
            setIntentionError(null);
          }}
        />
      )}
      {view.strict && <StrictSessionBar endsAt={view.countsUp ? null : view.endsAt} onEndEarly={controls.endEarly} />}
      {view.inRound && <RoomRoundBar endsAt={view.endsAt} />}
      <SessionActions countsUp={view.countsUp} onTakeBreak={controls.takeBreak} onExtend={controls.extend} />
      <div className="flex flex-wrap items-center justify-center gap-3">
        {view.strict || view.inRound ? null : view.isRunning ? (
          // In a Flowtime session "Take a break" is the main action; Pause steps back.
          <Button size="lg" variant={view.countsUp ? "outline" : "default"} className="min-w-40" onClick={controls.pause}>
            <Pause className="mr-2 h-5 w-5" aria-hidden="true" />
            Pause
          </Button>
        ) : atFreeLimit ? (
          <FreeLimitCard />
        ) : (
          <Button size="lg" className="min-w-40" onClick={start} disabled={view.isStarting}>
            <Play className="mr-2 h-5 w-5" aria-hidden="true" />
            {startLabel}
          </Button>
        )}
        {!view.strict && !view.inRound && (
          <Button size="lg" variant="outline" onClick={controls.reset} aria-label="Reset timer">
            <RotateCcw className="h-5 w-5" aria-hidden="true" />
          </Button>
        )}
        <MiniTimerButton />
      </div>
      {waitingFocus && !atFreeLimit && (
        <div className="mx-auto grid w-fit justify-items-start gap-4 *:mx-0 sm:flex sm:items-start sm:gap-8">
          <StrictStartSwitch checked={strictNext} onChange={setStrictChoice} />
          <FlowStartSwitch checked={flowNext} onChange={setFlowChoice} />
        </div>
      )}
    </>
  );
}

/** Opens the mini timer; pressed while it is open and linked. */
function MiniTimerButton() {
  const miniTimer = useMiniTimerLink();
  return (
    <Button
      size="lg"
      variant="outline"
      onClick={miniTimer.open}
      aria-label={miniTimer.isLinked ? "Mini timer open" : "Open mini timer"}
      aria-pressed={miniTimer.isLinked}
    >
      <PictureInPicture2 className="h-5 w-5" aria-hidden="true" />
    </Button>
  );
}

/** The focus session's intention under the timer ("First: …"), while it is under way. */
function SessionIntention() {
  const intention = TimerActor.useSelector((s) => (s.context.mode === "focus" && s.context.sessionStartTime !== null ? s.context.intention : null));
  if (!intention) return null;
  return (
    <p className="mx-auto max-w-md text-center text-sm wrap-anywhere" data-testid="session-intention">
      <span className="text-muted-foreground">First: </span>
      <span className="font-medium">{intention}</span>
    </p>
  );
}
