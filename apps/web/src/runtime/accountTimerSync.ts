import { type LiveMessage } from "@focus/core/protocol";
import { MAX_TIMER_COMMANDS, eventsToFollow, timedTimerCommandSchema, type AccountTimer, type TimerCommandRefusal, type TimedTimerCommand, type TimerCommand, type TimerEvent } from "@focus/core/timer";
import { z } from "zod";
import type { LiveChannel } from "./liveChannel";
import { newClientId } from "./outbox/clientId";
import { readUserValue, writeUserValue } from "./userStorage";

/** The parts of the timer actor the sync uses. */
export interface FollowingTimer {
  getSnapshot(): Parameters<typeof eventsToFollow>[0];
  send(event: TimerEvent): void;
}

export interface AccountTimerSyncOptions {
  userId: number;
  timer: FollowingTimer;
  channel: LiveChannel;
  /** The server's clock, epoch ms. */
  now: () => number;
  /**
   * Whether the device has heard the server's clock: until then the account's timer is not
   * followed (a device whose clock runs minutes fast would end a running session at once).
   */
  clockHeard: () => boolean;
  /** This device's IANA time zone (the Free plan's "today" on the server). */
  timeZone: string;
  /** Commands this device sent were refused because another device changed the timer first; the server's timer is shown now. */
  onStale(): void;
  /** The server refused a start for the plan's rules. */
  onRefused(reason: TimerCommandRefusal): void;
}

/** A command waiting to be sent, with the version of the account's timer the device had seen when the user gave it. */
const queuedSchema = timedTimerCommandSchema.extend({ base: z.number().int().min(0) });
type Queued = z.infer<typeof queuedSchema>;
const queueSchema = z.array(queuedSchema).max(500);

/**
 * Keeps this device's timer on the account's timer (`docs/product.md`, One timer per account).
 * A command runs on the device's own chart at once (the caller does that) and goes to the server
 * here, with an id and the time the user gave it; while the live connection is down the
 * commands wait (kept in this browser for the user, so a reload offline keeps them) and go as
 * one batch when it is back, naming the last version of the account's timer this device saw.
 * Every `account_timer` from the server is followed (core's `eventsToFollow`) unless this
 * device's own commands are still on their way (they would be undone for a moment). A batch the
 * server refuses as stale is dropped: the server's timer wins, and the user is told.
 */
export class AccountTimerSync {
  private readonly options: AccountTimerSyncOptions;
  private pending: Queued[];
  private inFlight: Queued[] | null = null;
  private knownVersion: number;
  /** The latest account timer, held until the server's clock is known. */
  private deferred: AccountTimer | null = null;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(options: AccountTimerSyncOptions) {
    this.options = options;
    this.pending = this.loadQueue();
    this.knownVersion = Number(readUserValue(options.userId, "timer-version") ?? 0) || 0;
    this.unsubscribe.push(
      options.channel.onMessage((message) => this.onMessage(message)),
      options.channel.onConnected(() => this.onConnected()),
    );
    if (options.channel.isOpen()) this.flush();
  }

  /** Sends `command`, given now, to the account's timer (now, or once connected). */
  submit(command: TimerCommand): void {
    this.pending.push({ id: newClientId(), command, at: Math.round(this.options.now()), base: this.knownVersion });
    this.saveQueue();
    this.flush();
  }

  /** Commands not yet answered by the server. */
  waiting(): number {
    return this.pending.length + (this.inFlight?.length ?? 0);
  }

  stop(): void {
    for (const off of this.unsubscribe.splice(0)) off();
  }

  /** The server's clock is known now: follow the account's timer if it waited for that. */
  clockKnown(): void {
    const timer = this.deferred;
    this.deferred = null;
    if (timer && this.inFlight === null && this.pending.length === 0) this.follow(timer);
  }

  private onConnected(): void {
    // A batch sent on a connection that then dropped may not have arrived: send it again (the
    // server runs a batch once; a repeat of one it ran is refused as stale, which is harmless).
    if (this.inFlight) this.pending.unshift(...this.inFlight);
    this.inFlight = null;
    this.flush();
  }

  private flush(): void {
    if (this.inFlight || this.pending.length === 0 || !this.options.channel.isOpen()) return;
    const batch = this.pending.splice(0, MAX_TIMER_COMMANDS);
    this.inFlight = batch;
    // The oldest view any of them was given on: a queue from a time offline must not undo what
    // another device did meanwhile.
    const baseVersion = Math.min(...batch.map((c) => c.base));
    const commands: TimedTimerCommand[] = batch.map(({ id, command, at }) => ({ id, command, at }));
    this.options.channel.send({ type: "timer_commands", commands, baseVersion, timeZone: this.options.timeZone });
  }

  private onMessage(message: LiveMessage): void {
    if (message.type !== "account_timer") return;
    const { timer, replies } = message;
    const ours = replies !== undefined && this.inFlight !== null && replies.some((reply) => this.inFlight?.some((c) => c.id === reply.id));
    if (ours) {
      const batchBase = Math.min(...(this.inFlight ?? []).map((c) => c.base));
      this.inFlight = null;
      if (replies.some((reply) => reply.outcome === "stale")) {
        // Everything queued was based on what this device saw before: the server's timer wins.
        this.pending = [];
        this.options.onStale();
      } else {
        // Commands given after the batch were given on top of it: they build on its result.
        for (const queued of this.pending) if (queued.base >= batchBase) queued.base = timer.version;
      }
      for (const reply of replies) if (reply.outcome === "refused") this.options.onRefused(reply.reason);
      this.saveQueue();
    }
    this.remember(timer);
    if (this.inFlight === null && this.pending.length === 0) this.follow(timer);
    else this.flush();
  }

  private follow(timer: AccountTimer): void {
    if (!this.options.clockHeard()) {
      this.deferred = timer;
      return;
    }
    for (const event of eventsToFollow(this.options.timer.getSnapshot(), timer, this.options.now())) this.options.timer.send(event);
  }

  private remember(timer: AccountTimer): void {
    if (timer.version === this.knownVersion) return;
    this.knownVersion = timer.version;
    writeUserValue(this.options.userId, "timer-version", String(timer.version));
  }

  private loadQueue(): Queued[] {
    try {
      const parsed = queueSchema.safeParse(JSON.parse(readUserValue(this.options.userId, "timer-commands") ?? "[]"));
      return parsed.success ? parsed.data : [];
    } catch {
      return [];
    }
  }

  private saveQueue(): void {
    const queue = [...(this.inFlight ?? []), ...this.pending];
    writeUserValue(this.options.userId, "timer-commands", queue.length === 0 ? null : JSON.stringify(queue));
  }
}
