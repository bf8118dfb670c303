import { strictRefuses } from "@focus/core/timer";
import { TimerActor } from "./timerActor";

/**
 * Whether a strict focus session runs now (`docs/product.md`, Strict focus), from the timer
 * actor: screens then offer no pause, reset or mode change, no removal or switch-off of a blocked
 * site and no unlink or switch-off of a linked device. The server refuses the same.
 */
export function useStrictSession(): boolean {
  return TimerActor.useSelector((s) => s.matches("running") && strictRefuses(s.context));
}
