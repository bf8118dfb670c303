import { useEffect, useState } from "react";
import { Pause, Play, RotateCcw } from "lucide-react";
import { TIMER_MODE_LABELS, type EndWarning, type TimerDisplay } from "@focus/core/constants";
import { toMiniTimerMessageSchema, type FromMiniTimerMessage, type MiniTimerAudioState, type SharedTimerState, type ToMiniTimerMessage } from "@focus/core/protocol";
import { activeEndWarning, discPath, sharedTimerView } from "@focus/core/timer";
import { cn } from "@/lib/utils";
import { Button } from "@/components/ui/button";
import { serverNow } from "@/runtime/serverClock";
import { MiniAudioControls } from "@/features/miniTimer/MiniAudioControls";

/** The main window that opened this popup, while it is open. */
function mainWindow(): Window | null {
  const main = window.opener as Window | null;
  return main && !main.closed ? main : null;
}

/** Sends a message to the main window; false when it is gone. */
function tell(message: FromMiniTimerMessage): boolean {
  const main = mainWindow();
  if (!main) return false;
  main.postMessage(message, window.location.origin);
  return true;
}

/**
 * The audio state after a message: `updateAudio`/`updateMusic` replace it, `updateMood`
 * changes the mood (the next `updateAudio` brings the rest); other messages leave it.
 */
export function applyAudioMessage(audio: MiniTimerAudioState | null, message: ToMiniTimerMessage): MiniTimerAudioState | null {
  switch (message.action) {
    case "updateAudio":
    case "updateMusic": {
      const { action: _action, ...state } = message;
      return state;
    }
    case "updateMood":
      return audio && { ...audio, mood: message.mood };
    default:
      return audio;
  }
}

/**
 * What the main window last told this popup: the timer, how the user sees it (ring or disc, the
 * warning before the end) and the mood player; `now` on the server's clock, ticking every second
 * (each tick pings the main window); `linked` false once the main window is gone. On mount it
 * titles the window and says `miniTimerReady`; it says `miniTimerClosed` when the popup goes away.
 */
function useMainWindowLink() {
  const [state, setState] = useState<SharedTimerState | null>(null);
  const [face, setFace] = useState<{ display: TimerDisplay; endWarning: EndWarning }>({ display: "ring", endWarning: "off" });
  const [audio, setAudio] = useState<MiniTimerAudioState | null>(null);
  // The server's clock as the main window last measured it (kept in this browser), so the
  // mini timer shows the same time left as the main window on a device whose clock is off.
  const [now, setNow] = useState(serverNow);
  const [linked, setLinked] = useState(() => mainWindow() !== null);

  useEffect(() => {
    document.title = "Mini Timer";
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== window.opener) return;
      const parsed = toMiniTimerMessageSchema.safeParse(event.data);
      if (!parsed.success) return;
      const message = parsed.data;
      if (message.action === "updateTimer") {
        setState(message.timerState);
        const display = message.display ?? "ring";
        const endWarning = message.endWarning ?? "off";
        setFace((current) => (current.display === display && current.endWarning === endWarning ? current : { display, endWarning }));
      }
      else if (message.action === "ping") tell({ action: "pong" });
      else setAudio((current) => applyAudioMessage(current, message));
    };
    window.addEventListener("message", onMessage);
    tell({ action: "miniTimerReady" });
    const tick = window.setInterval(() => {
      setNow(serverNow());
      if (!tell({ action: "ping" })) setLinked(false);
    }, 1000);
    const onClose = () => tell({ action: "miniTimerClosed" });
    window.addEventListener("pagehide", onClose);
    return () => {
      window.removeEventListener("message", onMessage);
      window.removeEventListener("pagehide", onClose);
      window.clearInterval(tick);
    };
  }, []);

  return { state, face, audio, now, linked };
}

/**
 * The mini timer popup (path /mini-timer). It shows and controls the main window's timer and mood
 * player: it never runs a timer or plays audio of its own, it only counts down the `endsAt` it was
 * sent, on its own clock, between updates, and sends the main window the user's timer and audio
 * actions.
 */
export function MiniTimerPage() {
  const { state, face, audio, now, linked } = useMainWindowLink();

  if (!linked) {
    return (
      <main className="grid min-h-dvh place-items-center p-4 text-center text-sm text-muted-foreground">
        <p>Open the mini timer from the Focus Arena to keep your session in view.</p>
      </main>
    );
  }
  const view = state ? sharedTimerView(state, now) : null;
  const warning = view ? activeEndWarning(view, face.endWarning) : null;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-2 p-3" aria-label="Mini timer">
      <p className="text-xs font-medium uppercase tracking-widest text-muted-foreground">
        {view ? `${view.countsUp ? "Flowtime" : TIMER_MODE_LABELS[view.mode]}${view.isPaused ? " · Paused" : ""}` : "Connecting…"}
      </p>
      <div className="flex items-center gap-3">
        {face.display === "disc" && <MiniDisc progress={view?.progress ?? 0} focus={view?.mode === "focus"} warning={warning !== null} />}
        <p className="text-4xl font-semibold tabular-nums" data-testid="mini-timer-display" aria-live="off">
          {view?.display ?? "--:--"}
        </p>
      </div>
      {warning !== null && (
        <p className="text-xs font-medium text-amber-700 dark:text-amber-300" data-testid="mini-timer-warning">
          {warning === 1 ? "The last minute" : `The last ${warning} minutes`}
        </p>
      )}
      {face.display === "ring" && (
        <div className="h-1.5 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
          {/* A Flowtime session counts up: no bar runs out (`docs/product.md`, The timer). */}
          <div className={cn("h-full", warning !== null ? "bg-amber-500" : "bg-primary")} style={{ width: `${view?.countsUp ? 100 : (view?.progress ?? 0)}%` }} />
        </div>
      )}
      {view?.strict ? (
        // A strict focus session offers no pause or reset (`docs/product.md`, Strict focus); End early is in the Focus Arena.
        <p className="text-center text-xs text-muted-foreground" data-testid="mini-timer-strict">
          Strict focus · End early is in the Focus Arena
        </p>
      ) : view?.inRound ? (
        // A room's round runs on the room's clock (`docs/rooms.md`); leaving the room is in the app.
        <p className="text-center text-xs text-muted-foreground" data-testid="mini-timer-round">
          A room's round · Leave room is in the Focus Arena
        </p>
      ) : (
        <div className="flex gap-2">
          {view?.isRunning ? (
            <Button onClick={() => tell({ action: "pauseTimer" })}>
              <Pause className="mr-1 h-4 w-4" aria-hidden="true" />
              Pause
            </Button>
          ) : (
            <Button onClick={() => tell({ action: "startTimer" })} disabled={!state}>
              <Play className="mr-1 h-4 w-4" aria-hidden="true" />
              {view?.isPaused ? "Resume" : "Start"}
            </Button>
          )}
          <Button variant="outline" onClick={() => tell({ action: "resetTimer" })} aria-label="Reset timer" disabled={!state}>
            <RotateCcw className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      )}
      <MiniAudioControls audio={audio} tell={tell} />
    </main>
  );
}

/** The mini timer's disc (`display` "disc"): the share left, shrinking, amber in the warning before the end. */
function MiniDisc({ progress, focus, warning }: { progress: number; focus: boolean; warning: boolean }) {
  const share = 1 - Math.min(Math.max(progress, 0), 100) / 100;
  const fill = warning ? "fill-amber-500/80" : focus ? "fill-primary/75" : "fill-emerald-500/75";
  return (
    <svg viewBox="0 0 100 100" className="size-11 shrink-0" aria-hidden="true">
      <circle cx="50" cy="50" r="45" className="fill-muted/60 stroke-muted-foreground/30" strokeWidth="2" />
      <path d={discPath(share, 50, 50, 45)} className={fill} data-testid="mini-timer-disc" />
    </svg>
  );
}
