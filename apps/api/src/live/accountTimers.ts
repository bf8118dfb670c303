/**
 * The account timers on the live connection (`docs/api.md`, The account's timer): runs each
 * device's timer commands (`domain/accountTimer.ts`), one user's at a time in the order they
 * arrive, and sends the account's timer to every connection of the user after each change, on
 * every instance (`account_timer`, and `timer_update` for the extension). A new connection gets
 * the timer at once. While the user has a connection on this instance, the timer is settled
 * here when it next changes by itself (a session's end, an automatic start), so every device
 * hears it and the session is recorded even if no device posts it; with no connection anywhere
 * the timer waits, and is settled when a device next connects (as a device that was closed
 * finds its session ended, `docs/product.md`), or when the push module asks (`settleNow`: the
 * account has a device to notify, `push/sessionEndPushes.ts`). Work that commits a run in a
 * transaction of its own (a settings save) takes its place in the same queue (`runInOrder`), so
 * a user's devices never hear an older version of the timer after a newer one. Every run is
 * reported to the `onRun` listeners once its transaction has committed.
 */
import { randomUUID } from "node:crypto";
import { nextSettleAt, sharedStateOfAccount, type AccountTimer, type TimedTimerCommand, type TimerCommandOutcome } from "@focus/core/timer";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { runTimerCommands, settleTimer, type TimerRun } from "../domain/accountTimer";
import type { TimerQueue, TimerWorkDone } from "../domain/ports";
import type { LiveClient, LiveHub, TimerHub, TimerMessage } from "./hub";

/** How long after a timer's own change is due the server settles it, ms: devices that follow the same end hear it at once after their own tick. */
const SETTLE_SLACK_MS = 50;

/** Pino's shape, as much of it as the timers use. */
export interface AccountTimersLogger {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface AccountTimersOptions {
  db: Kysely<Database>;
  hub: LiveHub;
  log: AccountTimersLogger;
  /** The server's clock, epoch ms (tests). */
  now?: () => number;
}

/** Hears every committed run of a user's timer on this instance (the push module sends its notice from here). */
export type TimerRunListener = (userId: number, run: TimerRun) => void;

export class AccountTimers implements TimerHub, TimerQueue {
  private readonly db: Kysely<Database>;
  private readonly hub: LiveHub;
  private readonly log: AccountTimersLogger;
  private readonly now: () => number;
  /** Each user's work, chained so it runs in arrival order. */
  private readonly queues = new Map<number, Promise<void>>();
  /** Each user's next settling on this instance. */
  private readonly settles = new Map<number, NodeJS.Timeout>();
  private readonly runListeners = new Set<TimerRunListener>();
  private stopped = false;

  constructor(options: AccountTimersOptions) {
    this.db = options.db;
    this.hub = options.hub;
    this.log = options.log;
    this.now = options.now ?? (() => Date.now());
  }

  clientJoined(client: LiveClient): void {
    void this.enqueue(client.userId, async () => {
      const run = await this.settle(client.userId);
      if (!run) return;
      if (!run.changed) this.sendTimer(client, run.timer, undefined);
      this.schedule(client.userId, run.timer);
    });
  }

  receive(client: LiveClient, message: TimerMessage): void {
    const now = this.now();
    const batch =
      message.type === "timer_commands"
        ? { commands: message.commands, baseVersion: message.baseVersion, timeZone: client.timeZone ?? null }
        : message.action === "sync_request"
          ? null
          : { commands: [{ id: randomUUID(), command: { type: message.action }, at: now }], baseVersion: null, timeZone: client.timeZone ?? null };
    if (!batch) return;
    void this.run(client.userId, batch, client).catch(() => undefined);
  }

  /**
   * Runs a device's batch on the user's timer (after the user's earlier work, `POST
   * /api/timer/commands` and the live `timer_commands` alike) and tells every device: `client`,
   * the connection that sent it, gets the timer with its replies, every other connection of the
   * user the changed timer. Resolves with the run (null when the user no longer exists).
   * @throws what the run threw (also logged).
   */
  run(userId: number, batch: { commands: readonly TimedTimerCommand[]; baseVersion: number | null; timeZone: string | null }, client?: LiveClient): Promise<TimerRun | null> {
    let result: TimerRun | null = null;
    let failure: unknown = null;
    const done = this.enqueue(userId, async () => {
      try {
        result = await runTimerCommands(this.db, userId, batch.commands, batch.baseVersion, batch.timeZone, this.now(), this.log);
      } catch (error) {
        failure = error;
        throw error;
      }
      const run: TimerRun | null = result;
      if (!run) return;
      this.ran(userId, run);
      if (client) this.sendTimer(client, run.timer, run.outcomes);
      if (run.changed) this.publish(userId, run, client?.id);
      else if (run.sessionsChanged) this.hub.notifyUser(userId, { type: "sessions_changed" });
      this.schedule(userId, run.timer);
    });
    return done.then(() => {
      if (failure !== null) throw failure;
      return result;
    });
  }

  observed(userId: number, timer: AccountTimer): void {
    // Only an instance that serves one of the user's connections settles their timer.
    if (this.hub.isConnected(userId)) this.schedule(userId, timer);
  }

  /**
   * Runs `work`, which commits a run of the user's timer in a transaction of its own (a settings
   * save, `domain/settings.ts`), in the user's queue, after their earlier work; then hands the
   * run on as any other: the run listeners hear it, every connection of the user gets a changed
   * timer (or `sessions_changed` when only sessions changed), and the timer is settled here when
   * it next changes by itself while the user is connected here. The domain's `TimerQueue` port.
   * @returns `work`'s result.
   * @throws what `work` threw (not logged: the caller answers it); nothing is told then.
   */
  runInOrder<T>(userId: number, work: () => Promise<TimerWorkDone<T>>): Promise<T> {
    let outcome: { ok: true; result: T } | { ok: false; error: unknown } = { ok: false, error: new Error("account timer: the work did not run") };
    const queued = this.enqueue(userId, async () => {
      let done: TimerWorkDone<T>;
      try {
        done = await work();
      } catch (error) {
        outcome = { ok: false, error };
        return;
      }
      outcome = { ok: true, result: done.result };
      const run = done.run;
      if (!run) return;
      this.ran(userId, run);
      if (run.changed) this.publish(userId, run);
      else if (run.sessionsChanged) this.hub.notifyUser(userId, { type: "sessions_changed" });
      if (this.hub.isConnected(userId)) this.schedule(userId, run.timer);
    });
    return queued.then(() => {
      if (!outcome.ok) throw outcome.error;
      return outcome.result;
    });
  }

  /**
   * Settles the user's timer now, whether or not a device of theirs is connected (a session's
   * end that a device must be told of); every device hears a change. Resolves once done (errors
   * are logged).
   */
  settleNow(userId: number): Promise<void> {
    return this.enqueue(userId, async () => {
      const run = await this.settle(userId);
      if (run && this.hub.isConnected(userId)) this.schedule(userId, run.timer);
    });
  }

  /** Calls `listener` after every committed run of a user's timer on this instance; returns the unsubscribe. */
  onRun(listener: TimerRunListener): () => void {
    this.runListeners.add(listener);
    return () => this.runListeners.delete(listener);
  }

  /** Stops settling (the server is closing); pending work still finishes. */
  stop(): void {
    this.stopped = true;
    for (const handle of this.settles.values()) clearTimeout(handle);
    this.settles.clear();
  }

  /** Resolves once the user's queued work is done (tests). */
  idle(userId: number): Promise<void> {
    return this.queues.get(userId) ?? Promise.resolve();
  }

  /** Runs `work` after the user's earlier work; an error is logged, never thrown at the socket. */
  private enqueue(userId: number, work: () => Promise<void>): Promise<void> {
    const previous = this.queues.get(userId) ?? Promise.resolve();
    const next = previous.then(work).catch((error: unknown) => this.log.error({ err: error, userId }, "account timer: work failed"));
    this.queues.set(userId, next);
    void next.finally(() => {
      if (this.queues.get(userId) === next) this.queues.delete(userId);
    });
    return next;
  }

  /** Tells the run listeners; one that throws is logged and never stops the others or the run. */
  /**
   * Settles the user's timer now (inside the user's queue): the run's listeners hear it and, when
   * it changed, every device of the user does. Null when there was nothing to settle.
   */
  private async settle(userId: number): Promise<TimerRun | null> {
    const run = await settleTimer(this.db, userId, this.now(), this.log);
    if (!run) return null;
    this.ran(userId, run);
    if (run.changed) this.publish(userId, run);
    return run;
  }

  private ran(userId: number, run: TimerRun): void {
    for (const listener of this.runListeners) {
      try {
        listener(userId, run);
      } catch (error) {
        this.log.error({ err: error, userId }, "account timer: run listener failed");
      }
    }
  }

  /** The timer to one connection, with what became of its commands. */
  private sendTimer(client: LiveClient, timer: AccountTimer, replies: TimerCommandOutcome[] | undefined): void {
    const serverNow = this.now();
    client.send({ type: "account_timer", timer, serverNow, ...(replies ? { replies } : {}) });
    client.send({ type: "timer_update", timerState: sharedStateOfAccount(timer, serverNow), source: "server" });
  }

  /** A changed timer to every connection of the user (but `exceptClientId`), on every instance. */
  private publish(userId: number, run: TimerRun, exceptClientId?: number): void {
    const serverNow = this.now();
    this.hub.notifyUser(userId, { type: "account_timer", timer: run.timer, serverNow }, exceptClientId);
    this.hub.notifyUser(userId, { type: "timer_update", timerState: sharedStateOfAccount(run.timer, serverNow), source: "server" }, exceptClientId);
    if (run.sessionsChanged) this.hub.notifyUser(userId, { type: "sessions_changed" });
    if (run.taskSessionRecorded) this.hub.notifyUser(userId, { type: "tasks_changed" });
  }

  /** Settles the user's timer here when it next changes by itself, while the user is connected here. */
  private schedule(userId: number, timer: AccountTimer): void {
    const previous = this.settles.get(userId);
    if (previous) clearTimeout(previous);
    this.settles.delete(userId);
    const at = nextSettleAt(timer);
    if (at === null || this.stopped) return;
    const handle = setTimeout(() => {
      this.settles.delete(userId);
      if (!this.hub.isConnected(userId)) return;
      void this.enqueue(userId, async () => {
        const run = await this.settle(userId);
        if (run) this.schedule(userId, run.timer);
      });
    }, Math.max(0, at - this.now()) + SETTLE_SLACK_MS);
    handle.unref();
    this.settles.set(userId, handle);
  }
}
