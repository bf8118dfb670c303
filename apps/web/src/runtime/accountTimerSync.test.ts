import { type LiveMessage } from "@focus/core/protocol";
import { DEFAULT_SETTINGS } from "@focus/core/schemas";
import { applyTimerCommands, newAccountTimer, timerMachine, type AccountTimer, type TimerAccess, type TimerEffect } from "@focus/core/timer";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createActor, fromCallback, type EventObject } from "xstate";
import { AccountTimerSync } from "./accountTimerSync";
import type { LiveChannel } from "./liveChannel";

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
  batches() {
    return this.sent.filter((m): m is Extract<LiveMessage, { type: "timer_commands" }> => m.type === "timer_commands");
  }
}

/** The server's side: the account's timer, running each batch as the API does. */
function server(start = newAccountTimer(DEFAULT_SETTINGS, SEED, T0 - MIN)) {
  let timer = start;
  return {
    get timer() {
      return timer;
    },
    run(batch: Extract<LiveMessage, { type: "timer_commands" }>, now: number): LiveMessage {
      const result = applyTimerCommands(timer, batch.commands, batch.baseVersion, { settings: DEFAULT_SETTINGS, access: premium, now });
      timer = result.timer;
      return { type: "account_timer", timer, serverNow: now, replies: result.outcomes };
    },
    set(next: AccountTimer) {
      timer = next;
    },
  };
}

describe("a device following the account's timer", () => {
  let now = T0;
  let channel: FakeChannel;
  let effects: TimerEffect[];
  let stale: number;
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
      now: () => now,
      clockHeard: () => heard,
      timeZone: "UTC",
      onStale: () => (stale += 1),
      onRefused: () => {},
    });
    syncs.push(sync);
    /** What the user does: the command on this device at once, and to the account. */
    const start = () => {
      actor.send({ type: "START", now });
      sync.submit({ type: "start" });
    };
    return { actor, sync, start };
  }

  beforeEach(() => {
    now = T0;
    heard = true;
    channel = new FakeChannel();
    effects = [];
    stale = 0;
    window.localStorage.clear();
  });
  afterEach(() => {
    for (const sync of syncs.splice(0)) sync.stop();
  });

  it("takes a session another device started, to the same end", () => {
    const { actor } = device();
    channel.connect();
    const other = server();
    const started = other.run({ type: "timer_commands", baseVersion: 0, commands: [{ id: crypto.randomUUID(), command: { type: "start" }, at: T0 }] }, T0);
    now = T0 + 300;
    channel.receive({ ...started, replies: undefined } as LiveMessage);
    expect(actor.getSnapshot().value).toBe("running");
    expect(actor.getSnapshot().context.endsAt).toBe(T0 + 25 * MIN);
  });

  it("waits for the server's clock before following, so a device whose clock runs fast does not end a session at once", () => {
    heard = false;
    const { actor, sync } = device();
    channel.connect();
    const account = server();
    const started = account.run({ type: "timer_commands", baseVersion: 0, commands: [{ id: crypto.randomUUID(), command: { type: "start" }, at: T0 }] }, T0);
    // This device reads 30 minutes later than the server: following now would complete the session.
    now = T0 + 30 * MIN;
    channel.receive({ ...started, replies: undefined } as LiveMessage);
    expect(actor.getSnapshot().value).toBe("idle");
    now = T0 + MIN;
    heard = true;
    sync.clockKnown();
    expect(actor.getSnapshot().value).toBe("running");
    expect(effects).toEqual([]);
  });

  it("queues what the user does offline and sends it as one batch on the view it was given on, then follows the answer", () => {
    const account = server();
    const { actor, start } = device();
    start();
    now += 10 * MIN;
    actor.send({ type: "PAUSE", now });
    syncs[0]!.submit({ type: "pause" });
    expect(channel.batches()).toEqual([]);
    channel.connect();
    const [batch] = channel.batches();
    expect(batch?.commands.map((c) => c.command.type)).toEqual(["start", "pause"]);
    expect(batch?.baseVersion).toBe(0);
    channel.receive(account.run(batch!, now));
    expect(account.timer).toMatchObject({ status: "paused", remainingMs: 15 * MIN });
    expect(actor.getSnapshot().value).toBe("paused");
    expect(syncs[0]!.waiting()).toBe(0);
  });

  it("drops a queue another device overtook, shows the server's timer and says so", () => {
    const account = server();
    const { actor, start } = device();
    // Another device starts while this one is offline...
    account.run({ type: "timer_commands", baseVersion: 0, commands: [{ id: crypto.randomUUID(), command: { type: "start" }, at: T0 }] }, T0);
    // ...and this one, offline, resets a session it thought was idle.
    now = T0 + 2 * MIN;
    start();
    channel.connect();
    const reply = account.run(channel.batches()[0]!, now);
    channel.receive(reply);
    expect(stale).toBe(1);
    expect(actor.getSnapshot().context.sessionStartTime).toBe(T0);
    expect(syncs[0]!.waiting()).toBe(0);
  });

  it("keeps its own change on screen while its command is on the way, and builds the next on the answer", () => {
    const account = server();
    const { actor, start } = device();
    channel.connect();
    channel.receive({ type: "account_timer", timer: account.timer, serverNow: now });
    start();
    const first = channel.batches()[0]!;
    // A greeting sent before the server had the start must not stop the session here.
    channel.receive({ type: "account_timer", timer: account.timer, serverNow: now });
    expect(actor.getSnapshot().value).toBe("running");
    now += MIN;
    actor.send({ type: "PAUSE", now });
    syncs[0]!.submit({ type: "pause" });
    channel.receive(account.run(first, now));
    const second = channel.batches()[1]!;
    expect(second.baseVersion).toBe(account.timer.version);
    channel.receive(account.run(second, now));
    expect(stale).toBe(0);
    expect(account.timer.status).toBe("paused");
  });

  it("keeps a queue across a reload for its user only", () => {
    const { start } = device(1);
    start();
    syncs[0]!.stop();
    const again = device(1);
    expect(again.sync.waiting()).toBe(1);
    const otherUser = device(2);
    expect(otherUser.sync.waiting()).toBe(0);
  });

  it("rings the end here too when the server ended the session this device still runs", () => {
    const account = server();
    const { actor, start } = device();
    channel.connect();
    start();
    channel.receive(account.run(channel.batches()[0]!, now));
    // The server settles the end a moment before this device's own tick.
    now = T0 + 25 * MIN - 5;
    const ended = applyTimerCommands(account.timer, [], account.timer.version, { settings: DEFAULT_SETTINGS, access: premium, now: T0 + 25 * MIN + 50 });
    channel.receive({ type: "account_timer", timer: ended.timer, serverNow: now });
    expect(effects.map((e) => e.type)).toEqual(["sessionCompleted"]);
    expect(actor.getSnapshot().context.mode).toBe("shortBreak");
  });
});
