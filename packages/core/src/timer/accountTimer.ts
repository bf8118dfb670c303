import { transition, type SnapshotFrom } from "xstate";
import { AUTO_START_DELAY_MS, type TimerMode } from "../constants";
import type { SharedTimerState } from "../schemas/timerState";
import type { TimerSettings } from "../schemas/settings";
import { TIMER_STATUSES, type AccountTimer, type TimedTimerCommand, type TimerCommand, type TimerCommandOutcome, type TimerCommandRefusal } from "./accountTimerSchema";
import { timerMachine, type TimerMachine } from "./machine";
import type { SyncedTimer, TimerAccess, TimerEffect, TimerEvent } from "./types";
import { remainingMsOf } from "./timeLeft";

/**
 * One timer per account (`docs/product.md`, One timer per account): the server keeps each
 * signed-in account's timer and orders every device's commands; every device follows it. The
 * server runs the commands through the timer chart itself, with XState's pure `transition`
 * (no actor, no timers of its own), so the rules a device applies and the ones the server
 * applies are the same code. This module holds the pure functions the server calls
 * (`applyTimerCommands`, `settleAccountTimer`) and the one a device calls to follow it
 * (`eventsToFollow`); the timer's and the commands' schemas are in `accountTimerSchema.ts`.
 */

/** The synced part of the account's timer, every field present (`SyncedTimer` as the server keeps it). */
type AccountSyncedTimer = Omit<AccountTimer, "version" | "commandVersion" | "updatedAt">;

/** What the server knows when it runs the account's timer: the user's settings and plan, and its own clock (epoch ms). */
export interface TimerEnvironment {
  settings: TimerSettings;
  access: TimerAccess;
  now: number;
}

/** The account's timer after commands or settling, with what the chart did on the way. */
export interface AccountTimerResult {
  timer: AccountTimer;
  /** The timer changed (its version was raised). */
  changed: boolean;
  /** The chart's effects, in order: sessions to record (completed, stopped) or to withdraw, refusals. */
  effects: TimerEffect[];
  outcomes: TimerCommandOutcome[];
}

type TimerSnapshot = SnapshotFrom<TimerMachine>;

/** The delayed event of the automatic start (the chart's `after` in `autoStarting`). */
const AUTO_START_EVENT = { type: "xstate.after.autoStartDelay.timer.autoStarting" } as unknown as TimerEvent;

/** A new account's timer: a focus session waiting, version 0. */
export function newAccountTimer(settings: TimerSettings, seed: string, now: number): AccountTimer {
  const length = settings.focusDuration * 60_000;
  return {
    status: "idle",
    mode: "focus",
    durationMs: length,
    remainingMs: length,
    endsAt: null,
    sessionStartTime: null,
    lastCompletedAt: null,
    totalSessions: 0,
    sessionTask: null,
    seed,
    undo: null,
    strict: false,
    intention: null,
    flow: false,
    earnedBreakMs: null,
    extensions: 0,
    extendable: null,
    inRound: false,
    picked: null,
    version: 0,
    commandVersion: 0,
    updatedAt: now,
  };
}

/** The synced part of a chart snapshot (the chart must rest in one of TIMER_STATUSES). */
function syncedTimerOf(snapshot: TimerSnapshot): AccountSyncedTimer {
  const c = snapshot.context;
  const status = TIMER_STATUSES.find((s) => snapshot.matches(s)) ?? "idle";
  return {
    status,
    mode: c.mode,
    durationMs: c.durationMs,
    remainingMs: c.remainingMs,
    endsAt: status === "running" ? c.endsAt : null,
    sessionStartTime: c.sessionStartTime,
    lastCompletedAt: c.lastCompletedAt,
    totalSessions: c.totalSessions,
    sessionTask: c.sessionTask,
    seed: c.seed,
    undo: c.undo,
    strict: c.strict,
    intention: c.intention,
    flow: c.flow,
    earnedBreakMs: c.earnedBreakMs,
    extensions: c.extensions,
    extendable: c.extendable,
    inRound: c.inRound,
    picked: c.task,
  };
}

/** The synced part of an account timer (what the chart's SYNC takes). */
export function syncedPartOf(timer: AccountTimer): AccountSyncedTimer {
  const { version: _version, commandVersion: _commandVersion, updatedAt: _updatedAt, ...synced } = timer;
  return synced;
}

/** The settings key holding a mode's length. */
function lengthKey(mode: TimerMode): "focusDuration" | "shortBreakDuration" | "longBreakDuration" {
  return mode === "focus" ? "focusDuration" : mode === "shortBreak" ? "shortBreakDuration" : "longBreakDuration";
}

/**
 * The chart's snapshot of the account's timer at `now`, under `env`'s settings: resolved under
 * settings that match the timer's own length, then given the user's settings as a SET_SETTINGS,
 * so the chart's own rule decides (a waiting session takes the new length, a started one keeps
 * its own).
 */
function snapshotOf(timer: AccountTimer, env: TimerEnvironment, now: number, effects: TimerEffect[]): TimerSnapshot {
  const synced = syncedPartOf(timer);
  const asStored = { ...env.settings, [lengthKey(timer.mode)]: timer.durationMs / 60_000 };
  const resolved = timerMachine.resolveState({
    value: timer.status,
    context: {
      ...synced,
      endsAt: timer.status === "running" ? timer.endsAt : null,
      settings: asStored,
      now: Math.max(now, timer.updatedAt),
      dayKey: "",
      completedSessionsToday: 0,
      totalFocusTimeToday: 0,
      access: env.access,
      task: timer.picked,
      intention: synced.intention ?? null,
    },
  });
  return step(resolved, { type: "SET_SETTINGS", settings: env.settings, now: resolved.context.now }, effects);
}

/** One event through the chart (pure), keeping its effects. */
function step(snapshot: TimerSnapshot, event: TimerEvent, effects: TimerEffect[]): TimerSnapshot {
  const [next, actions] = transition(timerMachine, snapshot, event);
  for (const action of actions) {
    if (
      action.type === "sessionCompleted" ||
      action.type === "sessionStopped" ||
      action.type === "stopUndone" ||
      action.type === "startRefused" ||
      action.type === "strictRefused" ||
      action.type === "roundRefused"
    ) {
      effects.push({ type: action.type, ...(action.params as object) } as TimerEffect);
    }
  }
  return next;
}

/**
 * Why the chart refused a command, from the effects it gave: a start the plan refuses, a strict
 * session's refusal, or a room round's; null when it refused nothing.
 */
function refusalOf(effects: readonly TimerEffect[]): TimerCommandRefusal | null {
  for (const effect of effects) {
    if (effect.type === "startRefused") return effect.reason;
    if (effect.type === "strictRefused") return "strict";
    if (effect.type === "roundRefused") return "inRound";
  }
  return null;
}

/**
 * Lets time pass up to `now`: a session whose end has come completes (as on a device that
 * notices it then: an automatic start more than 10 minutes late does not happen), and an
 * automatic start whose moment has come starts. A Free-plan user's count of today's focus
 * sessions rises with each completed focus session, for the chart's start guard.
 */
function settle(snapshot: TimerSnapshot, now: number, effects: TimerEffect[]): TimerSnapshot {
  let current = snapshot;
  // Bounded: each round completes a session or starts one; a day of back-to-back sessions is far below this.
  for (let round = 0; round < 200; round += 1) {
    const { context } = current;
    if (current.matches("running") && context.endsAt !== null && context.endsAt <= now) {
      const before = effects.length;
      current = step(current, { type: "TICK", now }, effects);
      const focusDone = effects.slice(before).some((e) => e.type === "sessionCompleted" && e.mode === "focus");
      if (focusDone && !context.access.isGuest) {
        current = step(current, { type: "SET_ACCESS", access: { ...context.access, focusSessionsToday: context.access.focusSessionsToday + 1 } }, effects);
      }
    } else if (current.matches("autoStarting") && (context.lastCompletedAt ?? context.now) + AUTO_START_DELAY_MS <= now) {
      current = step(current, AUTO_START_EVENT, effects);
    } else {
      return current;
    }
  }
  return current;
}

/**
 * The chart events of a command given at `at` (epoch ms): what the server runs, and what a
 * device runs on its own chart at once, so both apply the same rules.
 */
export function timerEventsOf(command: TimerCommand, at: number): TimerEvent[] {
  switch (command.type) {
    case "start":
    case "toggle": {
      const event = {
        type: command.type === "start" ? ("START" as const) : ("TOGGLE" as const),
        now: at,
        ...(command.strict === undefined ? {} : { strict: command.strict }),
        ...(command.intention === undefined ? {} : { intention: command.intention }),
        ...(command.flow === undefined ? {} : { flow: command.flow }),
      };
      return command.task === undefined ? [event] : [{ type: "SET_TASK", task: command.task }, event];
    }
    case "pause":
      return [{ type: "PAUSE", now: at }];
    case "reset":
      return [{ type: "RESET", now: at }];
    case "endEarly":
      return [{ type: "END_EARLY", now: at }];
    case "mode":
      return [{ type: "SET_MODE", mode: command.mode, now: at }];
    case "undo":
      return [{ type: "UNDO", now: at }];
    case "task":
      return [{ type: "SET_TASK", task: command.task }];
    case "round":
      return [{ type: "FOLLOW_ROUND", mode: command.mode, startedAt: command.startedAt, endsAt: command.endsAt, now: at }];
    case "leaveRound":
      return [{ type: "LEAVE_ROUND", now: at }];
    case "takeBreak":
      return [{ type: "TAKE_BREAK", now: at }];
    case "extend":
      return [{ type: "EXTEND", now: at }];
  }
}

/** Whether two synced timers differ. */
function differs(a: SyncedTimer, b: SyncedTimer): boolean {
  return JSON.stringify(a) !== JSON.stringify(b);
}

/** The result's timer: `synced` as the next version when it differs from `timer`. */
function nextTimer(timer: AccountTimer, synced: AccountSyncedTimer, byCommand: boolean, now: number): { timer: AccountTimer; changed: boolean } {
  if (!differs(syncedPartOf(timer), synced)) return { timer, changed: false };
  const version = timer.version + 1;
  return { timer: { ...synced, intention: synced.intention ?? null, version, commandVersion: byCommand ? version : timer.commandVersion, updatedAt: Math.max(now, timer.updatedAt) }, changed: true };
}

/**
 * When the account's timer next changes by itself (epoch ms): a running session's end, or an
 * automatic start's moment; null when it waits for a command. The server settles it then.
 */
export function nextSettleAt(timer: AccountTimer): number | null {
  // A Flowtime session has no end to schedule (`docs/product.md`, The timer); only its 4-hour cap, settled when read.
  if (timer.status === "running") return timer.flow && timer.mode === "focus" ? null : timer.endsAt;
  if (timer.status === "autoStarting") return (timer.lastCompletedAt ?? timer.updatedAt) + AUTO_START_DELAY_MS;
  return null;
}

/**
 * Brings the account's timer to `env.now` and to the user's current settings (see `settle`);
 * what the server does before it sends the timer, and when a session's end comes.
 */
export function settleAccountTimer(timer: AccountTimer, env: TimerEnvironment): AccountTimerResult {
  const effects: TimerEffect[] = [];
  const snapshot = settle(snapshotOf(timer, env, timer.updatedAt, effects), env.now, effects);
  return { ...nextTimer(timer, syncedTimerOf(snapshot), false, env.now), effects, outcomes: [] };
}

/**
 * Runs a device's commands on the account's timer, in order, each at its own time (`at`, kept
 * between the timer's last change and `env.now`, so the order of changes never goes back), with
 * the time in between settled. The commands are `stale` (none is run, the server's timer wins)
 * when the device had not seen the timer's last commanded change (`baseVersion` below
 * `commandVersion`): a device that was offline while another device changed the timer does not
 * undo that change by replaying its own queue. A start the plan refuses is `refused`; a command
 * that changes nothing (Start on a running session, "+5 min" with none left) is `ignored`.
 */
export function applyTimerCommands(
  timer: AccountTimer,
  commands: readonly TimedTimerCommand[],
  baseVersion: number,
  env: TimerEnvironment,
): AccountTimerResult {
  const effects: TimerEffect[] = [];
  if (baseVersion < timer.commandVersion) {
    const settled = settleAccountTimer(timer, env);
    return { ...settled, outcomes: commands.map(({ id }) => ({ id, outcome: "stale" as const })) };
  }
  let snapshot = snapshotOf(timer, env, timer.updatedAt, effects);
  const outcomes: TimerCommandOutcome[] = [];
  let ran = false;
  for (const { id, command, at } of commands) {
    const when = Math.min(Math.max(at, snapshot.context.now), env.now);
    snapshot = settle(snapshot, when, effects);
    const before = effects.length;
    const unchanged = JSON.stringify(syncedTimerOf(snapshot));
    for (const event of timerEventsOf(command, when)) snapshot = step(snapshot, event, effects);
    const reason = refusalOf(effects.slice(before));
    if (reason) outcomes.push({ id, outcome: "refused", reason });
    else if (JSON.stringify(syncedTimerOf(snapshot)) === unchanged) outcomes.push({ id, outcome: "ignored", reason: "noChange" });
    else {
      outcomes.push({ id, outcome: "applied" });
      ran = true;
    }
  }
  snapshot = settle(snapshot, env.now, effects);
  return { ...nextTimer(timer, syncedTimerOf(snapshot), ran, env.now), effects, outcomes };
}

/**
 * What a stale batch did on the device that sent it (`docs/offline.md`, A timer used offline):
 * its commands run on the account's timer as that device last saw it (`base`, the version it
 * named), up to `env.now`, as they ran on the device while it was offline. The server records
 * the sessions this ends or stops (a session is keyed by its id, so one the account's timer also
 * ended is kept once) and keeps its own timer as it is.
 * @returns the chart's effects of the replay, in order.
 */
export function replayStaleCommands(base: AccountTimer, commands: readonly TimedTimerCommand[], env: TimerEnvironment): TimerEffect[] {
  return applyTimerCommands(base, commands, base.commandVersion, env).effects;
}

/**
 * The events a device sends its own chart to follow the account's timer (`timer`) at `now`
 * (the server's clock as the device reads it): SYNC, preceded by a TICK at the session's end
 * when the server has ended the very session this device is still running (its clock may read
 * a few ms before that end), so the device completes it itself first and the end rings here too.
 */
export function eventsToFollow(snapshot: TimerSnapshot, timer: AccountTimer, now: number): TimerEvent[] {
  const { context } = snapshot;
  const sync: TimerEvent = { type: "SYNC", timer: syncedPartOf(timer), now };
  const endedHere = snapshot.matches("running") && context.endsAt !== null && timer.lastCompletedAt === context.endsAt;
  return endedHere && context.endsAt !== null ? [{ type: "TICK", now: Math.max(now, context.endsAt) }, sync] : [sync];
}

/**
 * The account's timer as the shared timer state of `timer_update` (what the extension and the
 * mini timer read with `sharedTimerView`), at `now` (epoch ms).
 */
export function sharedStateOfAccount(timer: AccountTimer, now: number): SharedTimerState {
  const running = timer.status === "running";
  const remainingMs = remainingMsOf({ ...timer, endsAt: running ? timer.endsAt : null, now });
  return {
    isActive: running,
    currentTime: Math.ceil(remainingMs / 1000),
    mode: timer.mode,
    progress: ((timer.durationMs - remainingMs) / timer.durationMs) * 100,
    endsAt: running ? timer.endsAt : null,
    durationMs: timer.durationMs,
    sessionStartTime: timer.sessionStartTime,
    strict: running && timer.strict,
    ...(timer.flow && timer.mode === "focus" && timer.sessionStartTime !== null ? { flow: true } : {}),
    ...(running && timer.inRound ? { inRound: true } : {}),
  };
}
