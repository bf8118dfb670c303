import type { LiveMessage } from "@focus/core/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { createApiClient } from "./api";
import { createPairing, type PairingPart } from "./pairing";
import { readState } from "./storage";
import { FakeApi, FakeChrome, settle, SocketFactory } from "./test/fakes";

const ORIGIN = "http://127.0.0.1:3000";
let part: PairingPart | null = null;
afterEach(() => part?.disconnect());

function setup() {
  const chrome = new FakeChrome();
  const api = new FakeApi();
  api.blocklist = [
    { id: 1, url: "www.YouTube.com", active: true },
    { id: 2, url: "off.example", active: false },
  ];
  const sockets = new SocketFactory();
  const received: LiveMessage[] = [];
  let reconciled = 0;
  part = createPairing({
    chrome,
    api: createApiClient(api.fetch),
    createSocket: sockets.create,
    clock: { now: () => 1000 },
    serial: (task) => task(),
    reconcile: async () => void reconciled++,
    onLiveMessage: (message) => received.push(message),
  });
  return { chrome, api, sockets, received, part, reconciled: () => reconciled };
}

describe("pairing", () => {
  it("keeps a good token, stores the active entries and opens the live connection with the token", async () => {
    const { chrome, api, sockets, part, received } = setup();
    const status = await part.pair(api.token, ORIGIN);
    expect(status).toEqual({ version: "1.4.0", link: "connecting", pairedHere: true });
    expect((await readState(chrome)).blocklist).toEqual({ entries: ["youtube.com"], delayed: [], mode: "blocklist", passesPerDay: 3, schedules: [], timeZone: null, sessionTask: null, endWarning: "off", passesTaken: null, fetchedAt: 1000 });
    expect(sockets.last.url).toBe(`ws://127.0.0.1:3000/ws/timer?token=${api.token}`);
    sockets.last.open();
    await settle();
    expect((await readState(chrome)).connection).toBe("open");
    sockets.last.receive({ type: "pong", serverNow: 5 });
    expect(received).toEqual([{ type: "pong", serverNow: 5 }]);
    expect(part.send({ type: "ping" })).toBe(true);
  });

  it("keeps nothing and says why when the token is refused", async () => {
    const { chrome, part, sockets } = setup();
    const status = await part.pair("W".repeat(43), ORIGIN);
    expect(status.error).toBe("The device token was refused (unlinked)");
    expect((await readState(chrome)).pairing).toBeNull();
    expect(sockets.sockets).toHaveLength(0);
  });

  it("forgets the pairing when the server closes with 4401, and pauses with 4403", async () => {
    const a = setup();
    await a.part.pair(a.api.token, ORIGIN);
    a.sockets.last.close(4401);
    await settle();
    expect((await readState(a.chrome)).pairing).toBeNull();
    expect(a.reconciled()).toBeGreaterThan(0);

    const b = setup();
    await b.part.pair(b.api.token, ORIGIN);
    b.sockets.last.close(4403);
    await settle();
    expect((await readState(b.chrome)).pairing?.paused).toBe(true);
    expect(b.part.send({ type: "ping" })).toBe(false);
  });

  it("resumes a paused device once the API takes its token again", async () => {
    const { chrome, api, part, sockets } = setup();
    await part.pair(api.token, ORIGIN);
    sockets.last.close(4403);
    await settle();
    const paused = (await readState(chrome)).pairing;
    if (!paused) throw new Error("no pairing");
    api.device = "paused";
    await part.checkPaused(paused);
    expect((await readState(chrome)).pairing?.paused).toBe(true);
    api.device = "active";
    await part.checkPaused(paused);
    expect((await readState(chrome)).pairing?.paused).toBe(false);
    expect(sockets.sockets).toHaveLength(2);
  });

  it("unpairs only from the origin it was paired with", async () => {
    const { chrome, api, part } = setup();
    await part.pair(api.token, ORIGIN);
    await part.unpair("http://localhost:3000");
    expect((await readState(chrome)).pairing).not.toBeNull();
    await part.unpair(ORIGIN);
    expect((await readState(chrome)).pairing).toBeNull();
  });
});
