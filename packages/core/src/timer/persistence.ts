import { z } from "zod";
import { TIMER_MODES } from "../constants";
import { taskRefSchema } from "../schemas/task";
import { TIMER_SEED_PATTERN } from "./sessionId";
import { remainingMsOf } from "./timeLeft";
import type { AccountTimer } from "./accountTimerSchema";
import type { TimerContext, TimerCounters, TimerRestore } from "./types";

/**
 * The `timer-state` local storage record, extended with what exact
 * restoring needs: `endsAt`, `remainingMs` and `durationMs` (ms). Seconds fields are the
 * record's own: currentTime (s left), elapsedTime and totalSessionTime (s); progress in percent;
 * sessionStartTime and timestamp epoch ms.
 */
const persistedTimerStateSchema = z.object({
  isActive: z.boolean(),
  mode: z.enum(TIMER_MODES),
  currentTime: z.number(),
  progress: z.number(),
  totalSessions: z.number().int().min(0),
  sessionStartTime: z.number().nullable(),
  timestamp: z.number(),
  elapsedTime: z.number(),
  totalSessionTime: z.number(),
  endsAt: z.number().nullable(),
  remainingMs: z.number(),
  durationMs: z.number().positive(),
  /** The task the session counts for (`TimerContext.sessionTask`); absent in records saved before tasks. */
  task: taskRefSchema.nullable().optional(),
  /** The timer's seed (session ids); absent in records saved before session ids. */
  seed: z.string().regex(TIMER_SEED_PATTERN).optional(),
  /** The saved focus session was strict; absent in records saved before strict focus. */
  strict: z.boolean().optional(),
  /** The focus session's intention (`TimerContext.intention`); absent in records saved before intentions. */
  intention: z.string().max(200).nullable().optional(),
  /** The saved focus session counts up (Flowtime); absent in records saved before Flowtime. */
  flow: z.boolean().optional(),
  /** The saved session's "+5 min" so far; absent when none. */
  extensions: z.number().int().min(0).optional(),
});
export type PersistedTimerState = z.infer<typeof persistedTimerStateSchema>;

/** Builds the record to save from the chart's context. `isActive` is true while running. */
export function toPersistedTimerState(context: TimerContext, isActive: boolean): PersistedTimerState {
  const remainingMs = remainingMsOf(context);
  return {
    isActive,
    mode: context.mode,
    currentTime: Math.ceil(remainingMs / 1000),
    progress: context.durationMs === 0 ? 0 : ((context.durationMs - remainingMs) / context.durationMs) * 100,
    totalSessions: context.totalSessions,
    sessionStartTime: context.sessionStartTime,
    timestamp: context.now,
    elapsedTime: Math.floor((context.durationMs - remainingMs) / 1000),
    totalSessionTime: Math.round(context.durationMs / 1000),
    endsAt: isActive ? context.endsAt : null,
    remainingMs,
    durationMs: context.durationMs,
    task: context.sessionTask,
    seed: context.seed,
    strict: context.strict,
    intention: context.intention,
    ...(context.flow ? { flow: true } : {}),
    ...(context.extensions > 0 ? { extensions: context.extensions } : {}),
  };
}

/**
 * Parses a saved record (unknown JSON) into the chart's restore input; null when it is
 * missing or malformed. Age is checked by the chart itself.
 */
export function parsePersistedTimerState(raw: unknown): TimerRestore | null {
  const parsed = persistedTimerStateSchema.safeParse(raw);
  if (!parsed.success) return null;
  const s = parsed.data;
  return {
    mode: s.mode,
    isActive: s.isActive && s.endsAt !== null,
    endsAt: s.endsAt,
    remainingMs: s.remainingMs,
    durationMs: s.durationMs,
    sessionStartTime: s.sessionStartTime,
    timestamp: s.timestamp,
    task: s.task ?? null,
    ...(s.seed ? { seed: s.seed } : {}),
    ...(s.strict ? { strict: true } : {}),
    ...(s.intention ? { intention: s.intention } : {}),
    ...(s.flow ? { flow: true } : {}),
    ...(s.extensions ? { extensions: s.extensions } : {}),
  };
}

/**
 * The chart's restore input from the account's timer as a device last heard it (`at`, the
 * server's clock, epoch ms): what a signed-in user's page shows in its first frame, before the
 * server answers (then the device follows the server's timer itself). A session waiting to start
 * by itself shows as waiting.
 */
export function restoreOfAccountTimer(timer: AccountTimer, at: number): TimerRestore {
  const running = timer.status === "running" && timer.endsAt !== null;
  return {
    mode: timer.mode,
    isActive: running,
    endsAt: running ? timer.endsAt : null,
    remainingMs: timer.remainingMs,
    durationMs: timer.durationMs,
    sessionStartTime: timer.sessionStartTime,
    timestamp: at,
    task: timer.sessionTask,
    seed: timer.seed,
    ...(timer.strict ? { strict: true } : {}),
    ...(timer.intention ? { intention: timer.intention } : {}),
    ...(timer.flow ? { flow: true } : {}),
    ...(timer.extensions > 0 ? { extensions: timer.extensions } : {}),
  };
}

/** The counters part of the context, to save under their local storage keys (`STORAGE_KEYS`). */
export function countersOf(context: TimerContext): TimerCounters {
  return {
    dayKey: context.dayKey,
    completedSessionsToday: context.completedSessionsToday,
    totalFocusTimeToday: context.totalFocusTimeToday,
    totalSessions: context.totalSessions,
  };
}
