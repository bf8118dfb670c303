import type { TimerMode } from "../constants";
import type { SessionInput } from "../schemas/session";
import type { TimerSettings } from "../schemas/settings";
import type { SubscriptionFields } from "../subscription/rules";
import type { TaskRef } from "../tasks/list";

/**
 * Who may start the timer (`docs/product.md`). Taken by the app from the user and handed to the
 * chart; the chart's start guard applies the subscription rules at each start's own `now`,
 * so a trial that ends while the app is open refuses the next start without a new event.
 */
export interface TimerAccess {
  /** A guest may complete one focus session per local day. */
  isGuest: boolean;
  /**
   * A non-guest's plan: the timer runs while premium is active or the trial
   * has not ended (`trialEndDate`, ISO 8601). Ignored for a guest.
   */
  subscription: Pick<SubscriptionFields, "subscriptionPlan" | "subscriptionStatus" | "trialEndDate">;
  /** Local day (`YYYY-MM-DD`) on which the guest completed their focus session, if any. */
  guestSessionUsedOn: string | null;
  /**
   * A signed-in user's completed focus sessions today, on every device (the server's and the
   * outbox's, by `todayProgress`): the Free plan's daily limit counts them.
   */
  focusSessionsToday: number;
}

/** Why a start was refused: a guest's one session a day, or the Free plan's daily limit. */
export type StartBlockReason = "guestLimit" | "freeLimit";

/** Counters of completed focus sessions (today's and in all). */
export interface TimerCounters {
  /** Local day the "today" counters belong to, `YYYY-MM-DD`. */
  dayKey: string;
  completedSessionsToday: number;
  /** Minutes of completed focus today. */
  totalFocusTimeToday: number;
  /** All completed focus sessions; drives the long-break interval. */
  totalSessions: number;
}

export interface TimerContext extends TimerCounters {
  settings: TimerSettings;
  mode: TimerMode;
  /** Full length of the current session, ms. */
  durationMs: number;
  /** Time left when not running, ms. While running it is derived from `endsAt`. */
  remainingMs: number;
  /** While running: the instant the session ends, epoch ms. The source of truth. */
  endsAt: number | null;
  /** The latest instant the chart has seen (from a stamped event), epoch ms. */
  now: number;
  /** When the current session first started, epoch ms; null before its first start. */
  sessionStartTime: number | null;
  /** When the last session ended, epoch ms; the anchor of an auto-start. */
  lastCompletedAt: number | null;
  access: TimerAccess;
  /** The task the user works on now (`docs/product.md`, Tasks), or null. */
  task: TaskRef | null;
  /**
   * The task the session under way counts for: the task picked when it started, or one picked
   * while it runs; null between sessions. Only a focus session is recorded with it.
   */
  sessionTask: TaskRef | null;
}

/**
 * Events. Every event that depends on time carries `now` (epoch ms) so the chart stays a
 * pure function of its inputs; the adapter (web app, mini timer, extension) stamps them.
 */
export type TimerEvent =
  | { type: "START"; now: number }
  | { type: "PAUSE"; now: number }
  /** Start when idle or paused (same guards as START), pause when running, ignored while starting. */
  | { type: "TOGGLE"; now: number }
  | { type: "RESET"; now: number }
  | { type: "TICK"; now: number }
  | { type: "SET_MODE"; mode: TimerMode; now: number }
  | { type: "SET_SETTINGS"; settings: TimerSettings; now: number }
  | { type: "SET_ACCESS"; access: TimerAccess }
  /** The task the user works on now, or null for none (`TimerContext.task`). */
  | { type: "SET_TASK"; task: TaskRef | null }
  /**
   * Run the round a focus room runs (`docs/rooms.md`): `mode` from `startedAt` to `endsAt`
   * (epoch ms), the room's clock being the truth. Joining mid-round runs the rest of it, and the
   * session recorded is the part the user was there for. The same round again changes nothing.
   */
  | { type: "FOLLOW_ROUND"; mode: TimerMode; startedAt: number; endsAt: number; now: number };

/** A completed session, as the chart hands it to the `sessionCompleted` effect. */
export interface SessionCompleted {
  /** The mode that just ended. */
  mode: TimerMode;
  /** The mode that comes next. */
  nextMode: TimerMode;
  /** Full length of the next mode's session, ms. */
  nextDurationMs: number;
  /** The next session starts by itself in 1 s (auto-start settings, not more than 10 minutes late). */
  nextStartsItself: boolean;
  /**
   * The record for `POST /api/sessions`. A focus session carries `taskId` when its task has a
   * server id; a task still waiting to be sent is named by `task` alone.
   */
  session: SessionInput;
  /** The task a focus session counts for (`TimerContext.sessionTask`); null for a break or no task. */
  task: TaskRef | null;
  /** When the session ended, epoch ms (its `endsAt`). */
  endedAt: number;
  /**
   * The session ended more than `MISSED_COMPLETION_MS` before the chart noticed: the app was
   * closed or asleep. It is still recorded; adapters tell the user quietly (no bell).
   */
  whileAway: boolean;
}

/**
 * The chart's side effects, named actions with empty bodies that each app gives its own
 * implementation with `timerMachine.provide({ actions })`: the web app records, rings and
 * notifies (features/timer/timerEffects.ts). Listed here with their params for tests.
 */
export type TimerEffect = ({ type: "sessionCompleted" } & SessionCompleted) | { type: "startRefused"; reason: StartBlockReason };

/**
 * Saved state (`persistence.ts`). A running session is restored at any age: it ends at its
 * saved `endsAt`, and one that ended while the app was closed completes at once. Any other
 * saved state is restored only when younger than 10 minutes (docs/product.md).
 */
export interface TimerRestore {
  mode: TimerMode;
  isActive: boolean;
  /** Epoch ms the running session ends; required when `isActive`. */
  endsAt: number | null;
  /** Time left when paused, ms. */
  remainingMs: number;
  durationMs: number;
  sessionStartTime: number | null;
  /** When the state was saved, epoch ms. */
  timestamp: number;
  /** The task the saved session counts for (`TimerContext.sessionTask`). */
  task?: TaskRef | null;
}

export interface TimerInput {
  settings: TimerSettings;
  /** The instant the chart starts at, epoch ms. */
  now: number;
  counters?: TimerCounters;
  access?: TimerAccess;
  /** A saved state; see `TimerRestore` for which are restored. */
  restore?: TimerRestore | null;
  /** The task the user works on (`TimerContext.task`). */
  task?: TaskRef | null;
}
