import "fake-indexeddb/auto";
import type { SessionInput } from "@focus/core/schemas";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { indexedDbOutbox, memoryOutbox, type OutboxStore } from "./outbox";
import { OutboxSync, type Outcome } from "./outboxSync";

/**
 * A fake API server behind the global fetch (which the app's HTTP client calls): records
 * sessions once per clientId (as the real API does), can be switched off (no answer), made to answer a status, or to lose its answer
 * after recording.
 */
function fakeServer() {
  const recorded: (SessionInput & { id: number })[] = [];
  const settingsSaves: unknown[] = [];
  const server = {
    mode: "up" as "up" | "down" | "loseAnswer" | { status: number; message?: string },
    recorded,
    settingsSaves,
    calls: [] as { path: string; body: { clientId?: string; startTime?: string } }[],
    fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const path = String(input);
      const body = JSON.parse(String(init?.body)) as SessionInput;
      server.calls.push({ path, body });
      const mode = server.mode;
      if (mode === "down") throw new TypeError("Failed to fetch");
      if (typeof mode === "object") return Response.json({ message: mode.message ?? "nope" }, { status: mode.status });
      let answer: Response;
      if (path === "/api/settings") {
        settingsSaves.push(body);
        answer = Response.json(body, { status: 200 });
      } else if (path === "/api/timer/commands") {
        answer = Response.json({}, { status: 200 });
      } else {
        const existing = recorded.find((s) => body.clientId && s.clientId === body.clientId);
        if (existing) answer = Response.json(existing, { status: 200 });
        else {
          const session = { ...body, id: recorded.length + 1 };
          recorded.push(session);
          answer = Response.json(session, { status: 201 });
        }
      }
      if (mode === "loseAnswer") throw new TypeError("Connection reset after the server answered");
      return answer;
    }),
  };
  return server;
}

const session = (minute: number, clientId = crypto.randomUUID()): SessionInput & { clientId: string } => ({
  startTime: new Date(Date.UTC(2026, 2, 2, 9, minute)).toISOString(),
  duration: 1500,
  type: "focus",
  completed: true,
  clientId,
});

/** A fresh IndexedDB outbox (fake-indexeddb), as the app uses. */
function freshStore(): OutboxStore {
  // Deleting waits for the previous test's connection, which closes itself when asked (`blocking`).
  indexedDB.deleteDatabase("focus-flow-outbox");
  return indexedDbOutbox();
}

/**
 * `store` whose `add` keeps the write at once but tells its caller only when `confirmAdd` is
 * called (a slow IndexedDB transaction); `adding` resolves once an add is waiting.
 */
function heldAdds(store: OutboxStore) {
  let confirm: (() => void) | null = null;
  const held: OutboxStore = {
    ...store,
    add: async (...args) => {
      const item = await store.add(...args);
      await new Promise<void>((resolve) => (confirm = resolve));
      return item;
    },
  };
  return {
    store: held,
    adding: () => vi.waitFor(() => expect(confirm).not.toBeNull()),
    confirmAdd: () => confirm?.(),
  };
}

describe("outbox sync", () => {
  let server: ReturnType<typeof fakeServer>;
  let engines: OutboxSync[] = [];
  const engine = (store: OutboxStore, extra: Partial<ConstructorParameters<typeof OutboxSync>[0]> = {}) => {
    vi.stubGlobal("fetch", server.fetch);
    const created = new OutboxSync({ store, ...extra });
    engines.push(created);
    return created;
  };

  beforeEach(() => {
    server = fakeServer();
  });
  afterEach(() => {
    engines.forEach((e) => e.stop());
    engines = [];
    vi.unstubAllGlobals();
  });

  it("sends a write at once when the server answers, and empties the outbox", async () => {
    const sync = engine(freshStore());
    await sync.setUser(1);
    const outcome = await sync.submit(1, { kind: "session", body: session(0) });
    expect(outcome.status).toBe("sent");
    expect(server.recorded).toHaveLength(1);
    expect(sync.getState().items).toEqual([]);
  });

  it("keeps writes made while the server is unreachable and sends them later in order, exactly once", async () => {
    const sync = engine(freshStore());
    await sync.setUser(1);
    server.mode = "down";
    const writes = [session(0), session(30), session(60)];
    const outcomes: Outcome["status"][] = [];
    for (const body of writes) outcomes.push((await sync.submit(1, { kind: "session", body })).status);
    expect(outcomes).toEqual(["queued", "queued", "queued"]);
    expect(sync.getState()).toMatchObject({ unreachable: true });
    expect(sync.getState().items.map((i) => i.kind === "session" && i.body.clientId)).toEqual(writes.map((w) => w.clientId));

    server.mode = "up";
    server.calls.length = 0;
    sync.retryNow();
    await sync.flush();
    expect(server.calls.map((c) => c.body.clientId)).toEqual(writes.map((w) => w.clientId));
    expect(server.recorded.map((s) => s.clientId)).toEqual(writes.map((w) => w.clientId));
    expect(sync.getState()).toMatchObject({ items: [], unreachable: false });

    // Nothing is sent twice afterwards.
    await sync.flush();
    expect(server.calls).toHaveLength(3);
  });

  it("survives a reload: a new page finds the waiting writes in IndexedDB and sends them", async () => {
    const store = freshStore();
    const before = engine(store);
    await before.setUser(1);
    server.mode = "down";
    const body = session(5);
    await before.submit(1, { kind: "session", body });
    before.stop();

    server.mode = "up";
    const after = engine(indexedDbOutbox());
    await after.setUser(1);
    expect(server.recorded.map((s) => s.clientId)).toEqual([body.clientId]);
    expect(after.getState().items).toEqual([]);
  });

  it("records a session once when the server's answer is lost and the post is retried", async () => {
    const sync = engine(freshStore());
    await sync.setUser(1);
    server.mode = "loseAnswer";
    const body = session(0);
    expect((await sync.submit(1, { kind: "session", body })).status).toBe("queued");
    expect(server.recorded).toHaveLength(1);

    server.mode = "up";
    sync.retryNow();
    await sync.flush();
    expect(server.calls.filter((c) => c.body.clientId === body.clientId)).toHaveLength(2);
    expect(server.recorded).toHaveLength(1);
    expect(sync.getState().items).toEqual([]);
  });

  it("waits on a 5xx, then sends in order; later writes wait behind the first", async () => {
    const sync = engine(memoryOutbox());
    await sync.setUser(1);
    server.mode = { status: 503 };
    await sync.submit(1, { kind: "session", body: session(0) });
    await sync.submit(1, { kind: "session", body: session(1) });
    expect(sync.getState().items).toHaveLength(2);
    expect(sync.getState().unreachable).toBe(true);
    // Each attempt stops at the first waiting write: the second was never sent out of order.
    expect(new Set(server.calls.map((c) => c.body.startTime))).toEqual(new Set([session(0).startTime]));
    server.mode = "up";
    await sync.setUser(null);
    await sync.setUser(1);
    expect(server.recorded.map((s) => s.startTime)).toEqual([session(0).startTime, session(1).startTime]);
  });

  it("drops a write the server refuses with a 4xx, tells its listeners, and goes on with the next", async () => {
    const sync = engine(memoryOutbox());
    await sync.setUser(1);
    server.mode = "down";
    await sync.submit(1, { kind: "session", body: session(0) });
    await sync.submit(1, { kind: "session", body: session(1) });
    const heard: [Outcome["status"], boolean][] = [];
    sync.onOutcome((outcome, awaited) => heard.push([outcome.status, awaited]));

    // The first is refused (e.g. the expired-trial 403), the second is recorded.
    let first = true;
    server.mode = "up";
    const upFetch = server.fetch.getMockImplementation();
    server.fetch.mockImplementation(async (input, init) => {
      if (first) {
        first = false;
        return Response.json({ message: "Your trial has expired." }, { status: 403 });
      }
      return upFetch!(input, init);
    });
    sync.retryNow();
    await sync.flush();
    expect(heard).toEqual([
      ["refused", false],
      ["sent", false],
    ]);
    expect(server.recorded.map((s) => s.startTime)).toEqual([session(1).startTime]);
    expect(sync.getState().items).toEqual([]);
  });

  it("answers a submit that is refused with the server's message", async () => {
    const sync = engine(memoryOutbox());
    await sync.setUser(1);
    server.mode = { status: 403, message: "Your trial has expired. Please upgrade to premium to continue using the service." };
    const outcome = await sync.submit(1, { kind: "session", body: session(0) });
    expect(outcome.status).toBe("refused");
    if (outcome.status === "refused") {
      expect(outcome.error.status).toBe(403);
      expect(outcome.error.serverMessage).toMatch(/^Your trial has expired/);
    }
    expect(sync.getState().items).toEqual([]);
  });

  it("keeps waiting on 401 (logged out meanwhile) instead of dropping the session", async () => {
    const sync = engine(memoryOutbox());
    await sync.setUser(1);
    server.mode = { status: 401 };
    expect((await sync.submit(1, { kind: "session", body: session(0) })).status).toBe("queued");
    expect(sync.getState().items).toHaveLength(1);
  });

  it("retries on a timer: 30 s, then doubling up to 5 minutes", async () => {
    // vi.waitFor gives up after 1 s of real time unless told: a loaded machine needs more.
    const SETTLE = { timeout: 60_000 };
    vi.useFakeTimers();
    try {
      let now = 1_000_000;
      const sync = engine(memoryOutbox(), { now: () => now });
      await sync.setUser(1);
      server.mode = "down";
      await sync.submit(1, { kind: "session", body: session(0) });
      const delays: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const next = sync.getState().nextRetryAt;
        expect(next).not.toBeNull();
        delays.push(next! - now);
        now = next!;
        const calls = server.fetch.mock.calls.length;
        await vi.advanceTimersByTimeAsync(delays.at(-1)!);
        // The timed retry tried once more and planned the next one.
        await vi.waitFor(() => expect(sync.getState().nextRetryAt).toBeGreaterThan(now), SETTLE);
        expect(server.fetch.mock.calls.length).toBe(calls + 1);
      }
      expect(delays).toEqual([30_000, 60_000, 120_000, 240_000, 300_000, 300_000]);

      server.mode = "up";
      await vi.advanceTimersByTimeAsync(300_000);
      await vi.waitFor(() => expect(server.recorded).toHaveLength(1), SETTLE);
      expect(sync.getState()).toMatchObject({ items: [], nextRetryAt: null });
    } finally {
      vi.useRealTimers();
    }
  });

  it("sends each write once when flushes overlap", async () => {
    const sync = engine(memoryOutbox());
    await sync.setUser(1);
    server.mode = "down";
    for (let i = 0; i < 5; i += 1) await sync.submit(1, { kind: "session", body: session(i) });
    server.mode = "up";
    server.calls.length = 0;
    await Promise.all([sync.flush(), sync.flush(), sync.flush(), sync.setUser(1)]);
    expect(server.calls).toHaveLength(5);
    expect(server.recorded).toHaveLength(5);
  });

  it("sends only the current user's writes", async () => {
    const sync = engine(memoryOutbox());
    await sync.setUser(1);
    server.mode = "down";
    await sync.submit(1, { kind: "session", body: session(0) });
    await sync.submit(2, { kind: "session", body: session(1) });
    server.mode = "up";
    server.calls.length = 0;
    await sync.setUser(2);
    expect(server.calls.map((c) => c.body.startTime)).toEqual([session(1).startTime]);
    await sync.setUser(1);
    expect(server.recorded.map((s) => s.startTime)).toEqual([session(1).startTime, session(0).startTime]);
  });

  it("answers a submit whose write a drain already running sent before the store confirmed it", async () => {
    // A slow machine: an autosave's drain lists the outbox between the store keeping the
    // explicit save and the submit hearing back from it, and sends the save itself.
    const { store: slowAdd, adding, confirmAdd } = heldAdds(memoryOutbox());
    const sync = engine(slowAdd);
    await sync.setUser(1);
    const outcome = sync.submit(1, { kind: "settings", body: { focusDuration: 30 } });
    await adding();
    await sync.flush();
    expect(server.settingsSaves).toEqual([{ focusDuration: 30 }]);
    confirmAdd();
    await expect(outcome).resolves.toMatchObject({ status: "sent", response: { focusDuration: 30 } });
    expect(server.settingsSaves).toHaveLength(1);
  });

  it("answers a submit whose write another tab sent before this page's drain listed the outbox", async () => {
    const store = memoryOutbox();
    const { store: slowAdd, adding, confirmAdd } = heldAdds(store);
    const thisTab = engine(slowAdd);
    const otherTab = engine(store);
    await thisTab.setUser(1);
    await otherTab.setUser(1);
    const outcome = thisTab.submit(1, { kind: "settings", body: { theme: "dark" } });
    await adding();
    await otherTab.flush();
    confirmAdd();
    await expect(outcome).resolves.toMatchObject({ status: "sent" });
    expect(server.settingsSaves).toEqual([{ theme: "dark" }]);
  });

  it("sends waiting settings saves in order, each the change the user made, so the server's merge keeps every one", async () => {
    for (const store of [freshStore(), memoryOutbox()]) {
      server = fakeServer();
      const sync = engine(store);
      await sync.setUser(1);
      server.mode = "down";
      await sync.submit(1, { kind: "settings", body: { focusDuration: 30, theme: "light" } });
      await sync.submit(1, { kind: "session", body: session(0) });
      await sync.submit(1, { kind: "settings", body: { focusDuration: 45, notificationSound: "chime" } });
      expect(sync.getState().items.map((i) => i.kind)).toEqual(["settings", "session", "settings"]);
      server.mode = "up";
      sync.retryNow();
      await sync.flush();
      expect(server.settingsSaves).toEqual([{ focusDuration: 30, theme: "light" }, { focusDuration: 45, notificationSound: "chime" }]);
      expect(server.recorded).toHaveLength(1);
      sync.stop();
    }
  });

  it("sends timer commands that waited one after another as one batch, on the oldest view any was given on", async () => {
    for (const store of [freshStore(), memoryOutbox()]) {
      server = fakeServer();
      const sync = engine(store);
      await sync.setUser(1);
      server.mode = "down";
      const command = (type: "start" | "pause", at: number) => ({ id: crypto.randomUUID(), command: { type }, at });
      await sync.submit(1, { kind: "timer", command: command("start", 1_000), base: 4, timeZone: "UTC" });
      await sync.submit(1, { kind: "timer", command: command("pause", 2_000), base: 5, timeZone: "UTC" });
      await sync.submit(1, { kind: "settings", body: { theme: "light" } });
      await sync.submit(1, { kind: "timer", command: command("start", 3_000), base: 5, timeZone: "UTC" });
      server.mode = "up";
      server.calls.length = 0;
      sync.retryNow();
      await sync.flush();
      expect(server.calls.map((c) => c.path)).toEqual(["/api/timer/commands", "/api/settings", "/api/timer/commands"]);
      const first = server.calls[0]?.body as unknown as { baseVersion: number; commands: { at: number }[]; timeZone: string };
      expect(first).toMatchObject({ baseVersion: 4, timeZone: "UTC" });
      expect(first.commands.map((c) => c.at)).toEqual([1_000, 2_000]);
      expect(sync.getState().items).toEqual([]);
      sync.stop();
    }
  });

  it("keeps writes in memory when the durable store fails", async () => {
    const broken: OutboxStore = {
      add: () => Promise.reject(new Error("QuotaExceededError")),
      list: async () => [],
      remove: async () => undefined,
      rebaseTimer: async () => undefined,
      clearUser: async () => undefined,
    };
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const sync = engine(broken, { fallbackStore: memoryOutbox });
    await sync.setUser(1);
    server.mode = "down";
    expect((await sync.submit(1, { kind: "session", body: session(0) })).status).toBe("queued");
    expect(sync.getState().items).toHaveLength(1);
    warn.mockRestore();
  });
});
