import { transition, type SnapshotFrom } from "xstate";
import { z } from "zod";
import { AUTO_START_DELAY_MS, TIMER_MODES, type TimerMode } from "../constants";
import { instantMsSchema, type SharedTimerState } from "../protocol/timerState";
import { MAX_SESSION_EXTENSIONS, MAX_SESSION_SECONDS, sessionInputSchema } from "../schemas/session";
import { intentionSchema } from "../schemas/intention";
import { timeZoneSchema } from "../schemas/timeZone";
import type { TimerSettings } from "../schemas/settings";
import { taskRefSchema } from "../tasks/list";
import { timerMachine, type TimerMachine } from "./machine";
import { TIMER_SEED_PATTERN } from "./sessionId";
import type { StartBlockReason, SyncedTimer, TimerAccess, TimerEffect, TimerEvent, TimerStatus } from "./types";
import { remainingMsOf } from "./view";

/**
 * One timer per account (`docs/product.md`, One timer per account): the server keeps each
 * signed-in account's timer and orders every device's commands; every device follows it. The
 * server runs the commands through the timer chart itself, with XState's pure `transition`
 * (no actor, no timers of its own), so the rules a device applies and the ones the server
 * applies are the same code. This module holds the account timer's shape, the commands and the
 * pure functions the server calls (`applyTimerCommands`, `settleAccountTimer`) and the one a
 * device calls to follow it (`eventsToFollow`).
 */

export const TIMER_STATUSES = ["idle", "running", "paused", "autoStarting"] as const satisfies readonly TimerStatus[];

const durationMs = z.number().min(0).max(MAX_SESSION_SECONDS * 1000);

const timerUndoSchema = z.object({
  until: instantMsSchema,
  status: z.enum(["running", "paused"]),
  mode: z.enum(TIMER_MODES),
  durationMs: durationMs.positive(),
  remainingMs: durationMs,
  endsAt: instantMsSchema.nullable(),
  sessionStartTime: instantMsSchema,
  sessionTask: taskRefSchema.nullable(),
  intention: intentionSchema.nullable().optional(),
  stopped: sessionInputSchema.extend({ clientId: z.uuid() }).nullable(),
  flow: z.boolean().optional(),
  extensions: z.number().int().min(0).max(MAX_SESSION_EXTENSIONS).optional(),
});

/** The focus session "+5 min" can still bring back (`TimerExtendable`). */
const timerExtendableSchema = z.object({
  until: instantMsSchema,
  endedAt: instantMsSchema,
  durationMs: durationMs.positive(),
  sessionStartTime: instantMsSchema,
  sessionTask: taskRefSchema.nullable(),
  strict: z.boolean(),
  extensions: z.number().int().min(0).max(MAX_SESSION_EXTENSIONS),
  record: sessionInputSchema.extend({ clientId: z.uuid() }),
  before: z.object({
    dayKey: z.string(),
    completedSessionsToday: z.number().int().min(0),
    totalFocusTimeToday: z.number().min(0),
    totalSessions: z.number().int().min(0),
    lastCompletedAt: instantMsSchema.nullable(),
    guestSessionUsedOn: z.string().nullable(),
  }),
});

/** The part of the account's timer every device takes over (`SyncedTimer`, the chart's SYNC). */
export const syncedTimerSchema = z.object({
  status: z.enum(TIMER_STATUSES),
  mode: z.enum(TIMER_MODES),
  durationMs: durationMs.positive(),
  remainingMs: durationMs,
  endsAt: instantMsSchema.nullable(),
  sessionStartTime: instantMsSchema.nullable(),
  lastCompletedAt: instantMsSchema.nullable(),
  totalSessions: z.number().int().min(0),
  sessionTask: taskRefSchema.nullable(),
  seed: z.string().regex(TIMER_SEED_PATTERN),
  undo: timerUndoSchema.nullable(),
  /** A strict focus session is under way (`docs/product.md`, Strict focus); absent in timers stored before it. */
  strict: z.boolean().default(false),
  /** The focus session's intention (`docs/product.md`, Intentions); absent in timers stored before it. */
  intention: intentionSchema.nullable().default(null),
  /** Flowtime and Five more minutes (`docs/product.md`, The timer); absent in timers stored before them. */
  flow: z.boolean().default(false),
  earnedBreakMs: durationMs.positive().nullable().default(null),
  extensions: z.number().int().min(0).max(MAX_SESSION_EXTENSIONS).default(0),
  extendable: timerExtendableSchema.nullable().default(null),
  inRound: z.boolean().default(false),
});

/**
 * The account's timer as the server keeps it and sends it (`account_timer`): the synced state,
 * its `version` (raised by every change), `commandVersion` (the version of the last change a
 * device asked for; the server's own settling of a session's end does not count) and `updatedAt`
 * (epoch ms of the last change, the server's clock).
 */
export const accountTimerSchema = syncedTimerSchema.extend({
  version: z.number().int().min(0),
  commandVersion: z.number().int().min(0),
  updatedAt: instantMsSchema,
});
export type AccountTimer = z.infer<typeof accountTimerSchema>;
/** The synced part of the account's timer, every field present (`SyncedTimer` as the server keeps it). */
type AccountSyncedTimer = Omit<AccountTimer, "version" | "commandVersion" | "updatedAt">;

/**
 * What a device asks of the account's timer. `start` and `toggle` carry the task the device has
 * picked (the session counts for it), `task` picks another one during a session, `round` runs a
 * focus room's round (`docs/rooms.md`: `mode` from `startedAt` to `endsAt`, epoch ms). `start` and
 * `toggle` may ask for a strict session (`strict`; absent, the setting decides), and `endEarly`
 * is a strict session's escape hatch (`docs/product.md`, Strict focus). `start` and `toggle` may
 * ask for a Flowtime session (`flow`; absent, the setting decides), `takeBreak` ends one, and
 * `extend` is "+5 min" (`docs/product.md`, The timer).
 */
export const timerCommandSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("start"), task: taskRefSchema.nullable().optional(), strict: z.boolean().optional(), flow: z.boolean().optional(), intention: intentionSchema.optional() }),
  z.object({ type: z.literal("toggle"), task: taskRefSchema.nullable().optional(), strict: z.boolean().optional(), flow: z.boolean().optional(), intention: intentionSchema.optional() }),
  z.object({ type: z.literal("endEarly") }),
  z.object({ type: z.literal("pause") }),
  z.object({ type: z.literal("reset") }),
  z.object({ type: z.literal("mode"), mode: z.enum(TIMER_MODES) }),
  z.object({ type: z.literal("undo") }),
  z.object({ type: z.literal("task"), task: taskRefSchema.nullable() }),
  z.object({ type: z.literal("round"), mode: z.enum(TIMER_MODES), startedAt: instantMsSchema, endsAt: instantMsSchema }),
  z.object({ type: z.literal("takeBreak") }),
  z.object({ type: z.literal("extend") }),
]);
export type TimerCommand = z.infer<typeof timerCommandSchema>;

/** Most commands one live message carries (a longer queue goes in several); fits a 4 KiB frame. */
export const MAX_TIMER_COMMANDS = 20;
/** Most commands one posted batch carries (`POST /api/timer/commands`): a long time offline fits in one, so its replay sees every command. */
export const MAX_TIMER_BATCH = 200;

/** A command as sent: its id (a UUID, named in the reply) and when the user gave it (epoch ms, the server's clock as the device reads it). */
export const timedTimerCommandSchema = z.object({ id: z.uuid(), command: timerCommandSchema, at: instantMsSchema });
export type TimedTimerCommand = z.infer<typeof timedTimerCommandSchema>;

/**
 * A device's batch of commands to the account's timer (`docs/api.md`, The account's timer): run
 * in order if the device had seen the timer's last commanded change (`baseVersion`); `timeZone`
 * is the device's (the Free plan's "today" when the account has none stored). Sent as
 * `POST /api/timer/commands` by the web app's outbox, and as the live `timer_commands` message.
 */
export const timerCommandBatchSchema = z.object({
  commands: z.array(timedTimerCommandSchema).min(1).max(MAX_TIMER_BATCH),
  baseVersion: z.number().int().min(0),
  timeZone: timeZoneSchema.optional(),
});
export type TimerCommandBatch = z.infer<typeof timerCommandBatchSchema>;

/**
 * Why a command was refused: a start the plan refuses (`StartBlockReason`), or a pause, reset,
 * skip, mode change or room round during a strict focus session (`strict`).
 */
export type TimerCommandRefusal = StartBlockReason | "strict";

/** What became of a command: applied, refused by the plan's rules or a strict session, or stale (another device changed the timer first). */
export type TimerCommandOutcome =
  | { id: string; outcome: "applied" }
  | { id: string; outcome: "refused"; reason: TimerCommandRefusal }
  | { id: string; outcome: "stale" };

export const timerCommandReplySchema = z.discriminatedUnion("outcome", [
  z.object({ id: z.uuid(), outcome: z.literal("applied") }),
  z.object({ id: z.uuid(), outcome: z.literal("refused"), reason: z.enum(["guestLimit", "freeLimit", "strict"]) }),
  z.object({ id: z.uuid(), outcome: z.literal("stale") }),
]);

/** The server's answer to a batch: the account's timer after it, the server's clock (epoch ms), and what became of each command. */
export const timerCommandsAnswerSchema = z.object({
  timer: accountTimerSchema,
  serverNow: z.number(),
  replies: z.array(timerCommandReplySchema).max(MAX_TIMER_BATCH),
});
export type TimerCommandsAnswer = z.infer<typeof timerCommandsAnswerSchema>;

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
    version: 0,
    commandVersion: 0,
    updatedAt: now,
  };
}

/** The synced part of a chart snapshot (the chart must rest in one of TIMER_STATUSES). */
export function syncedTimerOf(snapshot: TimerSnapshot): AccountSyncedTimer {
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
      task: timer.sessionTask,
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
      action.type === "strictRefused"
    ) {
      effects.push({ type: action.type, ...(action.params as object) } as TimerEffect);
    }
  }
  return next;
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
 * undo that change by replaying its own queue. A start the plan refuses is `refused`.
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
    for (const event of timerEventsOf(command, when)) snapshot = step(snapshot, event, effects);
    const refusal = effects.slice(before).find((e) => e.type === "startRefused" || e.type === "strictRefused");
    const reason: TimerCommandRefusal | null = refusal === undefined ? null : refusal.type === "startRefused" ? refusal.reason : "strict";
    outcomes.push(reason ? { id, outcome: "refused", reason } : { id, outcome: "applied" });
    ran ||= !refusal;
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
  };
}
