import { UNDO_WINDOW_MS } from "@focus/core/constants";
import { extensionOffer } from "@focus/core/timer";
import { useEffect } from "react";
import { ToastAction } from "@/components/ui/toastAction";
import { toast } from "@/components/ui/use-toast";
import { serverNow } from "@/runtime/serverClock";
import { TimerActor } from "@/runtime/timerActor";
import { useTimerCommand } from "@/runtime/timerCommands";

/**
 * Offers "+5 min" for the 10 seconds after a focus session ended (`docs/product.md`, The timer:
 * Five more minutes): a notice with a "+5 min" button; the + key does the same
 * (`features/shortcuts`). It brings the same session back, 5 minutes longer, on every device.
 */
export function ExtendOffer() {
  const extendable = TimerActor.useSelector((s) => s.context.extendable);
  const offered = TimerActor.useSelector((s) => extensionOffer({ ...s.context, now: serverNow() }) === "ended");
  const command = useTimerCommand();

  useEffect(() => {
    if (!extendable || !offered) return;
    const left = extendable.until - serverNow();
    if (left <= 0) return;
    const offer = toast({
      title: "Focus session complete",
      description: "In the middle of something? +5 min gives this same session five more minutes (key +).",
      duration: Math.min(left, UNDO_WINDOW_MS),
      action: (
        <ToastAction altText="+5 min: five more minutes of this focus session" onClick={() => command({ type: "extend" })}>
          +5 min
        </ToastAction>
      ),
    });
    return () => offer.dismiss();
    // The offer belongs to one ended session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [extendable, command]);
  return null;
}
