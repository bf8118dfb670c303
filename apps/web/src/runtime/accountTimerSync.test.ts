import { type LiveMessage } from "@focus/core/protocol";
import { DEFAULT_SETTINGS } from "@focus/core/schemas";
import { applyTimerCommands, newAccountTimer, timerMachine, type TimerAccess, type TimerCommandBatch, type TimerEffect } from "@focus/core/timer";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromCallback, type EventObject } from "xstate";
import { ApiError } from "@/lib/api";
import { AccountTimerSync } from "./accountTimerSync";
import { loadActiveTask, setActiveTask } from "./tasks/activeTask";
import type { LiveChannel } from "./liveChannel";
import { memoryOutbox } from "./outbox/outbox";
import { OutboxSync } from "./outbox/outboxSync";

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 27, 15, 0, 0);
const SEED = "0123456789abcdef0123";
const premium: TimerAccess = {
  isGuest: false,
  subscription: { subscriptionPlan: "premium", subscriptionStatus: "active", trialEndDate: null },
  guestSessionUsedOn: null,
  focusSessionsToday: 0,
};

/** A live channel the test opens, closes and speaks for as the server. */
class FakeChannel implements LiveChannel {
  open = false;
  sent: LiveMessage[] = [];
  private messageListeners = new Set<(m: LiveMessage) => void>();
  private connectedListeners = new Set<() => void>();
  send(message: LiveMessage) {
    if (this.open) this.sent.push(message);
  }
  onMessage(listener: (m: LiveMessage) => void) {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }
  onConnected(listener: () => void) {
    this.connectedListeners.add(listener);
    return () => this.connectedListeners.delete(listener);
  }
  isOpen() {
    return this.open;
  }
  connect() {
    this.open = true;
    for (const listener of this.connectedListeners) listener();
  }
  receive(message: LiveMessage) {
    for (const listener of this.messageListeners) listener(message);
  }
}

/** The server's side: the account's timer, running each posted batch as the API does. */
function server(start = newAccountTimer(DEFAULT_SETTINGS, SEED, T0 - MIN)) {
  let timer = start;
  return {
    get timer() {
      return timer;
    },
    run(batch: TimerCommandBatch, now: number) {
      const result = applyTimerCommands(timer, batch.commands, batch.baseVersion, { settings: DEFAULT_SETTINGS, access: premium, now });
      timer = result.timer;
      return { timer, serverNow: now, replies: result.outcomes };
    },
  };
}

describe("a device following the account's timer", () => {
  let now = T0;
  let channel: FakeChannel;
  let effects: TimerEffect[];
  let stale: number;
  let account: ReturnType<typeof server>;
  /** Whether the server can be reached; the batches it was sent, in order. */
  let online: boolean;
  let posted: TimerCommandBatch[];
  let answers: ReturnType<ReturnType<typeof server>["run"]>[];
  /** When set, the server's answer waits until the test lets it go. */
  let holdAnswers: boolean;
  /** When set, the server refuses every batch with this (a 4xx and its message). */
  let refusal: ApiError | null;
  /** The messages the device was told of a refused batch. */
  let failures: string[];
  let release: (() => void)[];
  let outbox: OutboxSync;
  const syncs: AccountTimerSync[] = [];

  let heard = true;
  function device(userId = 1) {
    const actor = createActor(
      timerMachine.provide({
        actors: { ticker: fromCallback<EventObject, { endsAt: number }>(() => () => {}) },
        actions: { sessionCompleted: (_, params) => effects.push({ type: "sessionCompleted", ...params }) },
      }),
      { input: { settings: DEFAULT_SETTINGS, now, seed: "ffffffffffffffffffff" } },
    ).start();
    const sync = new AccountTimerSync({
      userId,
      timer: actor,
      channel,
      outbox,
      now: () => now,
      clockHeard: () => heard,
      timeZone: "UTC",
      onStale: () => (stale += 1),
      onRefused: () => {},
      onFailed: (message) => failures.push(message),
    });
    syncs.push(sync);
    return { actor, sync };
  }

  /** The outbox's sends are done (the commands waited, or the server answered them). */
  const settled = () => vi.waitFor(async () => {
    await outbox.flush();
    expect(syncs.every((sync) => sync.waiting() === 0) || !online).toBe(true);
  });

  beforeEach(async () => {
    now = T0;
    heard = true;
    channel = new FakeChannel();
    effects = [];
    stale = 0;
    online = true;
    posted = [];
    answers = [];
    holdAnswers = false;
    refusal = null;
    failures = [];
    release = [];
    account = server();
    window.localStorage.clear();
    outbox = new OutboxSync({
      store: memoryOutbox(),
      baseDelayMs: 60 * MIN,
      request: async (_method, path, body) => {
        if (!online) throw new TypeError("Failed to fetch");
        if (refusal) throw refusal;
        expect(path).toBe("/api/timer/commands");
        const batch = body as TimerCommandBatch;
        posted.push(batch);
        if (holdAnswers) await new Promise<void>((resolve) => release.push(resolve));
        const answer = account.run(batch, now);
        answers.push(answer);
        return answer;
      },
    });
    await outbox.setUser(1);
  });
  afterEach(() => {
    for (const sync of syncs.splice(0)) sync.stop();
    outbox.stop();
  });

  it("takes a session another device started, to the same end", () => {
    const { actor } = device();
    channel.connect();
    const started = account.run({ baseVersion: 0, commands: [{ id: crypto.randomUUID(), command: { type: "start" }, at: T0 }] }, T0);
    now = T0 + 300;
    channel.receive({ type: "account_timer", timer: started.timer, serverNow: now });
    expect(actor.getSnapshot().value).toBe("running");
    expect(actor.getSnapshot().context.endsAt).toBe(T0 + 25 * MIN);
  });

  it("waits for the server's clock before following, so a device whose clock runs fast does not end a session at once", () => {
    heard = false;
    const { actor, sync } = device();
    channel.connect();
    const started = account.run({ baseVersion: 0, commands: [{ id: crypto.randomUUID(), command: { type: "start" }, at: T0 }] }, T0);
    // This device reads 30 minutes later than the server: following now would complete the session.
    now = T0 + 30 * MIN;
    channel.receive({ type: "account_timer", timer: started.timer, serverNow: now });
    expect(actor.getSnapshot().value).toBe("idle");
    now = T0 + MIN;
    heard = true;
    sync.clockKnown();
    expect(actor.getSnapshot().value).toBe("running");
    expect(effects).toEqual([]);
  });

  it("keeps what the user does offline in the outbox and sends it as one batch on the view it was given on, then follows the answer", async () => {
    online = false;
    const { actor, sync } = device();
    sync.submit({ type: "start" });
    expect(actor.getSnapshot().value).toBe("running");
    now += 10 * MIN;
    sync.submit({ type: "pause" });
    await settled();
    expect(posted).toEqual([]);
    expect(sync.waiting()).toBe(2);
    online = true;
    await settled();
    expect(posted).toHaveLength(1);
    expect(posted[0]?.commands.map((c) => c.command.type)).toEqual(["start", "pause"]);
    expect(posted[0]?.baseVersion).toBe(0);
    expect(account.timer).toMatchObject({ status: "paused", remainingMs: 15 * MIN });
    expect(actor.getSnapshot().value).toBe("paused");
    expect(sync.waiting()).toBe(0);
  });

  it("gives way to a timer another device changed first, shows the server's timer and says so", async () => {
    // Another device starts while this one is offline...
    account.run({ baseVersion: 0, commands: [{ id: crypto.randomUUID(), command: { type: "start" }, at: T0 }] }, T0);
    online = false;
    const { actor, sync } = device();
    // ...and this one, offline, starts a session it thought was idle.
    now = T0 + 2 * MIN;
    sync.submit({ type: "start" });
    online = true;
    await settled();
    expect(stale).toBe(1);
    expect(actor.getSnapshot().context.sessionStartTime).toBe(T0);
    expect(sync.waiting()).toBe(0);
  });

  it("says why when the server refuses its commands outright, and goes back to the server's timer", async () => {
    const { actor, sync } = device();
    channel.connect();
    channel.receive({ type: "account_timer", timer: account.timer, serverNow: now });
    const reason = "Your trial has expired. Please upgrade to premium to continue using the service.";
    refusal = new ApiError(403, reason, reason);
    sync.submit({ type: "start" });
    expect(actor.getSnapshot().value).toBe("running");
    await settled();
    expect(failures).toEqual([reason]);
    expect(actor.getSnapshot().value).toBe("idle");
    expect(account.timer.status).toBe("idle");
  });

  it("keeps its own change on screen while its command is on the way, and builds the next on the answer", async () => {
    const { actor, sync } = device();
    channel.connect();
    channel.receive({ type: "account_timer", timer: account.timer, serverNow: now });
    holdAnswers = true;
    sync.submit({ type: "start" });
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    // A greeting sent before the server had the start must not stop the session here.
    channel.receive({ type: "account_timer", timer: account.timer, serverNow: now });
    expect(actor.getSnapshot().value).toBe("running");
    now += MIN;
    sync.submit({ type: "pause" });
    holdAnswers = false;
    for (const go of release.splice(0)) go();
    await settled();
    expect(posted).toHaveLength(2);
    expect(posted[1]?.baseVersion).toBe(answers[0]?.timer.version);
    expect(stale).toBe(0);
    expect(account.timer.status).toBe("paused");
    expect(actor.getSnapshot().value).toBe("paused");
  });

  it("shows the account's timer as this device last heard it at once on a new page, before the server's clock is heard", async () => {
    const first = device();
    channel.connect();
    const started = account.run({ baseVersion: 0, commands: [{ id: crypto.randomUUID(), command: { type: "start" }, at: T0 }] }, T0);
    channel.receive({ type: "account_timer", timer: started.timer, serverNow: now });
    first.sync.stop();
    heard = false;
    now = T0 + 5 * MIN;
    const again = device();
    expect(again.actor.getSnapshot().value).toBe("running");
    expect(again.actor.getSnapshot().context.endsAt).toBe(T0 + 25 * MIN);
  });

  it("runs the commands still waiting again on a new page, for their user only", async () => {
    online = false;
    const first = device(1);
    first.sync.submit({ type: "start" });
    await settled();
    first.sync.stop();
    now = T0 + 3 * MIN;
    const again = device(1);
    await vi.waitFor(() => expect(again.actor.getSnapshot().value).toBe("running"));
    expect(again.actor.getSnapshot().context.sessionStartTime).toBe(T0);
    expect(again.sync.waiting()).toBe(1);
    await outbox.setUser(2);
    const otherUser = device(2);
    await settled();
    expect(otherUser.actor.getSnapshot().value).toBe("idle");
    expect(otherUser.sync.waiting()).toBe(0);
  });

  it("rings the end here too when the server ended the session this device still runs", async () => {
    const { actor, sync } = device();
    channel.connect();
    sync.submit({ type: "start" });
    await settled();
    // The server settles the end a moment before this device's own tick.
    now = T0 + 25 * MIN - 5;
    const ended = applyTimerCommands(account.timer, [], account.timer.version, { settings: DEFAULT_SETTINGS, access: premium, now: T0 + 25 * MIN + 50 });
    channel.receive({ type: "account_timer", timer: ended.timer, serverNow: now });
    expect(effects.map((e) => e.type)).toEqual(["sessionCompleted"]);
    expect(actor.getSnapshot().context.mode).toBe("shortBreak");
  });

  it("makes the task picked on another device this device's active task, and leaves its own pick alone when the server's is unchanged", async () => {
    const essay = { clientId: "33333333-3333-4333-8333-333333333333", id: 4 };
    const { actor, sync } = device();
    channel.connect();
    // Another device picks the essay.
    const picked = account.run({ baseVersion: 0, commands: [{ id: crypto.randomUUID(), command: { type: "task", task: essay }, at: T0 }] }, T0);
    channel.receive({ type: "account_timer", timer: picked.timer, serverNow: now });
    expect(loadActiveTask(1)).toBe(essay.clientId);
    expect(actor.getSnapshot().context.task).toEqual(essay);
    // A Start here counts for it.
    sync.submit({ type: "start" });
    await settled();
    expect(account.timer.sessionTask).toEqual(essay);
    // A later timer with the same pick leaves what this device shows alone.
    setActiveTask(1, null);
    now += MIN;
    const paused = account.run({ baseVersion: account.timer.commandVersion, commands: [{ id: crypto.randomUUID(), command: { type: "pause" }, at: now }] }, now);
    channel.receive({ type: "account_timer", timer: paused.timer, serverNow: now });
    expect(loadActiveTask(1)).toBeNull();
  });
});
