/**
 * Test helpers for the timer chart (not part of the package's entries): the chart with a ticker
 * that never fires (tests send TICK themselves, with the time they mean), and the same chart with
 * its effects recorded in order.
 */
import { fromCallback, type EventObject } from "xstate";
import { timerMachine } from "./machine";
import type { TimerEffect } from "./types";

/** A ticker that never wakes the chart. */
const silentTicker = fromCallback<EventObject, { endsAt: number }>(() => () => {});

/** The chart with the silent ticker. */
export const silentMachine = timerMachine.provide({ actors: { ticker: silentTicker } });

/** The chart with the silent ticker and its effects recorded in `emitted`, in order. */
export function recording(emitted: TimerEffect[]) {
  return timerMachine.provide({
    actors: { ticker: silentTicker },
    actions: {
      sessionCompleted: (_, params) => emitted.push({ type: "sessionCompleted", ...params }),
      startRefused: (_, params) => emitted.push({ type: "startRefused", ...params }),
      sessionStopped: (_, params) => emitted.push({ type: "sessionStopped", ...params }),
      stopUndone: (_, params) => emitted.push({ type: "stopUndone", ...params }),
      strictRefused: (_, params) => emitted.push({ type: "strictRefused", ...params }),
      roundRefused: (_, params) => emitted.push({ type: "roundRefused", ...params }),
    },
  });
}
