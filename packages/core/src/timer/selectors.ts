import type { SnapshotFrom } from "xstate";
import { formatTime } from "../format";
import type { TimerMachine } from "./machine";
import type { SharedTimerState } from "../protocol/timerState";
import type { TimerContext } from "./types";

type TimerSnapshot = SnapshotFrom<TimerMachine>;

/** Time left in the current session, ms, clamped to [0, duration]. */
export function remainingMsOf(context: TimerContext): number {
  const left = context.endsAt === null ? context.remainingMs : context.endsAt - context.now;
  return Math.min(Math.max(left, 0), context.durationMs);
}

/** Time left, whole seconds rounded up (what the display shows). */
export const selectRemainingSeconds = (s: TimerSnapshot): number => Math.ceil(remainingMsOf(s.context) / 1000);

/** Time left as mm:ss (spec §2 Focus Arena). */
export const selectDisplay = (s: TimerSnapshot): string => formatTime(remainingMsOf(s.context) / 1000);

/** Elapsed share of the current session, percent 0-100 (spec §3 Timer state `progress`). */
export const selectProgress = (s: TimerSnapshot): number => {
  const { durationMs } = s.context;
  return durationMs === 0 ? 0 : ((durationMs - remainingMsOf(s.context)) / durationMs) * 100;
};

/** True while the clock runs (spec §3 `isActive`); an auto-start counts as starting. */
export const selectIsRunning = (s: TimerSnapshot): boolean => s.matches("running");
export const selectIsStarting = (s: TimerSnapshot): boolean => s.matches("autoStarting");
export const selectMode = (s: TimerSnapshot) => s.context.mode;

/** Today's counters (spec §3 Daily stats). */
export const selectToday = (s: TimerSnapshot) => ({
  completedSessionsToday: s.context.completedSessionsToday,
  totalFocusTimeToday: s.context.totalFocusTimeToday,
  totalSessions: s.context.totalSessions,
});

/** The local day (`YYYY-MM-DD`) the chart's counters belong to; changes at the first event of a new day. */
export const selectDayKey = (s: TimerSnapshot): string => s.context.dayKey;

/** The state other windows and devices receive (spec §7 timerState). */
export const selectSharedTimerState = (s: TimerSnapshot): SharedTimerState => {
  const running = s.matches("running");
  return {
    isActive: running,
    currentTime: Math.ceil(remainingMsOf(s.context) / 1000),
    mode: s.context.mode,
    progress: selectProgress(s),
    endsAt: running ? s.context.endsAt : null,
    durationMs: s.context.durationMs,
  };
};
