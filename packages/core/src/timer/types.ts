import type { TimerMode } from "../constants";
import type { SessionInput } from "../schemas/session";
import type { TimerSettings } from "../schemas/settings";
import type { SubscriptionFields } from "../subscription/rules";
import type { TaskRef } from "../schemas/task";

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

/** What a strict focus session refused (`docs/product.md`, Strict focus). */
export type StrictRefusedCommand = "pause" | "reset" | "mode" | "round" | "break";
/** What a focus room's round refuses (`TimerContext.inRound`): it runs on the room's clock until the member leaves it. */
export type RoundRefusedCommand = "pause" | "reset" | "mode";

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

/**
 * What Undo brings back (`docs/product.md`, The timer): the focus session a reset or a mode
 * change ended, as it was, offered until `until`. A running session comes back running to its
 * own end (the time in between counts: the user was still there), a paused one paused.
 */
export interface TimerUndo {
  /** Undo is offered until this instant, epoch ms. */
  until: number;
  status: "running" | "paused";
  mode: TimerMode;
  durationMs: number;
  /** Time left when it ended, ms (a paused session's time left). */
  remainingMs: number;
  /** A running session's end, epoch ms; null for a paused one. */
  endsAt: number | null;
  sessionStartTime: number;
  sessionTask: TaskRef | null;
  /** The session's intention (`TimerContext.intention`); absent in offers made before intentions. */
  intention?: string | null;
  /** The stopped session recorded when it ended (a focus session stopped after at least a minute), else null. */
  stopped: (SessionInput & { clientId: string }) | null;
  /** It counted up (Flowtime); absent for a Pomodoro session. */
  flow?: boolean;
  /** Its "+5 min" so far; absent when none. */
  extensions?: number;
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
  /** The timer's seed: every session's id is `sessionIdOf(seed, sessionStartTime)` (`sessionId.ts`). */
  seed: string;
  /** The session the last reset or mode change ended, while Undo is offered; else null. */
  undo: TimerUndo | null;
  /**
   * The focus session under way is strict (`docs/product.md`, Strict focus): no pause, reset,
   * skip or mode change, only End early. False between sessions and for breaks.
   */
  strict: boolean;
  /**
   * What the user will do first in the focus session under way (`docs/product.md`, Intentions):
   * set by the START that began it, null between sessions, for breaks and automatic starts.
   */
  intention: string | null;
  /**
   * The focus session under way counts up (Flowtime, `docs/product.md`, The timer): its
   * `durationMs` is FLOWTIME_MAX_MS until "Take a break" ends it. False between sessions and for breaks.
   */
  flow: boolean;
  /** The break waiting or under way was earned by a Flowtime session: its length, ms; else null. */
  earnedBreakMs: number | null;
  /** How many times "+5 min" made the focus session under way longer. */
  extensions: number;
  /** The focus session that has just ended, while "+5 min" can still bring it back; else null. */
  extendable: TimerExtendable | null;
  /** The session under way is a focus room's round (`FOLLOW_ROUND`): it cannot be made longer. */
  inRound: boolean;
}

/**
 * The focus session that has just ended, kept for "+5 min" until `until` (`docs/product.md`,
 * The timer: Five more minutes): what brings it back running, 5 minutes longer, and what its end
 * changed, to put back.
 */
export interface TimerExtendable {
  /** "+5 min" is offered until this instant, epoch ms (its end plus UNDO_WINDOW_MS). */
  until: number;
  /** Its end, epoch ms. */
  endedAt: number;
  durationMs: number;
  sessionStartTime: number;
  sessionTask: TaskRef | null;
  strict: boolean;
  extensions: number;
  /** Its completion record, withdrawn by "+5 min". */
  record: SessionInput & { clientId: string };
  /** The counters, `lastCompletedAt` and a guest's day before it ended. */
  before: TimerCounters & { lastCompletedAt: number | null; guestSessionUsedOn: string | null };
}

/**
 * Events. Every event that depends on time carries `now` (epoch ms) so the chart stays a
 * pure function of its inputs; the adapter (web app, mini timer, extension) stamps them.
 */
export type TimerEvent =
  /**
   * `strict`: a new focus session starts strict (the Focus Arena's switch); absent, the
   * `strictFocus` setting decides. A resumed session keeps what it was. `intention`: what the
   * user will do first in a new focus session (trimmed; empty or absent for none).
   */
  | { type: "START"; now: number; strict?: boolean; flow?: boolean; intention?: string }
  | { type: "PAUSE"; now: number }
  /** Start when idle or paused (same guards as START), pause when running, ignored while starting. */
  | { type: "TOGGLE"; now: number; strict?: boolean; flow?: boolean; intention?: string }
  /**
   * End a Flowtime focus session and earn its break (`docs/product.md`, The timer): recorded as
   * completed with its real length; a false start (under a minute) leaves no record. A strict one
   * refuses it before `focusDuration` minutes. Ignored when no Flowtime focus session is under way.
   */
  | { type: "TAKE_BREAK"; now: number }
  /**
   * "+5 min" (`docs/product.md`, The timer: Five more minutes): in a running Pomodoro focus
   * session's last EXTEND_OFFER_MS, or within UNDO_WINDOW_MS after it ended (the session comes
   * back running). Ignored otherwise, and past `maxExtensions`.
   */
  | { type: "EXTEND"; now: number }
  /**
   * The escape hatch of a strict focus session (`docs/product.md`, Strict focus): it ends now and
   * is recorded as stopped with `escapedAt`, whatever its length. Ignored when not strict.
   */
  | { type: "END_EARLY"; now: number }
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
  | { type: "FOLLOW_ROUND"; mode: TimerMode; startedAt: number; endsAt: number; now: number }
  /**
   * The member leaves the room whose round runs (`docs/rooms.md`, Staying in a room): the rest
   * of the round goes on as their own session, which they may pause or reset. Ignored outside a round.
   */
  | { type: "LEAVE_ROUND"; now: number }
  /**
   * The app's clock was corrected (a better estimate of the server's clock): `now` is taken as
   * it is, even when earlier than the chart's latest instant, unlike every other event's.
   */
  | { type: "CLOCK"; now: number }
  /** Bring back the session the last reset or mode change ended, while Undo is offered (`TimerUndo`). */
  | { type: "UNDO"; now: number }
  /**
   * Take the account's timer as the server holds it (`accountTimer.ts`): every device follows it.
   * It replaces the session under way without any effect (nothing is recorded or announced).
   */
  | { type: "SYNC"; timer: SyncedTimer; now: number };

/**
 * The part of the account's timer a device takes over (`AccountTimer` without the server's
 * bookkeeping): the chart's state and the context that belongs to the account, not the device.
 */
export interface SyncedTimer {
  status: TimerStatus;
  mode: TimerMode;
  durationMs: number;
  remainingMs: number;
  endsAt: number | null;
  sessionStartTime: number | null;
  lastCompletedAt: number | null;
  totalSessions: number;
  sessionTask: TaskRef | null;
  seed: string;
  undo: TimerUndo | null;
  /** `TimerContext.strict`. */
  strict: boolean;
  /** `TimerContext.intention`; absent from senders before intentions. */
  intention?: string | null;
  /** `TimerContext.flow`; absent (false) from senders older than Flowtime, as are the next four. */
  flow?: boolean;
  /** `TimerContext.earnedBreakMs`. */
  earnedBreakMs?: number | null;
  /** `TimerContext.extensions`. */
  extensions?: number;
  /** `TimerContext.extendable`. */
  extendable?: TimerExtendable | null;
  /** `TimerContext.inRound`. */
  inRound?: boolean;
  /** `TimerContext.task`: the task picked on any of the account's devices; absent from senders before it (the device keeps its own). */
  picked?: TaskRef | null;
}

/** The chart's resting states, as the account's timer names them. */
export type TimerStatus = "idle" | "running" | "paused" | "autoStarting";

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
  /** A Flowtime session the user ended with "Take a break" (or its 4-hour cap): no end to announce by Web Push. */
  flow?: boolean;
}

/**
 * The chart's side effects, named actions with empty bodies that each app gives its own
 * implementation with `timerMachine.provide({ actions })`: the web app records, rings and
 * notifies (features/timer/timerEffects.ts). Listed here with their params for tests.
 */
export type TimerEffect =
  | ({ type: "sessionCompleted" } & SessionCompleted)
  | { type: "startRefused"; reason: StartBlockReason }
  | ({ type: "sessionStopped" } & SessionStopped)
  | { type: "strictRefused"; command: StrictRefusedCommand }
  | { type: "roundRefused"; command: RoundRefusedCommand }
  | ({ type: "stopUndone" } & StopUndone);

/**
 * A focus session ended by a reset or a mode change after at least STOPPED_SESSION_MIN_MS of
 * focus: recorded as stopped (`completed: false`, the focus time it really had), so "stopped
 * early" and the completion rate tell the truth (`docs/product.md`, The timer).
 */
export interface SessionStopped {
  session: SessionInput & { clientId: string };
  task: TaskRef | null;
}

/** Undo brought back a session whose stopped record (`SessionStopped`) must now be forgotten. */
export interface StopUndone {
  session: SessionInput & { clientId: string };
}

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
  /** The timer's seed (`TimerContext.seed`); absent in records saved before session ids. */
  seed?: string;  /** The saved focus session was strict (`TimerContext.strict`); absent in records saved before strict focus. */
  strict?: boolean;
  /** The saved focus session's intention (`TimerContext.intention`). */
  intention?: string | null;
  /** The saved focus session counts up (`TimerContext.flow`); absent in records saved before Flowtime. */
  flow?: boolean;
  /** The saved session's "+5 min" so far (`TimerContext.extensions`). */
  extensions?: number;
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
  /** The timer's seed (`TimerContext.seed`): the saved one, else this, else a new one. */
  seed?: string;
}
