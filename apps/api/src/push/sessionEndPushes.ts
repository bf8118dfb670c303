/**
 * The push at a session's end (`docs/product.md`, Notifications on a locked phone): when an
 * account with a push subscription has a running timer, this instance wakes at the timer's next
 * change by itself (`nextSettleAt`: a session's end, an automatic start) and has the account's
 * timer settled (`AccountTimers.settleNow`), so the session is recorded and the next one starts
 * on time even with every device asleep. The run that ends a session (whichever instance or
 * device caused it) carries the chart's `sessionCompleted` effect, and that run alone sends the
 * notice: the settle runs in one transaction under the user's row lock, so of two instances
 * waking for the same end exactly one sees the session end, and the other finds nothing to do.
 *
 * A wake is armed after every run of a user's timer on this instance, and by a sweep of the
 * stored timers every SWEEP_INTERVAL_MS (at start-up too) for the accounts with subscriptions
 * whose timer changes in the next SWEEP_AHEAD_MS, or changed in the last LATE_PUSH_MS: timers
 * another instance changed, and after a restart. A session that ended more than LATE_PUSH_MS
 * ago gets no push (its timer is settled when a device next connects, as before). A pause, a
 * reset, a mode change or a new start is a run too: the wake moves or goes, and a stale wake
 * on another instance finds nothing to settle. A sweep never arms a wake from a stored timer
 * it read before a run of that user. Sending happens after the transaction, never
 * holding the row lock, the user's queue of timer work or the event loop.
 */
import { SESSION_END_NOTICE_TAG, sessionEndNotice, type PushNotice } from "@focus/core/push";
import { nextSettleAt, type SessionCompleted } from "@focus/core/timer";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import type { TimerRun } from "../domain/accountTimer";
import { hasPushSubscriptions, timersDueWithPush } from "../repositories/pushSubscriptions";
import { hitCounter } from "../repositories/rateCounters";
import type { PushReport } from "./sender";

/** A session that ended longer ago than this gets no push, ms. */
export const LATE_PUSH_MS = 60_000;
/**
 * Session-end notices one account is sent in an hour, at most (`docs/api.md`, Limits): a session
 * and a break of a minute each, back to back, stay under it; a flood of made-up ends does not
 * turn into a flood of outgoing connections.
 */
export const PUSH_NOTICES_PER_HOUR = 60;
const HOUR_MS = 60 * 60_000;
/** How often the stored timers are looked through, ms. */
export const SWEEP_INTERVAL_MS = 20_000;
/** How far ahead a sweep arms wakes, ms (more than the interval, so no end falls between two sweeps). */
export const SWEEP_AHEAD_MS = 30_000;
/** How long after a timer's change is due the wake settles it, ms (as the live layer's own settling). */
const WAKE_SLACK_MS = 50;
/** The page a click on the notice opens. */
const NOTICE_URL = "/app";

/** What the pushes need of the account timers (`live/accountTimers.ts`). */
export interface SettlingTimers {
  settleNow(userId: number): Promise<void>;
  onRun(listener: (userId: number, run: TimerRun) => void): () => void;
}

/** What the pushes need of the sender (`push/sender.ts`). */
export interface NoticeSender {
  sendToUser(userId: number, notice: PushNotice): Promise<PushReport>;
}

/** Pino's shape, as much as the pushes use. */
export interface SessionEndPushesLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface SessionEndPushesOptions {
  db: Kysely<Database>;
  timers: SettlingTimers;
  sender: NoticeSender;
  log: SessionEndPushesLogger;
  /** The server's clock, epoch ms (tests). */
  now?: () => number;
}

/** The push payload for a session's end: core's notice, its tag, and the page a click opens. */
export function noticeOf(completed: SessionCompleted): PushNotice {
  return { ...sessionEndNotice(completed), tag: SESSION_END_NOTICE_TAG, url: NOTICE_URL, endedAt: completed.endedAt };
}

export class SessionEndPushes {
  private readonly db: Kysely<Database>;
  private readonly timers: SettlingTimers;
  private readonly sender: NoticeSender;
  private readonly log: SessionEndPushesLogger;
  private readonly now: () => number;
  /** Each user's armed wake on this instance and the moment it is for. */
  private readonly wakes = new Map<number, { at: number; handle: NodeJS.Timeout }>();
  /** Sends under way (awaited by `idle`, tests). */
  private readonly sending = new Set<Promise<unknown>>();
  /** Each user's count of runs heard, so an answer about an older run never arms a wake. */
  private readonly runsHeard = new Map<number, number>();
  /** Runs heard so far, and the number of each user's last one while a sweep runs. */
  private runsSeen = 0;
  private readonly lastRunOf = new Map<number, number>();
  private sweepsRunning = 0;
  private sweeper: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private stopped = false;

  constructor(options: SessionEndPushesOptions) {
    this.db = options.db;
    this.timers = options.timers;
    this.sender = options.sender;
    this.log = options.log;
    this.now = options.now ?? (() => Date.now());
  }

  /** Hears the timers' runs, sweeps the stored timers once (the restart) and then every SWEEP_INTERVAL_MS. */
  async start(): Promise<void> {
    this.unsubscribe = this.timers.onRun((userId, run) => this.onRun(userId, run));
    await this.sweep();
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  /** Stops waking and sweeping (the server is closing); sends under way finish. */
  stop(): void {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.sweeper) clearInterval(this.sweeper);
    for (const { handle } of this.wakes.values()) clearTimeout(handle);
    this.wakes.clear();
  }

  /**
   * Arms a wake for every account with a subscription whose stored timer changes by itself
   * from LATE_PUSH_MS ago to SWEEP_AHEAD_MS ahead. Never throws (a failure is logged).
   */
  async sweep(): Promise<void> {
    if (this.stopped) return;
    const now = this.now();
    const seenBefore = this.runsSeen;
    this.sweepsRunning += 1;
    try {
      for (const { userId, settleAt } of await timersDueWithPush(this.db, now - LATE_PUSH_MS, now + SWEEP_AHEAD_MS)) {
        // A run heard since the timers were read (a pause, a reset) has moved or removed this
        // user's wake already: what the sweep read is older.
        if ((this.lastRunOf.get(userId) ?? 0) > seenBefore) continue;
        this.arm(userId, settleAt);
      }
    } catch (error) {
      this.log.warn({ err: error }, "push: could not look through the timers");
    } finally {
      this.sweepsRunning -= 1;
      if (this.sweepsRunning === 0) this.lastRunOf.clear();
    }
  }

  /** Resolves once every send under way is done (tests). */
  async idle(): Promise<void> {
    while (this.sending.size > 0) await Promise.all([...this.sending]);
  }

  /** When this instance will next wake for the user, epoch ms, or null (tests). */
  wakeOf(userId: number): number | null {
    return this.wakes.get(userId)?.at ?? null;
  }

  /** A committed run: sends the notice of a session it ended just now, and moves the user's wake. */
  private onRun(userId: number, run: TimerRun): void {
    const now = this.now();
    this.runsSeen += 1;
    if (this.sweepsRunning > 0) this.lastRunOf.set(userId, this.runsSeen);
    // A Flowtime session has no end to announce: the user ended it (`docs/product.md`, The timer).
    const ended = run.effects.filter((effect) => effect.type === "sessionCompleted" && effect.endedAt >= now - LATE_PUSH_MS && effect.flow !== true).at(-1);
    if (ended?.type === "sessionCompleted") this.track(this.send(userId, ended));
    const next = nextSettleAt(run.timer);
    const heard = (this.runsHeard.get(userId) ?? 0) + 1;
    this.runsHeard.set(userId, heard);
    if (next === null) {
      this.disarm(userId);
      this.runsHeard.delete(userId);
      return;
    }
    this.track(
      hasPushSubscriptions(this.db, userId).then(
        (has) => {
          if (this.runsHeard.get(userId) !== heard) return;
          this.runsHeard.delete(userId);
          if (has) this.arm(userId, next);
          else this.disarm(userId);
        },
        (error: unknown) => this.log.warn({ err: error, userId }, "push: could not read the subscriptions"),
      ),
    );
  }

  /**
   * Sends the notice of `completed` to the user's subscriptions, unless the account had its
   * PUSH_NOTICES_PER_HOUR (counted in the database, so across instances): then it is left out and
   * logged. Never throws.
   */
  private async send(userId: number, completed: SessionCompleted): Promise<void> {
    try {
      const { count } = await hitCounter(this.db, `push-notices:${userId}`, HOUR_MS, this.now());
      if (count > PUSH_NOTICES_PER_HOUR) {
        if (count === PUSH_NOTICES_PER_HOUR + 1) this.log.warn({ userId, perHour: PUSH_NOTICES_PER_HOUR }, "push: notices over the account's hourly limit are left out");
        return;
      }
    } catch (error) {
      this.log.warn({ err: error, userId }, "push: could not count the account's notices");
      return;
    }
    const report = await this.sender.sendToUser(userId, noticeOf(completed));
    if (report.sent + report.gone + report.failed > 0) {
      this.log.info({ userId, ...report, lateMs: this.now() - completed.endedAt }, "push: session end notice");
    }
  }

  private track(work: Promise<unknown>): void {
    this.sending.add(work);
    void work.finally(() => this.sending.delete(work));
  }

  /** Wakes at `at` (+ slack) to settle the user's timer; an earlier wake for another moment is replaced. */
  private arm(userId: number, at: number): void {
    if (this.stopped || this.wakes.get(userId)?.at === at) return;
    this.disarm(userId);
    const handle = setTimeout(() => {
      if (this.wakes.get(userId)?.handle === handle) this.wakes.delete(userId);
      void this.timers.settleNow(userId);
    }, Math.max(0, at - this.now()) + WAKE_SLACK_MS);
    handle.unref();
    this.wakes.set(userId, { at, handle });
  }

  private disarm(userId: number): void {
    const wake = this.wakes.get(userId);
    if (wake) clearTimeout(wake.handle);
    this.wakes.delete(userId);
  }
}
