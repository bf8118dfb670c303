/**
 * Warnings before a session's end (`docs/product.md`, The timer): at 5 minutes left, 1 minute
 * left, or both, for a running session longer than the offset. The warning follows from the
 * session's end (the view's time left), so after a sleep the warning in force is known at once;
 * `warningToAnnounce` says when one is new, so a sound plays once.
 */
import type { EndWarning } from "../constants";
import type { TimerView } from "./view";

/** The offsets a choice warns at, minutes before the end, largest first. */
function warningOffsets(choice: EndWarning): readonly number[] {
  switch (choice) {
    case "off":
      return [];
    case "5":
      return [5];
    case "1":
      return [1];
    case "both":
      return [5, 1];
  }
}

/**
 * The warning in force for `view` under `choice`: the smallest offset (minutes) whose moment has
 * come in a running session longer than that offset, e.g. 1 from 1:00 left to the end; null when
 * none (not running, no warning chosen, not yet, or a Flowtime session, which counts up).
 */
export function activeEndWarning(view: Pick<TimerView, "isRunning" | "secondsLeft" | "durationMs"> & Partial<Pick<TimerView, "countsUp">>, choice: EndWarning): number | null {
  // A Flowtime session has no end to warn of (`docs/product.md`, The timer).
  if (!view.isRunning || view.secondsLeft <= 0 || view.countsUp === true) return null;
  const lengthSeconds = view.durationMs === null ? Infinity : view.durationMs / 1000;
  let active: number | null = null;
  for (const minutes of warningOffsets(choice)) {
    if (lengthSeconds > minutes * 60 && view.secondsLeft <= minutes * 60) active = minutes;
  }
  return active;
}

/**
 * The warning to announce (sound) when the warning in force goes from `previous` to `current`:
 * `current` when it is new and nearer the end than `previous` (5 then 1: both announced; a sleep
 * from before 5 to past 1: only 1), else null.
 */
export function warningToAnnounce(previous: number | null, current: number | null): number | null {
  if (current === null) return null;
  return previous === null || current < previous ? current : null;
}
