import { z } from "zod";
import { TIMER_MODES } from "../constants";
import { instantMsSchema } from "./dates";
import { MAX_SESSION_SECONDS } from "./session";

/**
 * The timer state shared with other windows and devices over `/ws/timer`, the mini timer and
 * window messages. The wire names are the protocol's: `currentTime` is the seconds left
 * (whole, rounded up; code calls it `secondsLeft`), `progress` the elapsed share in percent.
 * Added for exact timing: `endsAt` (epoch ms while running, else null) and `durationMs`, so a
 * receiver counts down on its own clock instead of trusting message timing, and
 * `sessionStartTime` (epoch ms the current session first started; null before its first
 * start), which tells a paused session from one that never started, and `strict`. Read it with
 * `sharedTimerView`.
 */
export const sharedTimerStateSchema = z.object({
  isActive: z.boolean(),
  currentTime: z.number().min(0).max(MAX_SESSION_SECONDS),
  mode: z.enum(TIMER_MODES),
  progress: z.number().min(0).max(100),
  endsAt: instantMsSchema.nullable().optional(),
  durationMs: z.number().positive().max(MAX_SESSION_SECONDS * 1000).optional(),
  sessionStartTime: instantMsSchema.nullable().optional(),
  /**
   * A strict focus session runs (`docs/product.md`, Strict focus): receivers offer no pause or
   * reset. Absent from senders older than strict focus.
   */
  strict: z.boolean().optional(),
  /**
   * The focus session under way counts up (Flowtime, `docs/product.md`, The timer): receivers
   * show the time so far (`durationMs` minus the time left) and no end. Absent otherwise.
   */
  flow: z.boolean().optional(),
  /**
   * A focus room's round runs (`docs/rooms.md`): the room's clock runs it, so receivers offer no
   * pause, reset or mode change until the member leaves the room. Absent otherwise.
   */
  inRound: z.boolean().optional(),
});
export type SharedTimerState = z.infer<typeof sharedTimerStateSchema>;
