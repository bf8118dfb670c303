import { TIMER_MODE_LABELS, UNDO_WINDOW_MS } from "@focus/core/constants";
import { type TimerUndo } from "@focus/core/timer";
import { useEffect } from "react";
import { ToastAction } from "@/components/ui/toastAction";
import { toast } from "@/components/ui/use-toast";
import { serverNow } from "@/runtime/serverClock";
import { TimerActor } from "@/runtime/timerActor";
import { useTimerCommand } from "@/runtime/timerCommands";

/** What the offer says: what happened to the session, and what was kept of it. */
export function undoNotice(undo: TimerUndo, modeNow: TimerUndo["mode"]): { title: string; description: string } {
  const title = modeNow === undo.mode ? "Focus session reset" : `Switched to ${TIMER_MODE_LABELS[modeNow]}`;
  const minutes = undo.stopped ? Math.max(1, Math.round(undo.stopped.duration / 60)) : 0;
  const kept = undo.stopped ? ` Your ${minutes} ${minutes === 1 ? "minute" : "minutes"} of focus are saved as a stopped session.` : "";
  return { title, description: `Undo brings the session back with its time (key U).${kept}` };
}

/**
 * Offers Undo for UNDO_WINDOW_MS whenever a reset or a mode change ends a focus session
 * (`docs/product.md`, The timer): a toast with an Undo button; the U key does the same
 * (`features/shortcuts`). Whichever device ended it, every device of the account shows the offer.
 */
export function UndoOffer() {
  const undo = TimerActor.useSelector((s) => s.context.undo);
  const mode = TimerActor.useSelector((s) => s.context.mode);
  const command = useTimerCommand();

  useEffect(() => {
    if (!undo) return;
    const left = undo.until - serverNow();
    if (left <= 0) return;
    const offer = toast({
      ...undoNotice(undo, mode),
      duration: Math.min(left, UNDO_WINDOW_MS),
      action: (
        <ToastAction altText="Undo: bring the session back" onClick={() => command({ type: "undo" })}>
          Undo
        </ToastAction>
      ),
    });
    return () => offer.dismiss();
    // The offer belongs to one ended session: a new mode alone (while it stands) keeps it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [undo, command]);
  return null;
}
