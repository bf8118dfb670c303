import type { SnapshotFrom } from "xstate";
import type { TimerMode } from "../constants";
import { formatTime } from "../format";
import type { SharedTimerState } from "../schemas/timerState";
import type { TimerMachine } from "./machine";
import { strictRefuses } from "./strict";
import { remainingMsOf } from "./timeLeft";

/**
 * What every screen shows of a timer: the web app's Focus Arena and header, the mini timer,
 * the extension's badge, popup and blocked page, and the API (which focus session a blocked
 * attempt belongs to). One function, `sharedTimerView`, computes it from a shared timer
 * state at an instant, so the time left can never differ between them.
 */
export interface TimerView {
  mode: TimerMode;
  /** Whole seconds left, rounded up (14:59.4 left reads 15:00). */
  secondsLeft: number;
  /** `secondsLeft` as mm:ss. */
  display: string;
  /** Elapsed share of the session, percent 0–100. */
  progress: number;
  /** The clock runs at this instant (a running session past its end no longer does). */
  isRunning: boolean;
  /** Started, stopped part-way, with time left: the user can resume it. */
  isPaused: boolean;
  /** Epoch ms at which the running session ends; null when not running. */
  endsAt: number | null;
  /** Epoch ms at which the current session first started; null before its first start. */
  startedAt: number | null;
  /** Full length of the session, ms; null when the sender did not say. */
  durationMs: number | null;
  /**
   * A strict focus session runs (`docs/product.md`, Strict focus): offer no pause, reset, skip
   * or mode change, only End early.
   */
  strict: boolean;
  /**
   * A focus room's round runs (`docs/rooms.md`): offer no pause, reset or mode change, only
   * leaving the room.
   */
  inRound: boolean;
  /**
   * A Flowtime focus session is under way (running or paused): it counts up, `display` is the
   * time so far, `progress` stays 0 (a full disc) and there is no end to warn of.
   */
  countsUp: boolean;
  /** Whole seconds of the session so far (rounded down); for a Flowtime session, the focus so far. */
  secondsElapsed: number;
}

/**
 * The view of a shared timer state at `now` (epoch ms). While running, time left is
 * `endsAt − now`, so a state read minutes after it was sent is still exact; a state without
 * `endsAt` (an older sender) shows its `currentTime` as sent.
 */
export function sharedTimerView(state: SharedTimerState, now: number): TimerView {
  const endsAt = state.isActive && typeof state.endsAt === "number" ? state.endsAt : null;
  const durationMs = state.durationMs ?? null;
  const leftMs = endsAt !== null ? endsAt - now : state.currentTime * 1000;
  const clampedMs = Math.max(0, durationMs === null ? leftMs : Math.min(leftMs, durationMs));
  const secondsLeft = Math.ceil(clampedMs / 1000);
  const isRunning = state.isActive && (endsAt === null ? secondsLeft > 0 : endsAt > now);
  const progress = durationMs ? ((durationMs - clampedMs) / durationMs) * 100 : state.progress;
  const startedAt = state.sessionStartTime ?? null;
  // Senders that say when the session started tell a pause exactly; for others, time elapsed.
  const started =
    state.sessionStartTime !== undefined ? startedAt !== null : durationMs === null ? state.progress > 0 : clampedMs < durationMs;
  const secondsElapsed = durationMs === null ? 0 : Math.max(0, Math.floor((durationMs - clampedMs) / 1000));
  const countsUp = state.flow === true && state.mode === "focus" && started && secondsLeft > 0;
  return {
    mode: state.mode,
    secondsLeft,
    display: formatTime(countsUp ? secondsElapsed : secondsLeft),
    progress: countsUp ? 0 : Math.min(100, Math.max(0, progress)),
    isRunning,
    isPaused: !isRunning && secondsLeft > 0 && started,
    endsAt: isRunning ? endsAt : null,
    startedAt,
    durationMs,
    strict: isRunning && state.strict === true,
    inRound: isRunning && state.inRound === true,
    countsUp,
    secondsElapsed,
  };
}

/**
 * The shared state of the timer chart (what `timer_update`, the mini timer and window
 * messages carry), as of the chart's own latest instant.
 */
export function timerStateOf(snapshot: SnapshotFrom<TimerMachine>): SharedTimerState {
  const { context } = snapshot;
  const running = snapshot.matches("running");
  const remainingMs = remainingMsOf(context);
  return {
    isActive: running,
    currentTime: Math.ceil(remainingMs / 1000),
    mode: context.mode,
    progress: context.durationMs === 0 ? 0 : ((context.durationMs - remainingMs) / context.durationMs) * 100,
    endsAt: running ? context.endsAt : null,
    durationMs: context.durationMs,
    sessionStartTime: context.sessionStartTime,
    strict: running && strictRefuses(context),
    ...(context.flow && context.mode === "focus" && context.sessionStartTime !== null ? { flow: true } : {}),
    ...(running && context.inRound ? { inRound: true } : {}),
  };
}

/** The chart's view at its own latest instant (`sharedTimerView` of `timerStateOf`). */
export function timerViewOf(snapshot: SnapshotFrom<TimerMachine>): TimerView {
  return sharedTimerView(timerStateOf(snapshot), snapshot.context.now);
}
