import { describe, expect, it } from "vitest";
import { createActor, SimulatedClock } from "xstate";
import { LIVE_HEARTBEAT_MS, parseLiveMessage, reconnectDelayMs } from "./live";
import { createSocketActor, liveConnectionMachine, type WebSocketLike } from "./liveConnection";

/** A socket the test drives: open it, feed it frames, close it, read what was sent. */
class FakeSocket implements WebSocketLike {
  readyState = 0;
  sent: string[] = [];
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: unknown) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(data: string) {
    this.onmessage?.({ data });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
}

function start() {
  const sockets: FakeSocket[] = [];
  const clock = new SimulatedClock();
  const machine = liveConnectionMachine.provide({
    actors: {
      socket: createSocketActor(() => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      }),
    },
  });
  const actor = createActor(machine, { clock, input: { url: "ws://localhost/ws/timer" } });
  const messages: unknown[] = [];
  let connected = 0;
  actor.on("message", (e) => messages.push(e.message));
  actor.on("connected", () => connected++);
  actor.start();
  return { actor, clock, sockets, messages, connected: () => connected };
}

describe("live connection client", () => {
  it("backs off min(30 s, 2 s × 1.5^n)", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(reconnectDelayMs)).toEqual([2000, 3000, 4500, 6750, 10125, 15187.5, 22781.25]);
    expect(reconnectDelayMs(7)).toBe(30_000);
    expect(reconnectDelayMs(20)).toBe(30_000);
  });

  it("announces the open connection, relays valid messages and drops malformed ones", () => {
    const { actor, sockets, messages, connected } = start();
    sockets[0]!.open();
    expect(actor.getSnapshot().matches({ online: "open" })).toBe(true);
    expect(connected()).toBe(1);
    sockets[0]!.receive(JSON.stringify({ type: "command", action: "sync_request" }));
    sockets[0]!.receive("not json");
    sockets[0]!.receive(JSON.stringify({ type: "timer_update", timerState: { isActive: "yes" } }));
    expect(messages).toEqual([{ type: "command", action: "sync_request" }]);
  });

  it("sends what it is asked to and answers a ping with a pong", () => {
    const { actor, sockets } = start();
    sockets[0]!.open();
    actor.send({ type: "SEND", message: { type: "command", action: "sync_request" } });
    sockets[0]!.receive(JSON.stringify({ type: "ping" }));
    expect(sockets[0]!.sent.map((s) => JSON.parse(s))).toEqual([
      { type: "ping", sentAt: expect.any(Number) },
      { type: "command", action: "sync_request" },
      { type: "pong" },
    ]);
  });

  it("pings at once when open (a first clock sample) and every 20 s after, stamped with its clock", () => {
    const { clock, sockets } = start();
    sockets[0]!.open();
    for (let i = 0; i < 3; i++) clock.increment(LIVE_HEARTBEAT_MS);
    const pings = sockets[0]!.sent.map((s) => JSON.parse(s)).filter((m) => m.type === "ping");
    expect(pings).toHaveLength(4);
    expect(pings.every((p) => typeof p.sentAt === "number")).toBe(true);
  });

  it("reconnects with backoff, at most 10 times, then stays disconnected until RETRY", () => {
    const { actor, clock, sockets } = start();
    for (let attempt = 0; attempt < 10; attempt++) {
      sockets.at(-1)!.drop();
      expect(actor.getSnapshot().value).toBe("waiting");
      clock.increment(reconnectDelayMs(attempt) - 1);
      expect(sockets).toHaveLength(attempt + 1);
      clock.increment(1);
      expect(sockets).toHaveLength(attempt + 2);
    }
    sockets.at(-1)!.drop();
    expect(actor.getSnapshot().value).toBe("disconnected");
    clock.increment(60_000);
    expect(sockets).toHaveLength(11);
    actor.send({ type: "RETRY" });
    expect(sockets).toHaveLength(12);
  });

  it("closes the socket and waits for RETRY when the network is lost, from open or from waiting", () => {
    const { actor, clock, sockets } = start();
    sockets[0]!.open();
    actor.send({ type: "NETWORK_LOST" });
    expect(actor.getSnapshot().value).toBe("disconnected");
    expect(sockets[0]!.readyState).toBe(3);
    clock.increment(60_000);
    expect(sockets).toHaveLength(1);
    actor.send({ type: "RETRY" });
    expect(sockets).toHaveLength(2);
    sockets[1]!.drop();
    expect(actor.getSnapshot().value).toBe("waiting");
    actor.send({ type: "NETWORK_LOST" });
    clock.increment(60_000);
    expect(actor.getSnapshot().value).toBe("disconnected");
    expect(sockets).toHaveLength(2);
  });

  it("starts the backoff over after a successful open", () => {
    const { actor, clock, sockets } = start();
    sockets[0]!.drop();
    clock.increment(2000);
    sockets[1]!.drop();
    clock.increment(3000);
    sockets[2]!.open();
    expect(actor.getSnapshot().context.attempt).toBe(0);
    sockets[2]!.drop();
    clock.increment(2000);
    expect(sockets).toHaveLength(4);
  });

  it("parses only the protocol's messages", () => {
    expect(parseLiveMessage('{"type":"pong"}')).toEqual({ type: "pong" });
    expect(parseLiveMessage('{"type":"command","action":"explode"}')).toBeNull();
    expect(parseLiveMessage("{")).toBeNull();
  });
});
