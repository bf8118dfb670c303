import { ApiError, apiRequest } from "@/lib/api";
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
  /** Posts one write and resolves with the answer's body; `apiRequest` by default (tests stub `fetch`). */
  post?: (path: string, body: unknown, signal: AbortSignal) => Promise<unknown>;
  now?: () => number;
  /** Runs one drain at a time across tabs (Web Locks); a plain call when absent. */
  lock?: <T>(task: () => Promise<T>) => Promise<T>;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Longest wait for one answer before the item counts as unanswered, ms. */
  requestTimeoutMs?: number;
}

const PATHS: Record<OutboxWrite["kind"], string> = { session: "/api/sessions", settings: "/api/settings" };

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
  /** Resolvers of `submit` calls, by item seq. */
  private readonly waiters = new Map<number, (outcome: Outcome) => void>();
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;

  constructor({ store, fallbackStore, ...options }: OutboxSyncOptions) {
    this.store = store;
    this.options = {
      post: options.post ?? ((path, body, signal) => apiRequest("POST", path, body, { signal })),
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
    const item = await this.add(userId, write);
    const outcome = new Promise<Outcome>((resolve) => this.waiters.set(item.seq, resolve));
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
    this.update({ items, sending: items.length > 0 });
    let waiting = false;
    for (const item of items) {
      if (this.state.userId !== userId) break;
      const result = await this.send(item);
      if (result.status === "waiting") {
        this.failures += 1;
        this.update({ unreachable: result.unreachable });
        waiting = true;
        break;
      }
      await this.store.remove(item.seq);
      this.failures = 0;
      this.update({ unreachable: false, items: this.state.items.filter((i) => i.seq !== item.seq) });
      const outcome: Outcome = { ...result, item };
      const awaited = this.waiters.has(item.seq);
      for (const listener of this.outcomeListeners) listener(outcome, awaited);
      this.settle(item.seq, outcome);
    }
    this.update({ sending: false });
    await this.refresh();
    // Submits still waiting for an answer: theirs is "queued" (or, if another tab sent them, gone).
    const left = new Set(this.state.items.map((i) => i.seq));
    for (const item of items) {
      if (left.has(item.seq)) this.settle(item.seq, { status: "queued", item });
      else this.settle(item.seq, { status: "sent", item, response: undefined });
    }
    if (waiting && this.state.items.length > 0) this.scheduleRetry();
  }

  private async send(item: OutboxItem): Promise<SendResult> {
    try {
      const response = await this.options.post(PATHS[item.kind], item.body, AbortSignal.timeout(this.options.requestTimeoutMs));
      return { status: "sent", response };
    } catch (error) {
      if (!(error instanceof ApiError)) return { status: "waiting", unreachable: true };
      if (isTransient(error.status)) return { status: "waiting", unreachable: error.status >= 500 };
      return { status: "refused", error };
    }
  }

  private settle(seq: number, outcome: Outcome): void {
    const resolve = this.waiters.get(seq);
    if (!resolve) return;
    this.waiters.delete(seq);
    resolve(outcome);
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
