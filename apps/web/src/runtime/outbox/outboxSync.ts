import { taskListSchema, taskSchema } from "@focus/core/schemas";
import { type TaskRef } from "@focus/core/tasks";
import { MAX_TIMER_BATCH, timerCommandsAnswerSchema } from "@focus/core/timer";
import { ApiError, apiRequest, type Method } from "@/lib/api";
import type { OutboxItem, OutboxStore, OutboxWrite } from "./outbox";

/**
 * Sends the outbox to the server (`docs/offline.md`, The outbox): in order, one at a time, each
 * item exactly once. An item leaves the outbox when the server answered it:
 * - 2xx: recorded ("sent"). A session carries its idempotency key, so a copy the server
 *   already had (a retry after a lost answer) is answered with the original, never recorded twice;
 * - another 4xx: refused for a reason (e.g. the expired-trial 403) ("refused"), shown to the
 *   user by whoever listens, and not retried;
 * - no answer, a 5xx, 401 (logged out meanwhile), 408 or 429: it waits, and so does everything
 *   after it; the outbox is tried again on `online`, when the page becomes visible, on app
 *   start and on a timer: 30 s, then doubling up to 5 minutes while the server stays away.
 * Task changes name their task by clientId; its server id is taken from the change, from the
 * answer to the task's own create (sent before it, in order), from the task list the app loaded
 * (`knowTasks`), or at last from `GET /api/tasks`. A change to a task the server never had (its
 * create was refused) has nothing to send and leaves the outbox. A session is recorded even when
 * its task was deleted meanwhile (another device): it is sent again without the task. Commands to
 * the account's timer that wait one after another go as one batch (`sendTimerBatch`); those
 * given while a batch was on its way are rebased onto the version the server answered.
 * Every `submit` is answered, also when a drain already under way (an autosave's, another tab's)
 * sent its write before the store confirmed it to the submit.
 */

/** What became of one write. */
export type Outcome =
  | { status: "sent"; item: OutboxItem; response: unknown }
  | { status: "refused"; item: OutboxItem; error: ApiError }
  | { status: "queued"; item: OutboxItem };

export type OutcomeListener = (outcome: Outcome, awaited: boolean) => void;

/** What the UI shows: the current user's waiting writes and whether the server was reachable. */
export interface SyncState {
  userId: number | null;
  items: readonly OutboxItem[];
  /** True while a send is under way. */
  sending: boolean;
  /** The last attempt got no answer or a 5xx. */
  unreachable: boolean;
  /** Epoch ms of the next timed retry, or null. */
  nextRetryAt: number | null;
}

export interface OutboxSyncOptions {
  store: OutboxStore;
  /** Used when the store fails (e.g. IndexedDB refused in a private window). */
  fallbackStore?: () => OutboxStore;
  /** Sends one request and resolves with the answer's body; `apiRequest` by default (tests stub `fetch`). */
  request?: (method: Method, path: string, body: unknown, signal: AbortSignal) => Promise<unknown>;
  now?: () => number;
  /** Runs one drain at a time across tabs (Web Locks); a plain call when absent. */
  lock?: <T>(task: () => Promise<T>) => Promise<T>;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Longest wait for one answer before the item counts as unanswered, ms. */
  requestTimeoutMs?: number;
}

/** One request to send; null when a write has nothing left to send. */
type OutboxRequest = { method: Method; path: string; body?: unknown } | null;

/** Where timer commands go (`docs/api.md`, The account's timer). */
const TIMER_COMMANDS_PATH = "/api/timer/commands";

type TimerItem = Extract<OutboxItem, { kind: "timer" }>;

/** The run of waiting timer commands that starts at `index` (at most a batch's worth), empty when the item there is not one. */
function timerBatchAt(items: readonly OutboxItem[], index: number): TimerItem[] {
  const group: TimerItem[] = [];
  for (let i = index; i < items.length && group.length < MAX_TIMER_BATCH; i += 1) {
    const item = items[i] as OutboxItem;
    if (item.kind !== "timer") break;
    group.push(item);
  }
  return group;
}

/** Statuses after which the same request may well succeed later. */
function isTransient(status: number): boolean {
  return status >= 500 || status === 401 || status === 408 || status === 429;
}

type SendResult = { status: "sent"; response: unknown } | { status: "refused"; error: ApiError } | { status: "waiting"; unreachable: boolean };

export class OutboxSync {
  private store: OutboxStore;
  private readonly options: Required<Omit<OutboxSyncOptions, "store" | "fallbackStore">> & Pick<OutboxSyncOptions, "fallbackStore">;
  private state: SyncState = { userId: null, items: [], sending: false, unreachable: false, nextRetryAt: null };
  private readonly listeners = new Set<() => void>();
  private readonly outcomeListeners = new Set<OutcomeListener>();
  /** Resolvers of `submit` calls, by item seq, with their write. */
  private readonly waiters = new Map<number, { item: OutboxItem; resolve: (outcome: Outcome) => void }>();
  /** `submit` calls whose write the store has not confirmed yet (so they have no waiter yet). */
  private adding = 0;
  /**
   * Outcomes that came while a `submit` waited for the store, by seq: a drain already running
   * (an autosave's, another tab's) may send the write before its submit knows its seq. The
   * submit takes its own; the rest are dropped once no submit is adding.
   */
  private readonly early = new Map<number, Outcome>();
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** Server ids of tasks by clientId, as far as this page knows them. */
  private readonly taskIds = new Map<string, number>();
  /** The task list was read during this drain: a task missing from it is not on the server. */
  private tasksListed = false;

  constructor({ store, fallbackStore, ...options }: OutboxSyncOptions) {
    this.store = store;
    this.options = {
      request: options.request ?? ((method, path, body, signal) => apiRequest(method, path, body, { signal })),
      now: options.now ?? Date.now,
      lock: options.lock ?? ((task) => task()),
      baseDelayMs: options.baseDelayMs ?? 30_000,
      maxDelayMs: options.maxDelayMs ?? 5 * 60_000,
      requestTimeoutMs: options.requestTimeoutMs ?? 20_000,
      fallbackStore,
    };
  }

  /** The current state (a new object after every change, for useSyncExternalStore). */
  getState = (): SyncState => this.state;

  /** Calls `listener` after every state change; returns the unsubscribe. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Calls `listener` for every write the server answered (sent or refused), also for writes
   * made before a reload; `awaited` tells whether a `submit` in this page waits for it.
   */
  onOutcome(listener: OutcomeListener): () => void {
    this.outcomeListeners.add(listener);
    return () => this.outcomeListeners.delete(listener);
  }

  /** Switches to a user (null: nobody, e.g. a guest) and sends their waiting writes. */
  async setUser(userId: number | null): Promise<void> {
    if (this.state.userId === userId) return;
    this.cancelRetry();
    this.failures = 0;
    this.update({ userId, items: [], unreachable: false });
    await this.refresh();
    if (userId !== null) await this.flush();
  }

  /**
   * Keeps a write of `userId` in the outbox and sends the outbox. Resolves once the server
   * answered this write, or with "queued" as soon as it has to wait.
   */
  async submit(userId: number, write: OutboxWrite): Promise<Outcome> {
    this.adding += 1;
    let item: OutboxItem;
    try {
      item = await this.add(userId, write);
    } finally {
      this.adding -= 1;
    }
    const early = this.early.get(item.seq);
    if (this.adding === 0) this.early.clear();
    if (early) return early;
    const outcome = new Promise<Outcome>((resolve) => this.waiters.set(item.seq, { item, resolve }));
    await this.refresh();
    if (this.state.userId === userId) void this.flush();
    else this.settle(item.seq, { status: "queued", item });
    return outcome;
  }

  /** Sends the current user's waiting writes now (one drain at a time; a call during one runs another after it). */
  flush(): Promise<void> {
    this.flushAgain = true;
    this.flushing ??= (async () => {
      try {
        while (this.flushAgain) {
          this.flushAgain = false;
          await this.options.lock(() => this.drain()).catch((error: unknown) => {
            // Storage trouble: the writes stay where they are and the timer tries again.
            console.error("Sending the outbox failed", error);
            this.update({ sending: false });
            this.scheduleRetry();
          });
        }
      } finally {
        // Cleared in the same turn the loop ends, so a flush() asked for meanwhile starts anew.
        this.flushing = null;
      }
    })();
    return this.flushing;
  }

  /** Forgets the user's waiting writes (after their account was deleted). */
  async clearUser(userId: number): Promise<void> {
    await this.store.clearUser(userId);
    await this.refresh();
  }

  /** Reloads the state from the store (e.g. after another tab changed it). */
  async refresh(): Promise<void> {
    const { userId } = this.state;
    const items = userId === null ? [] : await this.store.list(userId).catch(() => []);
    if (this.state.userId === userId) this.update({ items });
  }

  /** A retry after network changes: the backoff starts over. */
  retryNow(): void {
    this.failures = 0;
    void this.flush();
  }

  /** Notes the server ids of tasks the app loaded, so changes made before they had one can be sent. */
  knowTasks(tasks: readonly { clientId: string; id: number | null }[]): void {
    for (const task of tasks) if (task.id !== null) this.taskIds.set(task.clientId, task.id);
  }

  /** Stops the timed retry (tests, unmount). */
  stop(): void {
    this.cancelRetry();
  }

  private async add(userId: number, write: OutboxWrite): Promise<OutboxItem> {
    const createdAt = this.options.now();
    try {
      return await this.store.add(userId, write, createdAt);
    } catch (error) {
      // No durable storage in this browser: keep the write in memory rather than lose it.
      if (!this.options.fallbackStore) throw error;
      console.warn("Outbox storage unavailable; waiting writes last until the page closes", error);
      this.store = this.options.fallbackStore();
      this.options.fallbackStore = undefined;
      return this.store.add(userId, write, createdAt);
    }
  }

  private async drain(): Promise<void> {
    const { userId } = this.state;
    if (userId === null) return;
    this.cancelRetry();
    const items = await this.store.list(userId).catch(() => [] as OutboxItem[]);
    this.tasksListed = false;
    this.update({ items, sending: items.length > 0 });
    let waiting = false;
    for (let index = 0; index < items.length && this.state.userId === userId; ) {
      const group = timerBatchAt(items, index);
      const result = group.length > 0 ? await this.sendTimerBatch(group) : await this.send(items[index] as OutboxItem);
      if (result.status === "waiting") {
        this.failures += 1;
        this.update({ unreachable: result.unreachable });
        waiting = true;
        break;
      }
      const sent = group.length > 0 ? group : [items[index] as OutboxItem];
      index += sent.length;
      for (const item of sent) await this.store.remove(item.seq);
      if (group.length > 0 && result.status === "sent") await this.rebaseAfter(userId, group, result.response);
      this.failures = 0;
      this.update({ unreachable: false, items: this.state.items.filter((i) => !sent.some((done) => done.seq === i.seq)) });
      for (const item of sent) {
        const outcome: Outcome = { ...result, item };
        // A submit still waiting for the store may be this write's: it will take the outcome.
        const awaited = this.waiters.has(item.seq) || this.adding > 0;
        for (const listener of this.outcomeListeners) listener(outcome, awaited);
        this.settle(item.seq, outcome);
      }
    }
    this.update({ sending: false });
    await this.refresh();
    // Submits still waiting for an answer: a write this drain tried and kept is "queued"; one that
    // left the outbox without an answer here (another tab sent it, even before this drain listed it) was sent.
    const left = new Set(this.state.items.map((i) => i.seq));
    for (const [seq, { item }] of this.waiters) {
      if (this.state.userId !== userId || item.userId !== userId) continue;
      if (!left.has(seq)) this.settle(seq, { status: "sent", item, response: undefined });
      else if (items.some((tried) => tried.seq === seq)) this.settle(seq, { status: "queued", item });
    }
    if (waiting && this.state.items.length > 0) this.scheduleRetry();
  }

  /** The server id of a task: known already, or read from `GET /api/tasks`; null when the server has no such task. */
  private async taskIdOf(ref: TaskRef, signal: AbortSignal): Promise<number | null> {
    const known = ref.id ?? this.taskIds.get(ref.clientId);
    if (known !== undefined) return known;
    if (!this.tasksListed) {
      const listed = taskListSchema.safeParse(await this.options.request("GET", "/api/tasks", undefined, signal));
      if (listed.success) this.knowTasks(listed.data);
      this.tasksListed = true;
    }
    return this.taskIds.get(ref.clientId) ?? null;
  }

  /**
   * Sends waiting timer commands as one batch (`POST /api/timer/commands`), based on the oldest
   * view any of them was given on: a queue from a time offline must not undo what another device
   * did meanwhile (the server answers such a batch stale, and records what it ended here).
   */
  private sendTimerBatch(group: TimerItem[]): Promise<SendResult> {
    const body = {
      commands: group.map((item) => item.command),
      baseVersion: Math.min(...group.map((item) => item.base)),
      timeZone: (group.at(-1) as TimerItem).timeZone,
    };
    return this.send(group[0] as TimerItem, { method: "POST", path: TIMER_COMMANDS_PATH, body });
  }

  /**
   * After a batch the server applied, the timer commands given while it was on its way (on the
   * same view or later) build on its result: they are rebased onto the version it answered with.
   */
  private async rebaseAfter(userId: number, group: TimerItem[], response: unknown): Promise<void> {
    const answer = timerCommandsAnswerSchema.safeParse(response);
    if (!answer.success || answer.data.replies.some((reply) => reply.outcome === "stale")) return;
    await this.store.rebaseTimer(userId, Math.min(...group.map((item) => item.base)), answer.data.timer.version);
  }

  /** The request that sends `item`. */
  private async requestOf(item: OutboxItem, signal: AbortSignal): Promise<OutboxRequest> {
    if (item.kind === "settings") return { method: "POST", path: "/api/settings", body: item.body };
    if (item.kind === "reflection") return { method: "PATCH", path: `/api/sessions/${item.clientId}`, body: item.body };
    if (item.kind === "timer") return { method: "POST", path: TIMER_COMMANDS_PATH, body: { commands: [item.command], baseVersion: item.base, timeZone: item.timeZone } };
    if (item.kind === "session") {
      if (item.body.taskId !== undefined || item.taskClientId === undefined) return { method: "POST", path: "/api/sessions", body: item.body };
      const taskId = await this.taskIdOf({ clientId: item.taskClientId, id: null }, signal);
      return { method: "POST", path: "/api/sessions", body: taskId === null ? item.body : { ...item.body, taskId } };
    }
    const { change } = item;
    switch (change.type) {
      case "create":
        return { method: "POST", path: "/api/tasks", body: change.task };
      case "update": {
        const id = await this.taskIdOf(change.task, signal);
        return id === null ? null : { method: "PUT", path: `/api/tasks/${id}`, body: change.changes };
      }
      case "delete": {
        const id = await this.taskIdOf(change.task, signal);
        return id === null ? null : { method: "DELETE", path: `/api/tasks/${id}` };
      }
      case "reorder": {
        const ids: number[] = [];
        for (const ref of change.order) {
          const id = await this.taskIdOf(ref, signal);
          if (id !== null) ids.push(id);
        }
        return ids.length === 0 ? null : { method: "POST", path: "/api/tasks/reorder", body: { ids } };
      }
    }
  }

  private async send(item: OutboxItem, prepared?: OutboxRequest): Promise<SendResult> {
    const signal = AbortSignal.timeout(this.options.requestTimeoutMs);
    try {
      const request = prepared === undefined ? await this.requestOf(item, signal) : prepared;
      if (request === null) return { status: "sent", response: null };
      try {
        const response = await this.options.request(request.method, request.path, request.body, signal);
        this.learnTaskId(response);
        return { status: "sent", response };
      } catch (error) {
        // A reflection on a session the server never recorded (its post was refused): nothing to keep it with.
        if (item.kind === "reflection" && error instanceof ApiError && error.status === 404) return { status: "sent", response: null };
        // The session's task is gone (deleted on another device): the session itself still counts.
        const body = request.body as { taskId?: number } | undefined;
        if (item.kind === "session" && body?.taskId !== undefined && error instanceof ApiError && error.status === 404) {
          const { taskId: _taskId, ...withoutTask } = item.body;
          return { status: "sent", response: await this.options.request("POST", "/api/sessions", withoutTask, signal) };
        }
        throw error;
      }
    } catch (error) {
      if (!(error instanceof ApiError)) return { status: "waiting", unreachable: true };
      if (isTransient(error.status)) return { status: "waiting", unreachable: error.status >= 500 };
      return { status: "refused", error };
    }
  }

  /** Keeps the id of a task the server answered with (a create, an edit). */
  private learnTaskId(response: unknown): void {
    const task = taskSchema.safeParse(response);
    if (task.success) this.taskIds.set(task.data.clientId, task.data.id);
  }

  private settle(seq: number, outcome: Outcome): void {
    const waiter = this.waiters.get(seq);
    if (!waiter) {
      // The first outcome is the server's answer; a drain's closing "gone" adds nothing to it.
      if (this.adding > 0 && !this.early.has(seq)) this.early.set(seq, outcome);
      return;
    }
    this.waiters.delete(seq);
    waiter.resolve(outcome);
  }

  private scheduleRetry(): void {
    this.cancelRetry();
    const delay = Math.min(this.options.maxDelayMs, this.options.baseDelayMs * 2 ** Math.max(0, this.failures - 1));
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.update({ nextRetryAt: null });
      void this.flush();
    }, delay);
    this.update({ nextRetryAt: this.options.now() + delay });
  }

  private cancelRetry(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.state.nextRetryAt !== null) this.update({ nextRetryAt: null });
  }

  private update(patch: Partial<SyncState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}
