import { z } from "zod";
import { TIMER_MODES } from "../constants";

/**
 * The timer state shared with other windows and devices (spec §7: timerState with
 * isActive, currentTime (s left), mode, progress (percent)), plus `endsAt` (epoch ms while
 * running, else null) and `durationMs`, so a receiver can count down exactly on its own
 * clock instead of trusting message timing.
 */
export const sharedTimerStateSchema = z.object({
  isActive: z.boolean(),
  currentTime: z.number().min(0),
  mode: z.enum(TIMER_MODES),
  progress: z.number().min(0).max(100),
  endsAt: z.number().nullable().optional(),
  durationMs: z.number().positive().optional(),
});
export type SharedTimerState = z.infer<typeof sharedTimerStateSchema>;

/** Seconds left of a shared state at `now` (epoch ms), from `endsAt` when running. */
export function sharedRemainingSeconds(state: SharedTimerState, now: number): number {
  if (state.isActive && typeof state.endsAt === "number") return Math.max(0, (state.endsAt - now) / 1000);
  return state.currentTime;
}
