import { z } from "zod";
import { TIMER_MODES } from "../constants";
import { instantMsSchema } from "../schemas/dates";
import { intentionSchema } from "../schemas/intention";
import { ROOM_LIMITS } from "../schemas/room";
import { MAX_SESSION_EXTENSIONS, MAX_SESSION_SECONDS, sessionInputSchema } from "../schemas/session";
import { taskRefSchema } from "../schemas/task";
import { timeZoneSchema } from "../schemas/timeZone";
import { TIMER_SEED_PATTERN } from "./sessionId";
import type { StartBlockReason, TimerStatus } from "./types";

/**
 * The account's timer and the commands to it as they are sent and stored (`docs/product.md`, One
 * timer per account): zod schemas only, so the live protocol can check them without loading the
 * chart. The rules that run them are in `accountTimer.ts`.
 */

export const TIMER_STATUSES = ["idle", "running", "paused", "autoStarting"] as const satisfies readonly TimerStatus[];

/** The longest round a room runs, ms (its longest focus round; a break is shorter). */
const MAX_ROUND_MS = ROOM_LIMITS.focusMinutes.max * 60_000;

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
const syncedTimerSchema = z.object({
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
  /** The task the user works on now, picked on any device (`docs/product.md`, Tasks); absent in timers stored before it. */
  picked: taskRefSchema.nullable().default(null),
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

/**
 * What a device asks of the account's timer. `start` and `toggle` carry the task the device has
 * picked (the session counts for it), `task` picks another one (every device follows it; during
 * a session, the session moves to it), `round` runs a
 * focus room's round (`docs/rooms.md`: `mode` from `startedAt` to `endsAt`, epoch ms) and
 * `leaveRound` makes the rest of it the member's own session. `start` and
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
  z
    .object({ type: z.literal("round"), mode: z.enum(TIMER_MODES), startedAt: instantMsSchema, endsAt: instantMsSchema })
    .refine((round) => round.endsAt > round.startedAt && round.endsAt - round.startedAt <= MAX_ROUND_MS, {
      message: `A room's round ends after it starts and lasts at most ${ROOM_LIMITS.focusMinutes.max} minutes`,
      path: ["endsAt"],
    }),
  z.object({ type: z.literal("leaveRound") }),
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
 * Why a command was refused: a start the plan refuses (`StartBlockReason`), a pause, reset,
 * skip, mode change or room round during a strict focus session (`strict`), an End early
 * before its wait, asked for on the server, is over (`escapeWait`; `docs/product.md`, Strict
 * focus), a `round` that is not the round of a running room the user is in (`notInRoom`;
 * `docs/rooms.md`), a pause, reset or mode change of a room's round (`inRound`: the room's clock
 * runs it until the member leaves the room), or a command dated before the timer's last change
 * (`backdated`).
 */
export type TimerCommandRefusal = StartBlockReason | "strict" | "escapeWait" | "notInRoom" | "inRound" | "backdated";

/** Why a command was ignored: it would change nothing (`noChange`, e.g. "+5 min" with none left, Start on a running session). */
export type TimerCommandIgnored = "noChange";

/**
 * What became of a command: applied, refused (by the plan's rules, a strict session, a room or
 * its date), ignored (it would change nothing), or stale (another device changed the timer first).
 */
export type TimerCommandOutcome =
  | { id: string; outcome: "applied" }
  | { id: string; outcome: "refused"; reason: TimerCommandRefusal }
  | { id: string; outcome: "ignored"; reason: TimerCommandIgnored }
  | { id: string; outcome: "stale" };

export const timerCommandReplySchema = z.discriminatedUnion("outcome", [
  z.object({ id: z.uuid(), outcome: z.literal("applied") }),
  z.object({ id: z.uuid(), outcome: z.literal("refused"), reason: z.enum(["guestLimit", "freeLimit", "strict", "escapeWait", "notInRoom", "inRound", "backdated"]) }),
  z.object({ id: z.uuid(), outcome: z.literal("ignored"), reason: z.enum(["noChange"]) }),
  z.object({ id: z.uuid(), outcome: z.literal("stale") }),
]);

/** The server's answer to a batch: the account's timer after it, the server's clock (epoch ms), and what became of each command. */
export const timerCommandsAnswerSchema = z.object({
  timer: accountTimerSchema,
  serverNow: z.number(),
  replies: z.array(timerCommandReplySchema).max(MAX_TIMER_BATCH),
});
export type TimerCommandsAnswer = z.infer<typeof timerCommandsAnswerSchema>;

/**
 * The server's answer to End early's request (`POST /api/timer/escape`): how long the wait is
 * (ms: 60 s, or 5 minutes past the week's allowance) and when it is over (epoch ms, the server's
 * clock); an `endEarly` command is applied from then on.
 */
export const escapeWaitAnswerSchema = z.object({ waitMs: z.number().int().min(0), endsAt: instantMsSchema, serverNow: instantMsSchema });
export type EscapeWaitAnswer = z.infer<typeof escapeWaitAnswerSchema>;
