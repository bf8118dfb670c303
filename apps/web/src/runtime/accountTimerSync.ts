import { type LiveMessage } from "@focus/core/protocol";
import { accountTimerSchema, applyTimerCommands, eventsToFollow, newAccountTimer, timedTimerCommandSchema, timerCommandsAnswerSchema, timerEventsOf, type AccountTimer, type TimerCommand, type TimerCommandRefusal, type TimerEvent } from "@focus/core/timer";
import { z } from "zod";
import type { LiveChannel } from "./liveChannel";
import { newClientId } from "./outbox/clientId";
import type { Outcome, OutboxSync } from "./outbox/outboxSync";
import { setActiveTask } from "./tasks/activeTask";
import { readUserValue, writeUserValue } from "./userStorage";

/** The parts of the timer actor the sync uses. */
export interface FollowingTimer {
  getSnapshot(): Parameters<typeof eventsToFollow>[0];
  send(event: TimerEvent): void;
}

export interface AccountTimerSyncOptions {
  userId: number;
  timer: FollowingTimer;
  /** The live connection: every change of the account's timer arrives on it (`account_timer`). */
  channel: LiveChannel;
  /** The outbox the commands go through (`runtime/outbox/sync.ts`'s in the app). */
  outbox: Pick<OutboxSync, "submit" | "onOutcome" | "getState" | "subscribe">;
  /** The server's clock, epoch ms. */
  now: () => number;
  /**
   * Whether the device has heard the server's clock: until then the account's timer is not
   * followed (a device whose clock runs minutes fast would end a running session at once).
   */
  clockHeard: () => boolean;
  /** This device's IANA time zone (the Free plan's "today" on the server). */
  timeZone: string;
  /** Commands this device sent arrived after another device changed the timer; the server's timer is shown now. */
  onStale(): void;
  /** The server refused a command: a start for the plan's rules, or one a strict session refuses. */
  onRefused(reason: TimerCommandRefusal): void;
  /**
   * The server refused a whole batch (a 4xx other than 401/408/429, e.g. an expired trial's 403):
   * `message` is the server's; the device goes back to the server's timer as last heard.
   */
  onFailed(message: string): void;
}

/** The browser keys of this device's copy of the account's timer, and of the command queue an earlier version kept. */
const CACHE_KEY = "account-timer";
const OLD_QUEUE_KEY = "timer-commands";
const OLD_VERSION_KEY = "timer-version";
const oldQueueSchema = z.array(timedTimerCommandSchema.extend({ base: z.number().int().min(0) })).max(500);

/** This device's copy of the user's account timer (the last it heard), or null. */
export function cachedAccountTimer(userId: number): AccountTimer | null {
  try {
    const parsed = accountTimerSchema.safeParse(JSON.parse(readUserValue(userId, CACHE_KEY) ?? "null"));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Keeps this device's timer on the account's timer (`docs/product.md`, One timer per account;
 * `docs/offline.md`, A timer used offline). The device keeps one copy of the server's timer (the
 * last one it heard, in this browser for the user) and the commands it has not had answered yet,
 * which wait in the outbox with the user's other writes:
 * - on start, the chart takes the kept copy and then the waiting commands again, so a reload,
 *   online or not, shows what the user last saw;
 * - a command runs on the device's chart at once (`submit` does that) and goes to the outbox,
 *   with the version of the account's timer this device had seen; the outbox sends the waiting
 *   ones as one batch when the server can be reached;
 * - every `account_timer` the server sends (a change from any device, a session's end) and
 *   every answer to a batch is kept and followed (core's `eventsToFollow`), unless commands of
 *   this device are still waiting (they would be undone for a moment); a batch answered stale
 *   (another device changed the timer first) gives way to the server's timer, and the user is
 *   told; the server records what it ended here all the same;
 * - the task picked on another device (the timer's `picked`) becomes this device's active task
 *   when the server's pick changes (and on a device that never heard the timer, when it has one).
 */
export class AccountTimerSync {
  private readonly options: AccountTimerSyncOptions;
  private knownVersion: number;
  /** Commands submitted whose outbox write has not settled yet (the outbox's state may not list them yet). */
  private readonly submitting = new Set<string>();
  /** The latest account timer, held until the server's clock is known. */
  private deferred: AccountTimer | null = null;
  /** The last answer handled (one batch answers each of its commands' outcomes). */
  private lastAnswer: unknown = null;
  private stopped = false;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(options: AccountTimerSyncOptions) {
    this.options = options;
    const kept = cachedAccountTimer(options.userId);
    this.knownVersion = kept?.version ?? 0;
    // The copy this device last heard, at once (with the clock's last known offset): the screen
    // shows the timer before the server answers; the server's next word corrects it.
    if (kept) this.follow(kept, true);
    this.unsubscribe.push(
      options.channel.onMessage((message) => this.onMessage(message)),
      options.outbox.onOutcome((outcome) => this.onOutcome(outcome)),
    );
    void this.replayWaiting();
  }

  /** Runs `command`, given now, on the device's chart and sends it to the account's timer through the outbox. */
  submit(command: TimerCommand): void {
    const timed = { id: newClientId(), command, at: Math.round(this.options.now()) };
    for (const event of timerEventsOf(command, timed.at)) this.options.timer.send(event);
    this.send(timed, this.knownVersion);
  }

  /** Commands of this device not yet answered by the server. */
  waiting(): number {
    return this.options.outbox.getState().items.filter((item) => item.kind === "timer").length + this.submitting.size;
  }

  stop(): void {
    this.stopped = true;
    for (const off of this.unsubscribe.splice(0)) off();
  }

  /** The server's clock is known now: follow the account's timer if it waited for that. */
  clockKnown(): void {
    const timer = this.deferred;
    this.deferred = null;
    if (timer && this.waiting() === 0) this.follow(timer);
  }

  private send(timed: z.infer<typeof timedTimerCommandSchema>, base: number): void {
    const { userId, timeZone, outbox } = this.options;
    this.submitting.add(timed.id);
    void outbox
      .submit(userId, { kind: "timer", command: timed, base, timeZone })
      .catch((error: unknown) => console.error("Failed to keep the timer command for sending", error))
      .finally(() => this.submitting.delete(timed.id));
  }

  /**
   * The waiting commands again on the chart, after the kept copy of the server's timer, as they
   * ran before the page was loaded (each at its own time); and the queue an earlier version of
   * the app kept in this browser moves into the outbox.
   */
  private async replayWaiting(): Promise<void> {
    const { userId, outbox } = this.options;
    const old = this.oldQueue();
    for (const { base, ...timed } of old) this.send(timed, base);
    await new Promise<void>((resolve) => {
      // The outbox lists the user's writes once it has read them from IndexedDB.
      if (outbox.getState().userId === userId) return resolve();
      const off = outbox.subscribe(() => {
        if (outbox.getState().userId !== userId) return;
        off();
        resolve();
      });
    });
    if (this.stopped) return;
    const waiting = outbox.getState().items.flatMap((item) => (item.kind === "timer" ? [item.command] : []));
    const first = waiting[0];
    if (!first) return;
    // The commands run as the server will run them, each at its own time, on the copy kept here
    // (or on a new timer), up to the last one; the chart takes it from there (a session that
    // ended since then ends here now, as one that ended while the page was closed).
    const { context } = this.options.timer.getSnapshot();
    const base = cachedAccountTimer(userId) ?? newAccountTimer(context.settings, context.seed, first.at);
    const last = Math.max(...waiting.map((command) => command.at));
    const { timer } = applyTimerCommands(base, waiting, base.commandVersion, { settings: context.settings, access: context.access, now: last });
    this.follow(timer, true);
  }

  private onMessage(message: LiveMessage): void {
    if (message.type !== "account_timer") return;
    this.remember(message.timer);
    if (this.waiting() === 0) this.follow(message.timer);
  }

  private onOutcome(outcome: Outcome): void {
    const { item } = outcome;
    if (item.kind !== "timer" || item.userId !== this.options.userId) return;
    if (outcome.status === "queued") return;
    this.submitting.delete(item.command.id);
    if (outcome.status === "refused") {
      // The batch itself was refused: the user hears why, and the server's timer as last heard stands.
      this.options.onFailed(outcome.error.message);
      // As on a new page, the kept copy is shown before the server's clock is heard; a device
      // that never heard the server's timer keeps its own until the live connection brings it.
      const kept = cachedAccountTimer(this.options.userId);
      if (kept && this.waiting() === 0) this.follow(kept, true);
      return;
    }
    if (outcome.response === this.lastAnswer) return;
    this.lastAnswer = outcome.response;
    const answer = timerCommandsAnswerSchema.safeParse(outcome.response);
    if (!answer.success) return;
    const { timer, replies } = answer.data;
    // The whole batch is answered, whichever of its commands' outcome came first.
    for (const reply of replies) this.submitting.delete(reply.id);
    if (replies.some((reply) => reply.outcome === "stale")) this.options.onStale();
    for (const reply of replies) if (reply.outcome === "refused") this.options.onRefused(reply.reason);
    this.remember(timer);
    if (this.waiting() === 0) this.follow(timer);
  }

  private follow(timer: AccountTimer, beforeClock = false): void {
    if (!beforeClock && !this.options.clockHeard()) {
      this.deferred = timer;
      return;
    }
    for (const event of eventsToFollow(this.options.timer.getSnapshot(), timer, this.options.now())) this.options.timer.send(event);
  }

  /**
   * Keeps the server's timer as this device's copy (a newer version only), and takes over a pick
   * made elsewhere: this device's own picks reach the server as `task` commands (`TimerHost`),
   * so a pick that differs from the copy kept before came from another device.
   */
  private remember(timer: AccountTimer): void {
    if (timer.version < this.knownVersion) return;
    const { userId } = this.options;
    const before = cachedAccountTimer(userId);
    this.knownVersion = timer.version;
    writeUserValue(userId, CACHE_KEY, JSON.stringify(timer));
    const picked = timer.picked?.clientId ?? null;
    const changed = before === null ? picked !== null : picked !== (before.picked?.clientId ?? null);
    if (changed) setActiveTask(userId, picked);
  }

  /** The commands an earlier version of the app queued in this browser (read once, then forgotten). */
  private oldQueue(): z.infer<typeof oldQueueSchema> {
    const { userId } = this.options;
    const raw = readUserValue(userId, OLD_QUEUE_KEY);
    writeUserValue(userId, OLD_QUEUE_KEY, null);
    writeUserValue(userId, OLD_VERSION_KEY, null);
    try {
      const parsed = oldQueueSchema.safeParse(JSON.parse(raw ?? "[]"));
      return parsed.success ? parsed.data : [];
    } catch {
      return [];
    }
  }
}
