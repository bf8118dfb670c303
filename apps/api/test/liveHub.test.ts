import type { LiveMessage, SharedTimerState } from "@focus/core";
import { describe, expect, it } from "vitest";
import { focusStartOf, InMemoryLiveHub, LIVE_CLOSE_CODES, LIVE_LIMITS, type LiveClient, type LiveSource } from "../src/live/hub";

const MINUTE = 60_000;

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

const state = (overrides: Partial<SharedTimerState> = {}): SharedTimerState => ({
  isActive: true,
  currentTime: 1500,
  mode: "focus",
  progress: 0,
  durationMs: 25 * MINUTE,
  ...overrides,
});

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
    // A relay reaches only the user's own open connections.
    const before = hub.stats().relayedMessages;
    hub.receive(clients.at(-1)!.client, JSON.stringify({ type: "command", action: "pause" }));
    expect(hub.stats().relayedMessages - before).toBe(LIVE_LIMITS.connectionsPerUser - 1);
    expect(other.sent.filter((m) => m.type === "command" && m.action === "pause")).toEqual([]);
  });

  it("drops a connection's frames over its rate, lets it send again as time passes, and closes one that keeps flooding", () => {
    let now = 1_000_000;
    const hub = new InMemoryLiveHub({ now: () => now });
    const sender = fakeClient(1, 10);
    const peer = fakeClient(2, 10);
    hub.join(sender.client);
    hub.join(peer.client);
    const pause = JSON.stringify({ type: "command", action: "pause" });
    const relayed = () => peer.sent.filter((m) => m.type === "command" && m.action === "pause").length;
    for (let i = 0; i < LIVE_LIMITS.burst + 5; i++) hub.receive(sender.client, pause);
    expect(relayed()).toBe(LIVE_LIMITS.burst);
    expect(hub.droppedFrames).toBe(5);
    now += 1000;
    for (let i = 0; i < LIVE_LIMITS.framesPerSecond + 3; i++) hub.receive(sender.client, pause);
    expect(relayed()).toBe(LIVE_LIMITS.burst + LIVE_LIMITS.framesPerSecond);
    expect(sender.closes).toEqual([]);
    for (let i = 0; i < LIVE_LIMITS.closeAfterDropped; i++) hub.receive(sender.client, pause);
    expect(sender.closes).toEqual([{ code: LIVE_CLOSE_CODES.tooMany, reason: "Too many messages" }]);
    expect(hub.stats()).toMatchObject({ connections: 1 });
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

  it("relays updates with the sender's source, ignoring the source a client claims", () => {
    const hub = new InMemoryLiveHub();
    const web = fakeClient(1, 10);
    const ext = fakeClient(2, 10, { source: "extension", deviceId: 7 });
    hub.join(web.client);
    hub.join(ext.client);
    hub.receive(ext.client, JSON.stringify({ type: "timer_update", timerState: state(), source: "web" }));
    expect(web.sent.at(-1)).toEqual({ type: "timer_update", timerState: state(), source: "extension" });
    expect(ext.sent).toEqual([]);
    expect(hub.snapshot(10)).toMatchObject({ state: state(), source: "extension" });
    expect(hub.stats().relayedMessages).toBe(2);
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
    hub.receive(ext.client, JSON.stringify({ type: "command", action: "start" }));
    expect(tab.sent).toHaveLength(before);
    expect(hub.droppedFrames).toBe(0);
  });

  it("closes by user, session and everything", () => {
    const hub = new InMemoryLiveHub();
    const a = fakeClient(1, 10, { sessionId: "s1" });
    const a2 = fakeClient(2, 10, { sessionId: "s2" });
    const b = fakeClient(3, 20, { sessionId: "s3" });
    for (const { client } of [a, a2, b]) hub.join(client);
    hub.receive(a.client, JSON.stringify({ type: "timer_update", timerState: state() }));
    expect(hub.closeSession("s1")).toBe(1);
    expect(a.closes).toEqual([{ code: 4401, reason: "Logged out" }]);
    expect(hub.closeUser(10)).toBe(1);
    expect(hub.snapshot(10)).toBeUndefined();
    expect(hub.closeAll()).toBe(1);
    expect(b.closes).toEqual([{ code: 1001, reason: "Server shutting down" }]);
    expect(hub.stats()).toMatchObject({ connections: 0, users: 0 });
  });

  it("keeps a user's last state for 10 minutes after their last connection leaves", () => {
    let now = 1_000_000;
    const hub = new InMemoryLiveHub({ now: () => now });
    const tab = fakeClient(1, 10);
    hub.join(tab.client);
    hub.receive(tab.client, JSON.stringify({ type: "timer_update", timerState: state() }));
    hub.leave(tab.client);

    now += 9 * MINUTE;
    const back = fakeClient(2, 10);
    hub.join(back.client);
    expect(back.sent).toEqual([{ type: "timer_update", timerState: state(), source: "web" }]);
    hub.leave(back.client);

    now += 11 * MINUTE;
    expect(hub.prune()).toBe(1);
    const late = fakeClient(3, 10);
    hub.join(late.client);
    expect(late.sent).toEqual([]);
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

describe("focusStartOf", () => {
  const now = 10 * MINUTE;
  const started = now - 3 * MINUTE;
  const running = state({ endsAt: now + 22 * MINUTE, currentTime: 22 * 60, sessionStartTime: started });
  const paused = state({ isActive: false, endsAt: null, currentTime: 22 * 60, sessionStartTime: started });

  it("is the session's own start while a focus session runs or is paused", () => {
    expect(focusStartOf(running, now)).toBe(started);
    expect(focusStartOf(paused, now + 5 * MINUTE)).toBe(started);
  });

  it("is null in a break, before a start, after the end, and from a sender that does not say", () => {
    expect(focusStartOf({ ...running, mode: "shortBreak", durationMs: 5 * MINUTE, endsAt: now + MINUTE, currentTime: 60 }, now)).toBeNull();
    expect(focusStartOf(state({ isActive: false, endsAt: null, sessionStartTime: null }), now)).toBeNull();
    expect(focusStartOf(running, now + 23 * MINUTE)).toBeNull();
    expect(focusStartOf({ ...running, sessionStartTime: undefined }, now)).toBeNull();
  });
});
