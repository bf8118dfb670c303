import { shallowEqual } from "@xstate/react";
import { useMemo } from "react";
import { type TimerMode } from "@focus/core/constants";
import { timerViewOf, type TimerView } from "@focus/core/timer";
import { TimerActor } from "@/runtime/timerActor";
import { useTimerCommand } from "@/runtime/timerCommands";

/**
 * What every screen shows of the timer: core's `sharedTimerView` of the chart (time left,
 * progress, running or paused), plus whether an automatic start is under way.
 */
export function useTimerView(): TimerView & { isStarting: boolean } {
  const view = TimerActor.useSelector(timerViewOf, shallowEqual);
  const isStarting = TimerActor.useSelector((s) => s.matches("autoStarting"));
  return useMemo(() => ({ ...view, isStarting }), [view, isStarting]);
}

/**
 * The timer's controls: each runs on this device at once and on the account's timer every device
 * follows (`useTimerCommand`), stamped with the server's clock.
 */
export function useTimerControls() {
  const command = useTimerCommand();
  return useMemo(
    () => ({
      /**
       * Start or resume; `strict` asks for a strict focus session, `flow` for a Flowtime one
       * (absent: the settings decide), `intention` names what a new focus session starts with
       * (`docs/product.md`, Intentions).
       */
      start: (options: { strict?: boolean; flow?: boolean; intention?: string } = {}) =>
        command({
          type: "start",
          ...(options.strict === undefined ? {} : { strict: options.strict }),
          ...(options.flow === undefined ? {} : { flow: options.flow }),
          ...(options.intention === undefined ? {} : { intention: options.intention }),
        }),
      pause: () => command({ type: "pause" }),
      /** Start or pause, as the chart decides from its state (ignored while auto-starting). */
      toggle: () => command({ type: "toggle" }),
      reset: () => command({ type: "reset" }),
      setMode: (mode: TimerMode) => command({ type: "mode", mode }),
      /** Bring back the session a reset or mode change ended, while Undo is offered. */
      undo: () => command({ type: "undo" }),
      /** End a strict focus session early: the escape hatch, behind the End early dialog's friction. */
      endEarly: () => command({ type: "endEarly" }),
      /** End a Flowtime session and start its earned break (`docs/product.md`, The timer). */
      takeBreak: () => command({ type: "takeBreak" }),
      /** "+5 min": near a focus session's end, or just after it (`docs/product.md`, Five more minutes). */
      extend: () => command({ type: "extend" }),
    }),
    [command],
  );
}
