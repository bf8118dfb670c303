import { z } from "zod";
import { TIMER_MODES } from "../constants";
import type { SharedTimerState } from "../schemas/timerState";

/**
 * Window messages within the app (`docs/architecture.md`, Data flow of a focus session): the timer
 * reports progress and completions with `window.postMessage`, and statistics follow them.
 * Seconds for elapsed/total, minutes for focus time today.
 */
const timerProgressDataSchema = z.object({
  mode: z.enum(TIMER_MODES),
  isRunning: z.boolean(),
  elapsedTime: z.number().min(0),
  totalSessionTime: z.number().min(0),
  totalFocusTimeToday: z.number().min(0),
});

export const statsWindowMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("timer_progress_update"), data: timerProgressDataSchema }),
  z.object({
    type: z.literal("stats_update"),
    data: z.object({ completedSessionsToday: z.number().int().min(0), totalFocusTimeToday: z.number().min(0) }),
  }),
  z.object({ type: z.literal("session_completed"), data: z.object({ mode: z.enum(TIMER_MODES) }).optional() }),
]);
export type StatsWindowMessage = z.infer<typeof statsWindowMessageSchema>;

/** Messages for a content script of the extension, if one listens. */
export type ExtensionWindowMessage = { type: "focus_app_ready" } | { type: "focus_timer_update"; timerState: SharedTimerState };

/** Live stats: today's counts plus the running session's progress, seconds. */
export interface LiveStats {
  completedSessionsToday: number;
  totalFocusTimeToday: number;
  currentSessionElapsed: number;
  currentSessionTotal: number;
  timerRunning: boolean;
}

export const EMPTY_LIVE_STATS: LiveStats = {
  completedSessionsToday: 0,
  totalFocusTimeToday: 0,
  currentSessionElapsed: 0,
  currentSessionTotal: 0,
  timerRunning: false,
};

/**
 * Folds one message into the live stats: progress counts only while the mode is
 * focus and the timer runs; a stats update replaces today's counts; a completed session
 * clears the running session.
 */
export function applyStatsMessage(stats: LiveStats, message: StatsWindowMessage): LiveStats {
  switch (message.type) {
    case "timer_progress_update": {
      const { data } = message;
      if (data.mode !== "focus" || !data.isRunning) {
        return { ...stats, timerRunning: false, currentSessionElapsed: 0, currentSessionTotal: 0 };
      }
      return {
        ...stats,
        timerRunning: true,
        currentSessionElapsed: data.elapsedTime,
        currentSessionTotal: data.totalSessionTime,
        totalFocusTimeToday: data.totalFocusTimeToday,
      };
    }
    case "stats_update":
      return { ...stats, ...message.data };
    case "session_completed":
      return { ...stats, timerRunning: false, currentSessionElapsed: 0, currentSessionTotal: 0 };
  }
}
