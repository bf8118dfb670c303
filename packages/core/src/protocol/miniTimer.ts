import { z } from "zod";
import { sharedTimerStateSchema } from "./timerState";

/** How often the main window sends the mini timer its state, and pings it, ms (spec §9). */
export const MINI_TIMER_UPDATE_MS = 1000;
export const MINI_TIMER_PING_MS = 5000;
/** The popup's size, px (spec §9: 240×340). */
export const MINI_TIMER_WINDOW = { width: 240, height: 340 } as const;
/** Its path (DESIGN.md §8). */
export const MINI_TIMER_PATH = "/mini-timer";

/** Messages the main window sends the mini timer (spec §7 mini-timer actions). */
export const toMiniTimerMessageSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("updateTimer"), timerState: sharedTimerStateSchema }),
  z.object({ action: z.literal("ping") }),
  z.object({ action: z.literal("pong") }),
  z.object({ action: z.literal("updateMood"), mood: z.string().nullable() }),
  z.object({ action: z.literal("updateAudio"), isPlaying: z.boolean(), trackName: z.string().nullable().optional() }),
]);
export type ToMiniTimerMessage = z.infer<typeof toMiniTimerMessageSchema>;

/** Messages the mini timer sends the main window (spec §7 mini-timer actions). */
export const fromMiniTimerMessageSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("miniTimerReady") }),
  z.object({ action: z.literal("requestTimerSync") }),
  z.object({ action: z.literal("startTimer") }),
  z.object({ action: z.literal("pauseTimer") }),
  z.object({ action: z.literal("resetTimer") }),
  z.object({ action: z.literal("ping") }),
  z.object({ action: z.literal("pong") }),
  z.object({ action: z.literal("miniTimerClosed") }),
  z.object({ action: z.literal("playAudio") }),
  z.object({ action: z.literal("pauseAudio") }),
  z.object({ action: z.literal("mini-timer-change-track") }),
]);
export type FromMiniTimerMessage = z.infer<typeof fromMiniTimerMessageSchema>;
