import { shallowEqual } from "@xstate/react";
import { useMemo } from "react";
import { timerViewOf, type TimerMode, type TimerView } from "@focus/core";
import { TimerActor } from "./timerActor";

/**
 * What every screen shows of the timer: core's `sharedTimerView` of the chart (time left,
 * progress, running or paused), plus whether an automatic start is under way.
 */
export function useTimerView(): TimerView & { isStarting: boolean } {
  const view = TimerActor.useSelector(timerViewOf, shallowEqual);
  const isStarting = TimerActor.useSelector((s) => s.matches("autoStarting"));
  return useMemo(() => ({ ...view, isStarting }), [view, isStarting]);
}

/** Timer commands, stamped with the current time (the chart is a pure function of events). */
export function useTimerControls() {
  const actor = TimerActor.useActorRef();
  return useMemo(
    () => ({
      start: () => actor.send({ type: "START", now: Date.now() }),
      pause: () => actor.send({ type: "PAUSE", now: Date.now() }),
      /** Start or pause, as the chart decides from its state (ignored while auto-starting). */
      toggle: () => actor.send({ type: "TOGGLE", now: Date.now() }),
      reset: () => actor.send({ type: "RESET", now: Date.now() }),
      setMode: (mode: TimerMode) => actor.send({ type: "SET_MODE", mode, now: Date.now() }),
    }),
    [actor],
  );
}
