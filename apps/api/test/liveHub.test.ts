import type { LiveMessage } from "@focus/core/protocol";
import { describe, expect, it } from "vitest";
import { InMemoryLiveHub, LIVE_CLOSE_CODES, LIVE_LIMITS, type LiveClient, type LiveSource, type TimerMessage } from "../src/live/hub";

/** Account timers that record what the hub hands them. */
function fakeTimers() {
  const received: { clientId: number; message: TimerMessage }[] = [];
  const joined: number[] = [];
  return {
    received,
    joined,
    timers: {
      clientJoined: (client: LiveClient) => joined.push(client.id),
      receive: (client: LiveClient, message: TimerMessage) => received.push({ clientId: client.id, message }),
      observed: () => {},
    },
  };
}

/** A client that records what it is sent and how it was closed. */
function fakeClient(id: number, userId: number, extra: { source?: LiveSource; deviceId?: number; sessionId?: string } = {}) {
  const sent: LiveMessage[] = [];
  const closes: { code: number; reason: string }[] = [];
  const client: LiveClient = {
    id,
    userId,
    source: extra.source ?? "web",
    deviceId: extra.deviceId ?? null,
    sessionId: extra.sessionId ?? null,
    send: (message) => sent.push(message),
    close: (code, reason) => closes.push({ code, reason }),
  };
  return { client, sent, closes };
}

describe("InMemoryLiveHub limits", () => {
  it(`keeps at most ${LIVE_LIMITS.connectionsPerUser} connections per user: a new one closes the user's oldest, never another user's`, () => {
    const hub = new InMemoryLiveHub();
    const clients = Array.from({ length: LIVE_LIMITS.connectionsPerUser + 2 }, (_, i) => fakeClient(i + 1, 10));
    const other = fakeClient(100, 20);
    hub.join(other.client);
    for (const { client } of clients) hub.join(client);
    expect(hub.stats()).toMatchObject({ connections: LIVE_LIMITS.connectionsPerUser + 1, users: 2 });
    expect(clients[0]!.closes).toEqual([{ code: LIVE_CLOSE_CODES.tooMany, reason: "Too many connections" }]);
    expect(clients[1]!.closes).toEqual([{ code: LIVE_CLOSE_CODES.tooMany, reason: "Too many connections" }]);
    expect(clients[2]!.closes).toEqual([]);
    expect(other.closes).toEqual([]);
    // A message to the user reaches only the user's own open connections.
    const before = hub.stats().relayedMessages;
    hub.notifyUser(10, { type: "tasks_changed" });
    expect(hub.stats().relayedMessages - before).toBe(LIVE_LIMITS.connectionsPerUser);
    expect(other.sent).toEqual([]);
  });

  it("drops a connection's frames over its rate, lets it send again as time passes, and closes one that keeps flooding", () => {
    let now = 1_000_000;
    const hub = new InMemoryLiveHub({ now: () => now });
    const { timers, received } = fakeTimers();
    hub.attachTimers(timers);
    const sender = fakeClient(1, 10);
    hub.join(sender.client);
    const pause = JSON.stringify({ type: "command", action: "pause" });
    const relayed = () => received.length;
    for (let i = 0; i < LIVE_LIMITS.burst + 5; i++) hub.receive(sender.client, pause);
    expect(relayed()).toBe(LIVE_LIMITS.burst);
    expect(hub.droppedFrames).toBe(5);
    now += 1000;
    for (let i = 0; i < LIVE_LIMITS.framesPerSecond + 3; i++) hub.receive(sender.client, pause);
    expect(relayed()).toBe(LIVE_LIMITS.burst + LIVE_LIMITS.framesPerSecond);
    expect(sender.closes).toEqual([]);
    for (let i = 0; i < LIVE_LIMITS.closeAfterDropped; i++) hub.receive(sender.client, pause);
    expect(sender.closes).toEqual([{ code: LIVE_CLOSE_CODES.tooMany, reason: "Too many messages" }]);
    expect(hub.stats()).toMatchObject({ connections: 0 });
  });
});

describe("InMemoryLiveHub", () => {
  it("groups connections per user and counts them", () => {
    const hub = new InMemoryLiveHub();
    const a1 = fakeClient(1, 10);
    const a2 = fakeClient(2, 10);
    const b = fakeClient(3, 20);
    for (const { client } of [a1, a2, b]) hub.join(client);
    expect(hub.stats()).toMatchObject({ connections: 3, users: 2 });
    hub.leave(a1.client);
    hub.leave(a1.client);
    expect(hub.stats()).toMatchObject({ connections: 2, users: 2 });
  });

  it("hands timer commands, and each new connection, to the account timers; drops a device's own timer_update", () => {
    const hub = new InMemoryLiveHub();
    const { timers, received, joined } = fakeTimers();
    hub.attachTimers(timers);
    const web = fakeClient(1, 10);
    const ext = fakeClient(2, 10, { source: "extension", deviceId: 7 });
    hub.join(web.client);
    hub.join(ext.client);
    expect(joined).toEqual([1, 2]);
    const commands = { type: "timer_commands", commands: [{ id: "00000000-0000-4000-8000-000000000001", command: { type: "start" }, at: Date.now() }], baseVersion: 0 };
    hub.receive(web.client, JSON.stringify(commands));
    hub.receive(ext.client, JSON.stringify({ type: "command", action: "start" }));
    hub.receive(ext.client, JSON.stringify({ type: "command", action: "sync_request" }));
    hub.receive(ext.client, JSON.stringify({ type: "timer_update", timerState: { isActive: true, currentTime: 60, mode: "focus", progress: 0 } }));
    expect(received.map((r) => [r.clientId, r.message.type])).toEqual([
      [1, "timer_commands"],
      [2, "command"],
    ]);
    expect(joined).toEqual([1, 2, 2]);
    expect([web.sent, ext.sent]).toEqual([[], []]);
    expect(hub.droppedFrames).toBe(0);
  });

  it("no longer hears a connection once it is closed by the server", () => {
    const hub = new InMemoryLiveHub();
    const tab = fakeClient(1, 10);
    const ext = fakeClient(2, 10, { source: "extension", deviceId: 7 });
    hub.join(tab.client);
    hub.join(ext.client);
    expect(hub.closeDevice(7, 4401, "This device is not linked")).toBe(1);
    expect(ext.closes).toEqual([{ code: 4401, reason: "This device is not linked" }]);
    const before = tab.sent.length;
    hub.receive(ext.client, JSON.stringify({ type: "ping" }));
    expect(tab.sent).toHaveLength(before);
    expect(ext.sent).toEqual([]);
    expect(hub.droppedFrames).toBe(0);
  });

  it("closes by user, session and everything", () => {
    const hub = new InMemoryLiveHub();
    const a = fakeClient(1, 10, { sessionId: "s1" });
    const a2 = fakeClient(2, 10, { sessionId: "s2" });
    const b = fakeClient(3, 20, { sessionId: "s3" });
    for (const { client } of [a, a2, b]) hub.join(client);
    expect(hub.closeSession("s1")).toBe(1);
    expect(a.closes).toEqual([{ code: 4401, reason: "Logged out" }]);
    expect(hub.closeUser(10)).toBe(1);
    expect(hub.isConnected(10)).toBe(false);
    expect(hub.closeAll()).toBe(1);
    expect(b.closes).toEqual([{ code: 1001, reason: "Server shutting down" }]);
    expect(hub.stats()).toMatchObject({ connections: 0, users: 0 });
  });

  it("counts malformed and binary frames", () => {
    const hub = new InMemoryLiveHub();
    const tab = fakeClient(1, 10);
    hub.join(tab.client);
    hub.receive(tab.client, "{");
    hub.receive(tab.client, null);
    hub.receive(tab.client, JSON.stringify({ type: "pong" }));
    expect(hub.droppedFrames).toBe(2);
    expect(tab.sent).toEqual([]);
  });
});
