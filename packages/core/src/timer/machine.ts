import { and, assign, fromCallback, not, setup, type EventObject } from "xstate";
import {
  AUTO_START_DELAY_MS,
  EXTENSION_MS,
  FLOWTIME_MAX_MS,
  MISSED_COMPLETION_MS,
  STOPPED_SESSION_MIN_MS,
  TICK_MS,
  TIMER_STATE_MAX_AGE_MS,
  UNDO_WINDOW_MS,
  type TimerMode,
} from "../constants";
import { localDayKey } from "../format";
import { intentionOf } from "../schemas/intention";
import type { SessionInput } from "../schemas/session";
import type { TimerSettings } from "../schemas/settings";
import { exceedsDailyFocusLimit, planTier } from "../subscription/plan";
import { earnedBreakMs, extensionOffer, flowBreakShareOf, flowFocusedMs, flowRecords, startsFlow, takeBreakAllowed } from "./flow";
import { newTimerSeed, sessionIdOf } from "./sessionId";
import { strictRefuses } from "./strict";
import { remainingMsOf } from "./timeLeft";
import type {
  RoundRefusedCommand,
  SessionCompleted,
  SessionStopped,
  StartBlockReason,
  StopUndone,
  StrictRefusedCommand,
  SyncedTimer,
  TimerAccess,
  TimerContext,
  TimerEvent,
  TimerExtendable,
  TimerInput,
  TimerStatus,
  TimerUndo,
} from "./types";

/** Full length of a mode's session from the settings, ms. */
export function modeDurationMs(settings: TimerSettings, mode: TimerMode): number {
  const minutes =
    mode === "focus"
      ? settings.focusDuration
      : mode === "shortBreak"
        ? settings.shortBreakDuration
        : settings.longBreakDuration;
  return minutes * 60_000;
}

/** The mode after a completed one: a long break after every Nth focus session (`docs/product.md`). */
export function nextModeAfter(mode: TimerMode, totalSessions: number, longBreakInterval: number): TimerMode {
  if (mode !== "focus") return "focus";
  return totalSessions > 0 && totalSessions % longBreakInterval === 0 ? "longBreak" : "shortBreak";
}

/**
 * Why starting is refused at `context.now` (epoch ms), or null when it is allowed
 * (`docs/product.md`, People and plans): a guest's second focus session of the local day, or a
 * Free-plan user's focus session beyond the plan's daily limit (`access.focusSessionsToday`
 * already completed today). Breaks are never refused to a signed-in user.
 */
export function startBlockReason(context: Pick<TimerContext, "access" | "mode" | "now">): StartBlockReason | null {
  const { access } = context;
  if (access.isGuest) {
    if (context.mode === "focus" && access.guestSessionUsedOn === localDayKey(context.now)) return "guestLimit";
    return null;
  }
  const tier = planTier({ ...access.subscription, isGuest: false }, context.now);
  return context.mode === "focus" && exceedsDailyFocusLimit(tier, access.focusSessionsToday) ? "freeLimit" : null;
}

/** Why a start at the chart's latest instant is refused (only asked once a guard refused it). */
function refusalOf(context: TimerContext): StartBlockReason {
  return startBlockReason(context) ?? "freeLimit";
}

/** Access when the app gives none: an active premium plan, so nothing is refused. */
const OPEN_ACCESS: TimerAccess = {
  isGuest: false,
  subscription: { subscriptionPlan: "premium", subscriptionStatus: "active", trialEndDate: null },
  guestSessionUsedOn: null,
  focusSessionsToday: 0,
};

function durationsDiffer(a: TimerSettings, b: TimerSettings): boolean {
  return (
    a.focusDuration !== b.focusDuration ||
    a.shortBreakDuration !== b.shortBreakDuration ||
    a.longBreakDuration !== b.longBreakDuration ||
    a.longBreakInterval !== b.longBreakInterval
  );
}

function initialContext(input: TimerInput): TimerContext {
  const dayKey = localDayKey(input.now);
  const counters =
    input.counters && input.counters.dayKey === dayKey
      ? input.counters
      : { dayKey, completedSessionsToday: 0, totalFocusTimeToday: 0, totalSessions: input.counters?.totalSessions ?? 0 };
  const base: TimerContext = {
    ...counters,
    settings: input.settings,
    mode: "focus",
    durationMs: modeDurationMs(input.settings, "focus"),
    remainingMs: modeDurationMs(input.settings, "focus"),
    endsAt: null,
    now: input.now,
    sessionStartTime: null,
    lastCompletedAt: null,
    access: input.access ?? OPEN_ACCESS,
    task: input.task ?? null,
    sessionTask: null,
    seed: input.restore?.seed ?? input.seed ?? newTimerSeed(),
    undo: null,
    strict: false,
    intention: null,
    flow: false,
    earnedBreakMs: null,
    extensions: 0,
    extendable: null,
    inRound: false,
  };
  const saved = input.restore;
  if (!saved || saved.timestamp > input.now) return base;
  // A running session is never dropped, whatever its age: its end time is the truth, and one
  // that ended while the app was closed completes (and is recorded) as soon as the chart runs.
  if (saved.isActive && saved.endsAt !== null) {
    return { ...base, mode: saved.mode, durationMs: saved.durationMs, endsAt: saved.endsAt, sessionStartTime: saved.sessionStartTime, remainingMs: saved.durationMs, sessionTask: saved.task ?? null, strict: saved.mode === "focus" && saved.strict === true, intention: saved.intention ?? null, ...restoredFlow(saved) };
  }
  if (input.now - saved.timestamp >= TIMER_STATE_MAX_AGE_MS) return base;
  // A paused session whose length no longer matches the settings was made under other
  // settings; restoring it would show a session the user did not configure.
  if (saved.durationMs !== modeDurationMs(input.settings, saved.mode) && !(saved.flow === true && saved.mode === "focus")) return base;
  const remainingMs = Math.min(Math.max(saved.remainingMs, 0), saved.durationMs);
  return { ...base, mode: saved.mode, durationMs: saved.durationMs, remainingMs, sessionStartTime: saved.sessionStartTime, sessionTask: saved.task ?? null, intention: saved.intention ?? null, ...restoredFlow(saved) };
}

/** A saved focus session's Flowtime and "+5 min" (absent in records saved before them). */
function restoredFlow(saved: NonNullable<TimerInput["restore"]>): Pick<TimerContext, "flow" | "extensions"> {
  return { flow: saved.mode === "focus" && saved.flow === true, extensions: saved.extensions ?? 0 };
}

/**
 * Whether `mode` starts by itself after the session before it ended `lateByMs` ago: when the
 * settings say so, and not when the start is more than 10 minutes late (the app was closed):
 * then the timer waits in that mode instead of replaying sessions nobody was there for.
 */
function autoStarts(settings: TimerSettings, mode: TimerMode, lateByMs: number): boolean {
  return (mode === "focus" ? settings.autoStartFocus : settings.autoStartBreaks) && lateByMs < TIMER_STATE_MAX_AGE_MS;
}

/** The completed session the chart hands to its `sessionCompleted` effect. */
function completedSession(context: TimerContext): SessionCompleted {
  const endedAt = context.lastCompletedAt ?? context.now;
  const startedAt = context.sessionStartTime ?? endedAt - context.durationMs;
  const nextMode = nextModeAfter(context.mode, context.totalSessions, context.settings.longBreakInterval);
  const nextDurationMs = nextLengthOf(context, nextMode);
  // Only a focus session counts for a task (`docs/product.md`, Tasks).
  const task = context.mode === "focus" ? context.sessionTask : null;
  return {
    mode: context.mode,
    nextMode,
    nextDurationMs,
    nextStartsItself: autoStarts(context.settings, nextMode, context.now - endedAt),
    endedAt,
    whileAway: context.now - endedAt > MISSED_COMPLETION_MS,
    ...(context.mode === "focus" && context.flow ? { flow: true } : {}),
    task,
    session: {
      startTime: new Date(startedAt).toISOString(),
      duration: Math.round(context.durationMs / 1000),
      type: context.mode === "focus" ? "focus" : "break",
      completed: true,
      clientId: sessionIdOf(context.seed, startedAt),
      ...(task?.id ? { taskId: task.id } : {}),
      ...(context.mode === "focus" && context.intention ? { intention: context.intention } : {}),
      ...(context.mode === "focus" && context.extensions > 0 ? { extensions: context.extensions } : {}),
    },
  };
}

/**
 * The length of `nextMode`'s session after the one in `context` ended, ms: the break a Flowtime
 * session earned (`earnedBreakMs`, `docs/product.md`, The timer), else the mode's length.
 */
function nextLengthOf(context: TimerContext, nextMode: TimerMode): number {
  if (context.mode === "focus" && context.flow && nextMode !== "focus") {
    return earnedBreakMs(context.durationMs, flowBreakShareOf(context.settings), nextMode, context.settings.longBreakDuration);
  }
  return modeDurationMs(context.settings, nextMode);
}

/**
 * What "+5 min" would bring back of the focus session ending now (`TimerExtendable`): a Pomodoro
 * focus session that is not a room's round; null otherwise. Called before `completeSession`.
 */
function extendableOf(context: TimerContext): TimerExtendable | null {
  if (context.mode !== "focus" || context.flow || context.inRound || context.sessionStartTime === null) return null;
  const endedAt = context.endsAt ?? context.now;
  return {
    until: endedAt + UNDO_WINDOW_MS,
    endedAt,
    durationMs: context.durationMs,
    sessionStartTime: context.sessionStartTime,
    sessionTask: context.sessionTask,
    strict: context.strict,
    extensions: context.extensions,
    record: {
      startTime: new Date(context.sessionStartTime).toISOString(),
      duration: Math.round(context.durationMs / 1000),
      type: "focus",
      completed: true,
      clientId: sessionIdOf(context.seed, context.sessionStartTime),
    },
    before: {
      dayKey: context.dayKey,
      completedSessionsToday: context.completedSessionsToday,
      totalFocusTimeToday: context.totalFocusTimeToday,
      totalSessions: context.totalSessions,
      lastCompletedAt: context.lastCompletedAt,
      guestSessionUsedOn: context.access.guestSessionUsedOn,
    },
  };
}

/** The chart's context as of an event's instant (time never goes back), for guards that run before `observeTime`. */
function atEvent(context: TimerContext, event: TimerEvent): TimerContext {
  return "now" in event ? { ...context, now: Math.max(event.now, context.now) } : context;
}

/**
 * The break the Flowtime session under way has earned so far, ms (`docs/product.md`, The timer:
 * "Break earned: 6 min"), with the long-break rule for the mode that would follow; null when no
 * Flowtime session is under way.
 */
export function breakEarnedSoFarMs(context: TimerContext): number | null {
  if (!context.flow || context.mode !== "focus" || context.sessionStartTime === null) return null;
  const nextMode = nextModeAfter("focus", context.totalSessions + 1, context.settings.longBreakInterval);
  return earnedBreakMs(flowFocusedMs(context), flowBreakShareOf(context.settings), nextMode, context.settings.longBreakDuration);
}

/**
 * What Undo would bring back if the session under way ended now (a reset or a mode change):
 * a started focus session, with its stopped record when it had at least STOPPED_SESSION_MIN_MS
 * of focus; null for a break or a session that never started (`docs/product.md`, The timer).
 */
function undoOf(context: TimerContext, status: "running" | "paused"): TimerUndo | null {
  if (context.mode !== "focus" || context.sessionStartTime === null) return null;
  const remainingMs = remainingMsOf(context);
  const focusedMs = context.durationMs - remainingMs;
  const stopped =
    focusedMs >= STOPPED_SESSION_MIN_MS
      ? {
          startTime: new Date(context.sessionStartTime).toISOString(),
          duration: Math.round(focusedMs / 1000),
          type: "focus" as const,
          completed: false,
          clientId: sessionIdOf(context.seed, context.sessionStartTime),
          ...(context.sessionTask?.id ? { taskId: context.sessionTask.id } : {}),
          ...(context.intention ? { intention: context.intention } : {}),
          ...(context.extensions > 0 ? { extensions: context.extensions } : {}),
        }
      : null;
  return {
    until: context.now + UNDO_WINDOW_MS,
    status,
    mode: context.mode,
    durationMs: context.durationMs,
    remainingMs,
    endsAt: status === "running" ? context.endsAt : null,
    sessionStartTime: context.sessionStartTime,
    sessionTask: context.sessionTask,
    intention: context.intention,
    stopped,
    ...(context.flow ? { flow: true } : {}),
    ...(context.extensions > 0 ? { extensions: context.extensions } : {}),
  };
}

/**
 * The record of a strict focus session ended early at `context.now` (`docs/product.md`, Strict
 * focus): stopped (`completed: false`) with the focus it had, whatever its length, and marked
 * with the escape's instant. Null when no strict session is under way.
 */
function escapeOf(context: TimerContext): (SessionInput & { clientId: string }) | null {
  if (!context.strict || context.mode !== "focus" || context.sessionStartTime === null) return null;
  const focusedMs = Math.max(0, context.durationMs - remainingMsOf(context));
  return {
    startTime: new Date(context.sessionStartTime).toISOString(),
    duration: Math.round(focusedMs / 1000),
    type: "focus",
    completed: false,
    clientId: sessionIdOf(context.seed, context.sessionStartTime),
    ...(context.sessionTask?.id ? { taskId: context.sessionTask.id } : {}),
    ...(context.intention ? { intention: context.intention } : {}),
    escapedAt: new Date(context.now).toISOString(),
  };
}

/** The chart's resting state for a synced or undone timer. */
function statusOf(event: TimerEvent, context: TimerContext): TimerStatus | null {
  if (event.type === "SYNC") return event.timer.status;
  if (event.type === "UNDO") return context.undo !== null && event.now < context.undo.until ? context.undo.status : null;
  return null;
}

/**
 * The ticker wakes the chart when the displayed second changes and exactly when the
 * session ends, with the time of `now` (epoch ms) in the event: an app gives its own clock
 * (the web app the server's, `tickerWith(serverNow)`). It only prompts a re-render: the time
 * left is always `endsAt − now`, so a throttled or sleeping tab never drifts.
 */
export function tickerWith(now: () => number) {
  return fromCallback<EventObject, { endsAt: number }>(({ sendBack, input }) => {
    let handle: unknown;
    const schedule = () => {
      const left = input.endsAt - now();
      const untilNextSecond = left > 0 ? left % TICK_MS || TICK_MS : 0;
      handle = setTimeout(() => {
        // The next wake-up first: the TICK may end the session and stop this ticker, whose
        // cleanup must then find (and clear) the newest timeout, or it would fire forever.
        schedule();
        sendBack({ type: "TICK", now: now() });
      }, untilNextSecond + 1);
    };
    schedule();
    return () => clearTimeout(handle);
  });
}

/** The ticker on this device's own clock. */
const ticker = tickerWith(() => Date.now());

/**
 * The Pomodoro timer (rules in docs/product.md "Timer").
 *
 * States: idle (full session waiting), running, paused, autoStarting (the 1 s before an
 * automatic start), plus transient `init` (restore) and `finished` (route after completion).
 * Time: `endsAt` (epoch ms) is the source of truth while running.
 * Effects: the named actions `sessionCompleted` (params `SessionCompleted`, once per finished
 * session) and `startRefused` (params `{ reason }`) do nothing here; each app provides them
 * (`timerMachine.provide({ actions })`) to record, ring, notify and explain.
 */
const timerSetup = setup({
  types: {
    context: {} as TimerContext,
    events: {} as TimerEvent,
    input: {} as TimerInput,
  },
  actors: { ticker },
  delays: {
    autoStartDelay: AUTO_START_DELAY_MS,
  },
  guards: {
    restoredRunning: ({ context }) => context.endsAt !== null,
    restoredPaused: ({ context }) => context.sessionStartTime !== null && context.remainingMs < context.durationMs,
    startBlocked: ({ context, event }) =>
      startBlockReason({ ...context, now: "now" in event ? event.now : context.now }) !== null,
    clockRanOut: ({ context }) => context.endsAt !== null && context.now >= context.endsAt,
    sessionOver: ({ context, event }) =>
      context.endsAt !== null && "now" in event && event.now >= context.endsAt,
    // After `advanceMode`, so `context.mode` is the mode about to start.
    shouldAutoStart: ({ context }) => autoStarts(context.settings, context.mode, context.now - (context.lastCompletedAt ?? context.now)),
    durationsChanged: ({ context, event }) =>
      event.type === "SET_SETTINGS" && durationsDiffer(context.settings, event.settings),
    roundFollowed: ({ context, event }) =>
      event.type === "FOLLOW_ROUND" && context.endsAt === event.endsAt && context.mode === event.mode,
    roundOver: ({ event }) => event.type === "FOLLOW_ROUND" && event.now >= event.endsAt,
    roundBlocked: ({ context, event }) =>
      event.type === "FOLLOW_ROUND" && startBlockReason({ ...context, mode: event.mode, now: event.now }) !== null,
    toRunning: ({ context, event }) => statusOf(event, context) === "running",
    toPaused: ({ context, event }) => statusOf(event, context) === "paused",
    toAutoStarting: ({ context, event }) => statusOf(event, context) === "autoStarting",
    /** The session ending now had a minute of focus or more: it is recorded as stopped. */
    recordsStop: ({ context, event }) =>
      "now" in event && undoOf({ ...context, now: Math.max(event.now, context.now) }, "paused")?.stopped != null,
    /** The session Undo brings back was recorded as stopped. */
    undoesRecord: ({ context }) => context.undo?.stopped != null,
    /** A focus room's round is under way: the room's clock runs it, so pause, reset and mode changes are refused. */
    roomRound: ({ context }) => context.inRound && context.sessionStartTime !== null,
    /** A strict focus session is under way: pause, reset, skip and mode changes are refused. */
    strictSession: ({ context }) => strictRefuses(context),
    /** A Flowtime focus session is under way (running or paused). */
    flowSession: ({ context }) => context.flow && context.mode === "focus" && context.sessionStartTime !== null,
    /** A strict Flowtime session before `focusDuration` minutes: "Take a break" is refused (only End early). */
    breakTooEarly: ({ context, event }) => !takeBreakAllowed(atEvent(context, event)),
    /** The Flowtime session ending now had a minute of focus or more: it is recorded. */
    flowRecords: ({ context, event }) => flowRecords(atEvent(context, event)),
    /** "+5 min" in a running Pomodoro focus session's last minutes (`extensionOffer`). */
    extendsRunning: ({ context, event }) => extensionOffer(atEvent(context, event)) === "running",
    /** "+5 min" just after a focus session ended: it comes back (`extensionOffer`). */
    extendsEnded: ({ context, event }) => extensionOffer(atEvent(context, event)) === "ended",
  },
  actions: {
    observeTime: assign(({ context, event }) => {
      if (!("now" in event)) return {};
      // Time never goes back with an event, except when the clock itself is corrected.
      const now = event.type === "CLOCK" ? event.now : Math.max(event.now, context.now);
      const dayKey = localDayKey(now);
      if (dayKey === context.dayKey) return { now };
      return { now, dayKey, completedSessionsToday: 0, totalFocusTimeToday: 0 };
    }),
    startClock: assign(({ context, event }) => ({
      endsAt: context.now + context.remainingMs,
      sessionStartTime: context.sessionStartTime ?? context.now,
      // A new focus session is strict as the start asks, else as the setting says; a resumed one keeps its own.
      strict:
        context.sessionStartTime === null
          ? context.mode === "focus" && ((event.type === "START" || event.type === "TOGGLE") && event.strict !== undefined ? event.strict : context.settings.strictFocus === true)
          : context.strict,
      // A new session counts for the task picked now; a resumed one keeps its own.
      sessionTask: context.sessionStartTime === null ? context.task : context.sessionTask,
      // A new focus session takes the start's intention (none when it names none); a resumed one keeps its own.
      intention:
        context.sessionStartTime === null
          ? context.mode === "focus" && (event.type === "START" || event.type === "TOGGLE") ? intentionOf(event.intention) : null
          : context.intention,
      // A start ends the Undo offer: it would throw away the session started now.
      undo: null,
    })),
    /**
     * A new session begins (none under way): a focus session counts up when the start asks for
     * Flowtime or the setting says so (its length is then FLOWTIME_MAX_MS); no "+5 min" yet, and
     * the offer to bring back the last one ends. A resumed session keeps what it was.
     */
    beginSession: assign(({ context, event }) => {
      if (context.sessionStartTime !== null) return {};
      const asked = event.type === "START" || event.type === "TOGGLE" ? event.flow : undefined;
      const flow = context.mode === "focus" && startsFlow(context.settings, asked);
      const length = flow ? { durationMs: FLOWTIME_MAX_MS, remainingMs: FLOWTIME_MAX_MS } : {};
      // A break that starts leaves "+5 min" on the focus session that just ended; a focus session ends it.
      return { ...length, flow, extensions: 0, inRound: false, ...(context.mode === "focus" ? { extendable: null } : {}) };
    }),
    /** "Take a break" ends the Flowtime session now: its length is the focus it had. */
    endFlow: assign(({ context }) => ({ durationMs: flowFocusedMs(context), remainingMs: 0, endsAt: context.now })),
    /** "+5 min" in a running focus session: the same session, its end 5 minutes on. */
    extendSession: assign(({ context }) => ({
      endsAt: (context.endsAt ?? context.now) + EXTENSION_MS,
      durationMs: context.durationMs + EXTENSION_MS,
      extensions: context.extensions + 1,
    })),
    /** Kept at a focus session's end, before `completeSession`, for "+5 min" (`extendableOf`). */
    keepExtendable: assign(({ context }) => ({ extendable: extendableOf(context) })),
    /**
     * "+5 min" after the end: the focus session comes back running, 5 minutes longer, and what its
     * end changed (counters, the guest's day, the break) is put back.
     */
    reviveExtended: assign(({ context }) => {
      const ext = context.extendable;
      if (!ext) return {};
      const durationMs = ext.durationMs + EXTENSION_MS;
      const { lastCompletedAt, guestSessionUsedOn, ...counters } = ext.before;
      return {
        ...counters,
        lastCompletedAt,
        access: { ...context.access, guestSessionUsedOn },
        mode: "focus" as const,
        durationMs,
        remainingMs: durationMs,
        endsAt: ext.endedAt + EXTENSION_MS,
        sessionStartTime: ext.sessionStartTime,
        sessionTask: ext.sessionTask,
        strict: ext.strict,
        // The intention comes back with the session (its withdrawn record carried it).
        intention: ext.record.intention ?? null,
        extensions: ext.extensions + 1,
        flow: false,
        earnedBreakMs: null,
        inRound: false,
        extendable: null,
        undo: null,
      };
    }),
    stopClock: assign(({ context }) => ({
      remainingMs: context.endsAt === null ? context.remainingMs : Math.max(0, context.endsAt - context.now),
      endsAt: null,
    })),
    startClockAfterDelay: assign(({ context }) => {
      // Anchored to the previous session's end, not to when the delay fired: after a
      // sleep, the break has really been running since then.
      const startsAt = (context.lastCompletedAt ?? context.now) + AUTO_START_DELAY_MS;
      return { endsAt: startsAt + context.durationMs, sessionStartTime: startsAt, sessionTask: context.task, undo: null, strict: context.mode === "focus" && context.settings.strictFocus === true, intention: null };
    }),
    resetSession: assign(({ context }) => {
      // A break a Flowtime session earned keeps its length until the mode changes.
      const durationMs = context.mode !== "focus" && context.earnedBreakMs !== null ? context.earnedBreakMs : modeDurationMs(context.settings, context.mode);
      return { durationMs, remainingMs: durationMs, endsAt: null, sessionStartTime: null, sessionTask: null, strict: false, intention: null, flow: false, extensions: 0, inRound: false };
    }),
    setMode: assign({ mode: ({ context, event }) => (event.type === "SET_MODE" ? event.mode : context.mode), earnedBreakMs: null }),
    setSettings: assign({
      settings: ({ context, event }) => (event.type === "SET_SETTINGS" ? event.settings : context.settings),
    }),
    setAccess: assign({ access: ({ context, event }) => (event.type === "SET_ACCESS" ? event.access : context.access) }),
    /**
     * The task picked now. A session under way (started, running or paused) moves to a task
     * picked during it; unpicking (null: the task was finished, deleted or let go) leaves the
     * session with the task it had, so finishing a task mid-session still counts that session.
     */
    setTask: assign(({ context, event }) => {
      if (event.type !== "SET_TASK") return {};
      const underWay = context.sessionStartTime !== null;
      return { task: event.task, sessionTask: underWay && event.task !== null ? event.task : context.sessionTask };
    }),
    followRound: assign(({ context, event }) => {
      if (event.type !== "FOLLOW_ROUND") return {};
      const sessionStartTime = Math.max(event.startedAt, context.now);
      const durationMs = event.endsAt - sessionStartTime;
      // A focus round keeps the intention the user set (shown as their status in the room); a break has none.
      return { mode: event.mode, sessionStartTime, endsAt: event.endsAt, durationMs, remainingMs: durationMs, sessionTask: context.task, undo: null, strict: false, intention: event.mode === "focus" ? context.intention : null, flow: false, earnedBreakMs: null, extensions: 0, extendable: null, inRound: true };
    }),
    /** The member left the room: its round goes on as their own session. */
    leaveRound: assign({ inRound: false }),
    /** The member is in the round under way (again): the room's clock runs it. */
    rejoinRound: assign({ inRound: true }),
    /** A reset or mode change ends the session under way: a focus session is kept for Undo (`undoOf`). */
    keepUndo: assign(({ context }, params: { status: "running" | "paused" }) => ({ undo: undoOf(context, params.status) })),
    /** Undo: the ended session comes back as it was. */
    restoreUndo: assign(({ context }) => {
      const undo = context.undo;
      if (!undo) return {};
      return {
        mode: undo.mode,
        durationMs: undo.durationMs,
        remainingMs: undo.remainingMs,
        endsAt: undo.endsAt,
        sessionStartTime: undo.sessionStartTime,
        sessionTask: undo.sessionTask,
        undo: null,
        strict: false,
        intention: undo.intention ?? null,
        flow: undo.flow === true,
        extensions: undo.extensions ?? 0,
      };
    }),
    /** The account's timer as the server holds it replaces this one's (`SYNC`). */
    adoptTimer: assign(({ event }) => {
      if (event.type !== "SYNC") return {};
      const timer: SyncedTimer = event.timer;
      return {
        mode: timer.mode,
        durationMs: timer.durationMs,
        remainingMs: timer.remainingMs,
        endsAt: timer.status === "running" ? timer.endsAt : null,
        sessionStartTime: timer.sessionStartTime,
        lastCompletedAt: timer.lastCompletedAt,
        totalSessions: timer.totalSessions,
        sessionTask: timer.sessionTask,
        seed: timer.seed,
        undo: timer.undo,
        strict: timer.strict,
        intention: timer.intention ?? null,
        flow: timer.flow ?? false,
        earnedBreakMs: timer.earnedBreakMs ?? null,
        extensions: timer.extensions ?? 0,
        extendable: timer.extendable ?? null,
        inRound: timer.inRound ?? false,
        ...(timer.picked === undefined ? {} : { task: timer.picked }),
      };
    }),
    /** Effect, provided by the app: a focus session was stopped after at least a minute (record it as stopped). */
    sessionStopped: (_, _params: SessionStopped) => {},
    /** Effect, provided by the app: Undo brought back a session recorded as stopped (forget that record). */
    stopUndone: (_, _params: StopUndone) => {},
    /** Effect, provided by the app: a strict focus session refused `command` (say so calmly). */
    strictRefused: (_, _params: { command: StrictRefusedCommand }) => {},
    roundRefused: (_, _params: { command: RoundRefusedCommand }) => {},
    /** Effect, provided by the app: a start was refused for `reason`. */
    startRefused: (_, _params: { reason: StartBlockReason }) => {},
    completeSession: assign(({ context }) => {
      const endedAt = context.endsAt ?? context.now;
      const isFocus = context.mode === "focus";
      const minutes = Math.round(context.durationMs / 60_000);
      const dayKey = localDayKey(endedAt);
      const sameDay = dayKey === context.dayKey;
      const completedSessionsToday = (sameDay ? context.completedSessionsToday : 0) + (isFocus ? 1 : 0);
      const totalFocusTimeToday = (sameDay ? context.totalFocusTimeToday : 0) + (isFocus ? minutes : 0);
      const totalSessions = context.totalSessions + (isFocus ? 1 : 0);
      const access =
        isFocus && context.access.isGuest ? { ...context.access, guestSessionUsedOn: dayKey } : context.access;
      return { lastCompletedAt: endedAt, dayKey, completedSessionsToday, totalFocusTimeToday, totalSessions, access };
    }),
    /** Effect, provided by the app: a session ended (record it, ring, notify). */
    sessionCompleted: (_, _params: SessionCompleted) => {},
    advanceMode: assign(({ context }) => {
      const mode = nextModeAfter(context.mode, context.totalSessions, context.settings.longBreakInterval);
      const durationMs = nextLengthOf(context, mode);
      const earned = context.mode === "focus" && context.flow && mode !== "focus" ? durationMs : null;
      return { mode, durationMs, remainingMs: durationMs, endsAt: null, sessionStartTime: null, sessionTask: null, strict: false, intention: null, flow: false, earnedBreakMs: earned, extensions: 0, inRound: false };
    }),
  },
});

/** The refused-start effect with its reason, as every start transition names it. */
const refuseStart = { type: "startRefused", params: ({ context }: { context: TimerContext }) => ({ reason: refusalOf(context) }) } as const;

/** The refused-start effect for a room's round the plan does not allow (its mode, not the timer's). */
const refuseRound = {
  type: "startRefused",
  params: ({ context, event }: { context: TimerContext; event: TimerEvent }) => ({
    reason: (event.type === "FOLLOW_ROUND" && startBlockReason({ ...context, mode: event.mode, now: event.now })) || refusalOf(context),
  }),
} as const;

/** The stopped-session effect, with the record `keepUndo` has just made. */
const recordStop = {
  type: "sessionStopped",
  params: ({ context }: { context: TimerContext }) => ({ session: context.undo!.stopped!, task: context.undo!.sessionTask }),
} as const;

/** The escape record of End early (`escapeOf`), before `resetSession` ends the session; no Undo is offered. */
const recordEscape = {
  type: "sessionStopped",
  params: ({ context }: { context: TimerContext }) => ({ session: escapeOf(context)!, task: context.sessionTask }),
} as const;

/** The calm refusal of a strict session, naming what it refused. */
function refuseStrict(command: StrictRefusedCommand) {
  return { type: "strictRefused" as const, params: { command } };
}

/** The refusal of a room's round (it runs on the room's clock until the member leaves), naming what it refused. */
function refuseInRound(command: RoundRefusedCommand) {
  return { type: "roundRefused" as const, params: { command } };
}

/**
 * What a strict focus session, then a room's round, refuses of `command` (`strictSession`,
 * `roomRound`): only the time moves, and the refusal is said.
 */
function lockedSession(command: RoundRefusedCommand) {
  return [
    { guard: "strictSession" as const, actions: ["observeTime" as const, refuseStrict(command)] },
    { guard: "roomRound" as const, actions: ["observeTime" as const, refuseInRound(command)] },
  ];
}

/** The withdrawn-record effect of "+5 min" after the end, before `reviveExtended` forgets the record. */
const withdrawCompletion = { type: "stopUndone", params: ({ context }: { context: TimerContext }) => ({ session: context.extendable!.record }) } as const;

/** "Take a break" in a Flowtime session (`docs/product.md`, The timer): refused early in a strict one, a false start leaves no record. */
const takeBreakTransitions = [
  { guard: not("flowSession"), actions: "observeTime" as const },
  { guard: "breakTooEarly" as const, actions: ["observeTime" as const, refuseStrict("break")] },
  { guard: "flowRecords" as const, target: "finished" as const, actions: ["observeTime" as const, "endFlow" as const] },
  { target: "idle" as const, actions: ["observeTime" as const, "resetSession" as const] },
];

/** The withdrawn-record effect of an Undo, before `restoreUndo` forgets the record. */
const withdrawStop = { type: "stopUndone", params: ({ context }: { context: TimerContext }) => ({ session: context.undo!.stopped! }) } as const;

/**
 * A reset or a mode change of a session that has started (`status`): Undo is offered for a focus
 * session, and one with a minute of focus or more is recorded as stopped (`docs/product.md`).
 * `change` is what the event does after that ("resetSession", or "setMode" and "resetSession").
 */
function stopTransitions(status: "running" | "paused", ...change: ("setMode" | "resetSession")[]) {
  const keepUndo = { type: "keepUndo" as const, params: { status } };
  return [
    { guard: "recordsStop" as const, target: "idle" as const, actions: ["observeTime" as const, keepUndo, recordStop, ...change] },
    { target: "idle" as const, actions: ["observeTime" as const, keepUndo, ...change] },
  ];
}

export const timerMachine = timerSetup.createMachine({
  id: "timer",
  context: ({ input }) => initialContext(input),
  initial: "init",
  on: {
    SET_ACCESS: { actions: "setAccess" },
    SET_TASK: { actions: "setTask" },
    // A focus room's round, in any state: it replaces what ran, and its end is the room's.
    FOLLOW_ROUND: [
      // The round under way (again, or back in it after leaving the room): the session goes on, in the room.
      { guard: "roundFollowed", actions: ["observeTime", "rejoinRound"] },
      { guard: "strictSession", actions: ["observeTime", refuseStrict("round")] },
      { guard: "roundOver", actions: "observeTime" },
      { guard: "roundBlocked", actions: ["observeTime", refuseRound] },
      { target: ".running", reenter: true, actions: ["observeTime", "followRound"] },
    ],
    // Leaving the room: the rest of its round is the member's own session.
    LEAVE_ROUND: [{ guard: "roomRound", actions: ["observeTime", "leaveRound"] }, { actions: "observeTime" }],
    CLOCK: { actions: "observeTime" },
    // Undo while it is offered: the ended session comes back as it was (`TimerUndo`).
    UNDO: [
      { guard: and(["toRunning", "undoesRecord"]), target: ".running", reenter: true, actions: ["observeTime", withdrawStop, "restoreUndo"] },
      { guard: "toRunning", target: ".running", reenter: true, actions: ["observeTime", "restoreUndo"] },
      { guard: and(["toPaused", "undoesRecord"]), target: ".paused", reenter: true, actions: ["observeTime", withdrawStop, "restoreUndo"] },
      { guard: "toPaused", target: ".paused", reenter: true, actions: ["observeTime", "restoreUndo"] },
      { actions: "observeTime" },
    ],
    // "+5 min" (`docs/product.md`, Five more minutes): after the end the session comes back
    // running and its record is withdrawn; near the end it runs 5 minutes longer.
    EXTEND: [
      { guard: "extendsEnded", target: ".running", reenter: true, actions: ["observeTime", withdrawCompletion, "reviveExtended"] },
      { guard: "extendsRunning", target: ".running", reenter: true, actions: ["observeTime", "extendSession"] },
      { actions: "observeTime" },
    ],
    // The account's timer, from the server: taken as it is, with no effect.
    SYNC: [
      { guard: "toRunning", target: ".running", reenter: true, actions: ["observeTime", "adoptTimer"] },
      { guard: "toPaused", target: ".paused", reenter: true, actions: ["observeTime", "adoptTimer"] },
      { guard: "toAutoStarting", target: ".autoStarting", reenter: true, actions: ["observeTime", "adoptTimer"] },
      { target: ".idle", reenter: true, actions: ["observeTime", "adoptTimer"] },
    ],
  },
  states: {
    init: {
      always: [
        { guard: "restoredRunning", target: "running" },
        { guard: "restoredPaused", target: "paused" },
        { target: "idle" },
      ],
    },
    idle: {
      on: {
        START: [
          { guard: "startBlocked", actions: ["observeTime", refuseStart] },
          { target: "running", actions: ["observeTime", "beginSession", "startClock"] },
        ],
        TOGGLE: [
          { guard: "startBlocked", actions: ["observeTime", refuseStart] },
          { target: "running", actions: ["observeTime", "beginSession", "startClock"] },
        ],
        RESET: { actions: ["observeTime", "resetSession"] },
        SET_MODE: { actions: ["observeTime", "setMode", "resetSession"] },
        SET_SETTINGS: [
          { guard: "durationsChanged", actions: ["observeTime", "setSettings", "resetSession"] },
          { actions: ["observeTime", "setSettings"] },
        ],
        TICK: { actions: "observeTime" },
      },
    },
    running: {
      invoke: {
        src: "ticker",
        input: ({ context }) => ({ endsAt: context.endsAt ?? context.now }),
      },
      always: { guard: "clockRanOut", target: "finished" },
      on: {
        TICK: { actions: "observeTime" },
        START: { actions: "observeTime" },
        PAUSE: [
          { guard: "sessionOver", actions: "observeTime" },
          ...lockedSession("pause"),
          { target: "paused", actions: ["observeTime", "stopClock"] },
        ],
        TOGGLE: [
          { guard: "sessionOver", actions: "observeTime" },
          ...lockedSession("pause"),
          { target: "paused", actions: ["observeTime", "stopClock"] },
        ],
        RESET: [...lockedSession("reset"), ...stopTransitions("running", "resetSession")],
        SET_MODE: [...lockedSession("mode"), ...stopTransitions("running", "setMode", "resetSession")],
        END_EARLY: [
          { guard: "sessionOver", actions: "observeTime" },
          { guard: "strictSession", target: "idle", actions: ["observeTime", recordEscape, "resetSession"] },
          { actions: "observeTime" },
        ],
        // A started session keeps its length; new durations apply from the next session.
        SET_SETTINGS: { actions: ["observeTime", "setSettings"] },
        TAKE_BREAK: takeBreakTransitions,
      },
    },
    paused: {
      on: {
        START: [
          { guard: "startBlocked", actions: ["observeTime", refuseStart] },
          { target: "running", actions: ["observeTime", "beginSession", "startClock"] },
        ],
        TOGGLE: [
          { guard: "startBlocked", actions: ["observeTime", refuseStart] },
          { target: "running", actions: ["observeTime", "beginSession", "startClock"] },
        ],
        RESET: [...lockedSession("reset"), ...stopTransitions("paused", "resetSession")],
        SET_MODE: [...lockedSession("mode"), ...stopTransitions("paused", "setMode", "resetSession")],
        END_EARLY: [
          { guard: "strictSession", target: "idle", actions: ["observeTime", recordEscape, "resetSession"] },
          { actions: "observeTime" },
        ],
        // A started session keeps its length; new durations apply from the next session.
        SET_SETTINGS: { actions: ["observeTime", "setSettings"] },
        TICK: { actions: "observeTime" },
        TAKE_BREAK: takeBreakTransitions,
      },
    },
    finished: {
      entry: ["keepExtendable", "completeSession", { type: "sessionCompleted", params: ({ context }) => completedSession(context) }, "advanceMode"],
      always: [{ guard: "shouldAutoStart", target: "autoStarting" }, { target: "idle" }],
    },
    autoStarting: {
      after: {
        autoStartDelay: { target: "running", actions: ["beginSession", "startClockAfterDelay"] },
      },
      on: {
        // A start request while starting is ignored (`docs/product.md`), and so is a toggle.
        START: { actions: "observeTime" },
        TOGGLE: { actions: "observeTime" },
        TICK: { actions: "observeTime" },
        PAUSE: { target: "idle", actions: "observeTime" },
        RESET: { target: "idle", actions: ["observeTime", "resetSession"] },
        SET_MODE: { target: "idle", actions: ["observeTime", "setMode", "resetSession"] },
        // The session about to start has not begun: it takes the new length.
        SET_SETTINGS: [
          { guard: "durationsChanged", actions: ["observeTime", "setSettings", "resetSession"] },
          { actions: ["observeTime", "setSettings"] },
        ],
      },
    },
  },
});

export type TimerMachine = typeof timerMachine;
