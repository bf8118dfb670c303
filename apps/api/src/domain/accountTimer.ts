/**
 * One timer per account (`docs/product.md`, One timer per account): each signed-in account's
 * timer is kept in the database and every change runs here, in one transaction that holds the
 * user's row lock (so commands from any device and any API instance are ordered), through
 * core's `applyTimerCommands` / `settleAccountTimer` (the timer chart's own rules). The
 * sessions the chart ends are recorded in the same transaction: a completed session once per
 * account (its id is the idempotency key, whichever devices also post it), a focus session
 * stopped after a minute or more as stopped, and a stopped record withdrawn when Undo brings
 * its session back.
 */
import { isRoomRound, ROOM_PRESENCE_TIMEOUT_MS, type RoomSchedule } from "@focus/core/rooms";
import { type SessionInput } from "@focus/core/schemas";
import { type TaskRef } from "@focus/core/tasks";
import { planTier } from "@focus/core/subscription";
import {
  applyTimerCommands,
  escapesTooSoon,
  newAccountTimer,
  newTimerSeed,
  replayStaleCommands,
  settleAccountTimer,
  strictSessionUnderWay,
  type AccountTimer,
  type AccountTimerResult,
  type TimedTimerCommand,
  type EscapeAsk,
  type TimerCommandOutcome,
  type TimerCommandRefusal,
  type TimerEffect,
  type TimerEnvironment,
} from "@focus/core/timer";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { writeTransaction } from "../db/groupCommit";
import type { UserRow } from "../db/tables/users";
import { findAccountTimer, findTimerVersion, saveAccountTimer } from "../repositories/accountTimers";
import { listRoomSchedulesOfMember } from "../repositories/roomPresence";
import { deleteSessionByClientId } from "../repositories/sessions";
import { getSettings } from "../repositories/settings";
import { findTaskByClientId } from "../repositories/tasks";
import { findUserById, lockUserRow } from "../repositories/users";
import { HttpError } from "../httpError";
import { escapeAskOf } from "./escapes";
import { focusSessionsOnDayOf, recordSessionLocked } from "./sessions";
import { sessionWriteGate } from "./sessionWrites";
import { subscriptionOf } from "./subscription";

/** A device's batch, kept for its replay when it turns out stale. */
interface StaleBatch {
  commands: readonly TimedTimerCommand[];
  baseVersion: number;
}

/** What a run of the account's timer gives the live layer. */
export interface TimerRun extends AccountTimerResult {
  /** A session was recorded or withdrawn (the user's devices reload their sessions). */
  sessionsChanged: boolean;
  /** A session counting for a task was recorded (the user's devices reload their task list). */
  taskSessionRecorded: boolean;
}

/** Minimal logger (pino's shape). */
export interface TimerLogger {
  warn(object: object, message: string): void;
}

/**
 * The user's settings, plan and completed focus sessions today (in `timeZone`) as the chart's
 * environment at `now` (epoch ms).
 */
async function environmentOf(trx: Kysely<Database>, user: UserRow, timeZone: string, now: number): Promise<TimerEnvironment> {
  const subscription = subscriptionOf(user);
  const focusSessionsToday = planTier(subscription, now) === "free" ? await focusSessionsOnDayOf(trx, user.id, now, timeZone) : 0;
  return {
    settings: await getSettings(trx, user.id),
    access: { isGuest: false, subscription, guestSessionUsedOn: null, focusSessionsToday },
    now,
  };
}

/**
 * Records what the chart did: completed and stopped sessions (the plan's rules apply as to any
 * recorded session; one the plan refuses, or whose task is no longer the user's, is recorded
 * without the task or not at all, and logged), and withdrawn stopped records.
 * @returns whether sessions changed, and whether one counting for a task was recorded.
 */
async function recordEffects(
  trx: Kysely<Database>,
  user: UserRow,
  effects: readonly TimerEffect[],
  now: number,
  timeZone: string,
  log: TimerLogger,
): Promise<{ sessionsChanged: boolean; taskSessionRecorded: boolean }> {
  let sessionsChanged = false;
  let taskSessionRecorded = false;
  for (const effect of effects) {
    if (effect.type === "stopUndone") {
      sessionsChanged = (await deleteSessionByClientId(trx, user.id, effect.session.clientId)) || sessionsChanged;
      continue;
    }
    if (effect.type !== "sessionCompleted" && effect.type !== "sessionStopped") continue;
    const recorded = await recordOne(trx, user, await withTaskId(trx, user.id, effect.session, effect.task), now, timeZone, log);
    sessionsChanged ||= recorded?.created === true;
    taskSessionRecorded ||= recorded?.created === true && recorded.session.taskId !== undefined;
  }
  return { sessionsChanged, taskSessionRecorded };
}

/**
 * The session with its task's server id: a task added on a device that was offline has none in
 * the timer (the device names it by its `clientId`), and the server has it by then (the device's
 * outbox sends the task before the commands that came after it).
 */
async function withTaskId(trx: Kysely<Database>, userId: number, session: SessionInput, task: TaskRef | null): Promise<SessionInput> {
  if (session.taskId !== undefined || !task) return session;
  const id = task.id ?? (await findTaskByClientId(trx, userId, task.clientId))?.id;
  return id === undefined || id === null ? session : { ...session, taskId: id };
}

/** One session, under the plan; a task that is not (or no longer) the user's is left out. */
async function recordOne(trx: Kysely<Database>, user: UserRow, session: SessionInput, now: number, timeZone: string, log: TimerLogger) {
  try {
    return await recordSessionLocked(trx, user, session, now, timeZone);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.statusCode === 404 && session.taskId !== undefined) {
      const { taskId: _taskId, ...withoutTask } = session;
      return recordOne(trx, user, withoutTask, now, timeZone, log);
    }
    log.warn({ userId: user.id, clientId: session.clientId, status: error.statusCode }, `account timer: session not recorded: ${error.message}`);
    return null;
  }
}

/**
 * Runs `work` on the user's timer (a new one when the account has none) in one transaction:
 * stores the result when it changed, records its sessions (`runTimerLocked`).
 * @returns null when the user no longer exists.
 */
async function runTimer(
  db: Kysely<Database>,
  userId: number,
  timeZone: string | null,
  now: number,
  log: TimerLogger,
  work: (timer: AccountTimer, env: TimerEnvironment) => AccountTimerResult,
  staleBatch: StaleBatch | null = null,
): Promise<TimerRun | null> {
  // Session writes wait while an import of the user runs (`domain/sessionWrites.ts`).
  return sessionWriteGate(db).write(userId, () => writeTransaction(db, async (trx) => {
    await lockUserRow(trx, userId);
    return runTimerLocked(trx, userId, timeZone, now, log, work, staleBatch);
  }));
}

/**
 * `runTimer`'s work on `trx`, a transaction that already holds the user's row lock (and, for
 * the sessions it may record, the user's session write gate): runs `work` on the user's timer
 * (a new one when the account has none), stores the result when it changed, records its
 * sessions. `timeZone` is the devices' latest (kept with the timer); null keeps the stored one
 * (UTC when none).
 * @returns null when the user no longer exists.
 */
async function runTimerLocked(
  trx: Kysely<Database>,
  userId: number,
  timeZone: string | null,
  now: number,
  log: TimerLogger,
  work: (timer: AccountTimer, env: TimerEnvironment) => AccountTimerResult,
  staleBatch: StaleBatch | null = null,
): Promise<TimerRun | null> {
  const user = await findUserById(trx, userId);
  if (!user) return null;
  const stored = await findAccountTimer(trx, userId, true);
  const zone = timeZone ?? stored?.timeZone ?? "UTC";
  const env = await environmentOf(trx, user, zone, now);
  const timer = stored?.timer ?? newAccountTimer(env.settings, newTimerSeed(), now);
  const result = work(timer, env);
  const stale = staleBatch && result.outcomes.length > 0 && result.outcomes.every((o) => o.outcome === "stale") ? staleBatch : null;
  if (result.changed || !stored || stored.timeZone !== zone) await saveAccountTimer(trx, userId, result.timer, zone, now);
  const recorded = await recordEffects(trx, user, result.effects, now, zone, log);
  const replayed = stale ? await recordStaleBatch(trx, user, stale, env, zone, log) : null;
  return { ...result, sessionsChanged: recorded.sessionsChanged || replayed?.sessionsChanged === true, taskSessionRecorded: recorded.taskSessionRecorded || replayed?.taskSessionRecorded === true };
}

/**
 * A stale batch (`docs/offline.md`, A timer used offline): its commands run on the version of the
 * timer its device last saw, and what they ended or stopped there is recorded, so nothing done
 * offline is lost; the account's timer is not changed. Nothing is recorded when that version is
 * no longer kept (logged).
 */
async function recordStaleBatch(trx: Kysely<Database>, user: UserRow, batch: StaleBatch, env: TimerEnvironment, zone: string, log: TimerLogger) {
  const base = await findTimerVersion(trx, user.id, batch.baseVersion);
  if (!base) {
    log.warn({ userId: user.id, baseVersion: batch.baseVersion }, "account timer: a stale batch's version is no longer kept; its sessions are not recorded");
    return null;
  }
  return recordEffects(trx, user, replayStaleCommands(base, batch.commands, env), env.now, zone, log);
}

/**
 * How far before the change its device saw a command may be dated, ms: it runs at that change
 * then. A device's reading of the server's clock is off by about a round trip, seconds on a bad
 * network; a minute leaves room for that and gains a forger nothing (a session still ends on
 * the server's clock).
 */
const BACKDATE_TOLERANCE_MS = 60_000;

/**
 * What the server knows beside the timer when it screens a batch: End early's wait, the rooms
 * the user is in, and when the change the device last saw was made (`acknowledgedAt`, epoch ms;
 * null when not known: the timer's last change is taken then).
 */
interface CommandScreen {
  ask: EscapeAsk | null;
  rooms: readonly RoomSchedule[];
  acknowledgedAt: number | null;
  now: number;
}

/**
 * The commands of a batch the server refuses before the chart sees them, with why: an `endEarly`
 * before its wait is over (`escapeWait`, `domain/escapes.ts`), a `round` that is not the round of
 * a running room the user is in at its time (`notInRoom`, `docs/rooms.md`), and a command dated
 * before the change its device last saw (`backdated`): a device cannot make a session up. (A
 * command dated between that change and a later one the server made by itself, a session's end
 * say, runs at the later one: what a device did offline is kept.)
 */
function screenCommands(commands: readonly TimedTimerCommand[], timer: AccountTimer, screen: CommandScreen): Map<string, TimerCommandRefusal> {
  const refused = new Map<string, TimerCommandRefusal>();
  for (const id of escapesTooSoon(commands, timer, screen.ask, screen.now)) refused.set(id, "escapeWait");
  const acknowledgedAt = screen.acknowledgedAt ?? timer.updatedAt;
  for (const { id, command, at } of commands) {
    if (refused.has(id)) continue;
    if (at < acknowledgedAt - BACKDATE_TOLERANCE_MS) refused.set(id, "backdated");
    else if (command.type === "round" && !isRoomRound(screen.rooms, command, Math.min(at, screen.now))) refused.set(id, "notInRoom");
  }
  return refused;
}

/** `applyTimerCommands` on the commands `screenCommands` let through; the refused ones answered in their place. */
function applyScreened(timer: AccountTimer, commands: readonly TimedTimerCommand[], baseVersion: number, env: TimerEnvironment, screen: CommandScreen): AccountTimerResult {
  const refused = screenCommands(commands, timer, screen);
  if (refused.size === 0) return applyTimerCommands(timer, commands, baseVersion, env);
  const result = applyTimerCommands(timer, commands.filter((c) => !refused.has(c.id)), baseVersion, env);
  const outcomes = new Map(result.outcomes.map((o) => [o.id, o]));
  return {
    ...result,
    outcomes: commands.flatMap((c): TimerCommandOutcome[] => {
      const reason = refused.get(c.id);
      if (reason) return [{ id: c.id, outcome: "refused", reason }];
      const outcome = outcomes.get(c.id);
      return outcome ? [outcome] : [];
    }),
  };
}

/**
 * Runs a device's commands on the user's timer (core's `applyTimerCommands`): in order, each at
 * its own time, all refused as stale when the device had not seen the timer's last commanded
 * change (`baseVersion`); a stale batch still records the sessions it ended on the device
 * (`recordStaleBatch`), leaving out an End early before its wait and a round of no room the user
 * is in. Otherwise the commands `screenCommands` refuses are answered as refused and the rest
 * run. `now` is the server's clock, epoch ms.
 * @returns null when the user no longer exists.
 */
export function runTimerCommands(
  db: Kysely<Database>,
  userId: number,
  commands: readonly TimedTimerCommand[],
  baseVersion: number | null,
  timeZone: string | null,
  now: number,
  log: TimerLogger,
): Promise<TimerRun | null> {
  return (async () => {
    const ask = commands.some((c) => c.command.type === "endEarly") ? await escapeAskOf(db, userId, now) : null;
    const rooms = commands.some((c) => c.command.type === "round") ? await listRoomSchedulesOfMember(db, userId, new Date(now - ROOM_PRESENCE_TIMEOUT_MS)) : [];
    // When the change the device saw was made: read only for a batch dated back (one sent offline).
    const datedBack = baseVersion !== null && commands.some((c) => c.at < now - BACKDATE_TOLERANCE_MS);
    // A version no longer kept: nothing to compare with, so nothing is refused for its date.
    const acknowledgedAt = datedBack ? ((await findTimerVersion(db, userId, baseVersion))?.updatedAt ?? Number.NEGATIVE_INFINITY) : null;
    const screen: CommandScreen = { ask, rooms, acknowledgedAt, now };
    const replayable = (c: TimedTimerCommand) =>
      (c.command.type !== "endEarly" || (ask !== null && Math.min(c.at, now) >= ask.askedAt + ask.waitMs)) &&
      (c.command.type !== "round" || isRoomRound(rooms, c.command, Math.min(c.at, now)));
    const stale = baseVersion === null ? null : { commands: commands.filter(replayable), baseVersion };
    return runTimer(
      db,
      userId,
      timeZone,
      now,
      log,
      (timer, env) => {
        const base = baseVersion ?? timer.version;
        // Stale: every command answered so, none run (its sessions are replayed above).
        if (base < timer.commandVersion) return applyTimerCommands(timer, commands, base, env);
        return applyScreened(timer, commands, base, env, screen);
      },
      stale,
    );
  })();
}

/**
 * Brings the user's timer to `now` and to their current settings (a session's end, an
 * automatic start, a new length for a waiting session), recording what ended.
 * @returns null when the user no longer exists.
 */
export function settleTimer(db: Kysely<Database>, userId: number, now: number, log: TimerLogger): Promise<TimerRun | null> {
  return runTimer(db, userId, null, now, log, settleAccountTimer);
}

/**
 * `settleTimer` on `trx`, a write transaction that already holds the user's row lock and runs
 * inside the user's session write gate (`domain/sessionWrites.ts`): what saving the settings
 * does in its own transaction, so the stored settings and the timer they give a waiting session
 * commit together (`domain/settings.ts`). The sessions it ends are recorded in `trx` too.
 * @param now epoch ms.
 * @returns the run (its timer, whether it changed, the sessions it recorded), or null when the
 *   user no longer exists.
 * @throws what a query on `trx` throws (the caller's transaction then rolls back whole).
 */
export function settleTimerIn(trx: Kysely<Database>, userId: number, now: number, log: TimerLogger): Promise<TimerRun | null> {
  return runTimerLocked(trx, userId, null, now, log, settleAccountTimer);
}

/**
 * Refuses (409, `message`) while the user's account timer holds a strict focus session at `now`
 * (epoch ms; core's `strictSessionUnderWay`): what removing a blocked site or unlinking or
 * switching off a linked device asks first (`docs/product.md`, Strict focus).
 * @throws HttpError 409 with `message` during a strict session.
 */
export async function assertNoStrictSession(db: Kysely<Database>, userId: number, now: number, message: string): Promise<void> {
  const stored = await findAccountTimer(db, userId);
  if (stored && strictSessionUnderWay(stored.timer, now)) throw new HttpError(409, message);
}

/**
 * When the focus session the user's timer is in started (epoch ms): while a focus session runs
 * or is paused, else null. A blocked attempt is placed in this session.
 */
export async function currentFocusStart(db: Kysely<Database>, userId: number): Promise<number | null> {
  const stored = await findAccountTimer(db, userId);
  const timer = stored?.timer;
  if (!timer || timer.mode !== "focus" || (timer.status !== "running" && timer.status !== "paused")) return null;
  return timer.sessionStartTime;
}
