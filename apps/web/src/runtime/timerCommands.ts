import type { TimerCommand } from "@focus/core/timer";
import { createContext, useContext } from "react";

/**
 * Runs a command on the timer: on this device's chart at once, and, for a signed-in user, on the
 * account's timer that every device follows (`docs/product.md`, One timer per account).
 */
export type TimerCommander = (command: TimerCommand) => void;

export const TimerCommandContext = createContext<TimerCommander | null>(null);

/**
 * The timer's commander, for every control that changes the timer (buttons, keys, the mini
 * timer, a room's rounds).
 * @throws Error outside the timer's host.
 */
export function useTimerCommand(): TimerCommander {
  const commander = useContext(TimerCommandContext);
  if (!commander) throw new Error("useTimerCommand must be used inside the timer's host");
  return commander;
}
