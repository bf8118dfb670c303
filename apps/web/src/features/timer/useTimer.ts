import { useMemo } from "react";
import {
  selectDisplay,
  selectIsRunning,
  selectIsStarting,
  selectMode,
  selectProgress,
  selectRemainingSeconds,
  type TimerMode,
} from "@focus/core";
import { TimerActor } from "./timerActor";

/** What the Focus Arena shows, selected from the chart (components select, not compute). */
export function useTimerView() {
  const display = TimerActor.useSelector(selectDisplay);
  const remainingSeconds = TimerActor.useSelector(selectRemainingSeconds);
  const progress = TimerActor.useSelector(selectProgress);
  const isRunning = TimerActor.useSelector(selectIsRunning);
  const isStarting = TimerActor.useSelector(selectIsStarting);
  const mode = TimerActor.useSelector(selectMode);
  return { display, remainingSeconds, progress, isRunning, isStarting, mode };
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
