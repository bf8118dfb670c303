import type { SharedTimerState } from "@focus/core/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { createApiClient } from "./api";
import { FakeApi, FakeChrome, settle, SocketFactory } from "./test/fakes";
import { createWorker, type Worker } from "./worker";

/** A strict focus session keeps the extension paired (`docs/product.md`, Strict focus). */
const T0 = Date.UTC(2026, 2, 2, 9, 0);
const MIN = 60_000;
const ORIGIN = "http://127.0.0.1:3000";
const strictFocus: SharedTimerState = {
  isActive: true,
  currentTime: 1500,
  mode: "focus",
  progress: 0,
  endsAt: T0 + 25 * MIN,
  durationMs: 25 * MIN,
  sessionStartTime: T0,
  strict: true,
};

let worker: Worker | null = null;
afterEach(() => worker?.dispose());

async function pairedWith(timer: SharedTimerState, blocklist: FakeApi["blocklist"] = []) {
  const chrome = new FakeChrome();
  const api = new FakeApi();
  api.blocklist = blocklist;
  const sockets = new SocketFactory();
  const clock = { now: T0 };
  worker = createWorker({ chrome, api: createApiClient(api.fetch), createSocket: sockets.create, now: () => clock.now, defaultAppUrl: "http://localhost:3000" });
  await worker.start();
  await worker.pair(api.token, ORIGIN);
  sockets.last.open();
  await settle();
  sockets.last.receive({ type: "timer_update", timerState: timer, source: "server" });
  await settle();
  return { worker, clock, api, chrome, sockets };
}

describe("unpairing during a strict focus session", () => {
  it("keeps the pairing while the strict session runs, and lets it go after its end", async () => {
    const { worker, clock } = await pairedWith(strictFocus);
    expect((await worker.unpair(ORIGIN)).link).not.toBe("unlinked");
    clock.now = T0 + 26 * MIN;
    expect((await worker.unpair(ORIGIN)).link).toBe("unlinked");
  });

  it("unpairs at once when the session is not strict", async () => {
    const { worker } = await pairedWith({ ...strictFocus, strict: false });
    expect((await worker.unpair(ORIGIN)).link).toBe("unlinked");
  });
});

describe("a revoked token or another account during strict focus or a schedule", () => {
  it("keeps blocking with the last list until the strict session ends when the server closes with 4401, then lets the pairing go", async () => {
    const chrome = new FakeChrome();
    const api = new FakeApi();
    api.blocklist = [{ id: 1, url: "youtube.com", active: true, delay: false }];
    const sockets = new SocketFactory();
    const clock = { now: T0 };
    worker = createWorker({ chrome, api: createApiClient(api.fetch), createSocket: sockets.create, now: () => clock.now, defaultAppUrl: "http://localhost:3000" });
    await worker.start();
    await worker.pair(api.token, ORIGIN);
    sockets.last.open();
    await settle();
    sockets.last.receive({ type: "timer_update", timerState: strictFocus, source: "server" });
    await settle();
    expect(chrome.navigate("https://youtube.com/")).toContain("blocked.html");
    // A sign-out everywhere (or a password change) revokes the device token.
    api.device = "revoked";
    sockets.last.close(4401);
    await settle();
    expect(chrome.navigate("https://youtube.com/")).toContain("blocked.html");
    clock.now = T0 + 26 * MIN;
    await worker.onAlarm("session-end");
    expect(chrome.navigate("https://youtube.com/")).toBeNull();
    expect((await worker.status(ORIGIN)).link).toBe("unlinked");
  });

  it("refuses a pairing with another account's token while a strict session runs", async () => {
    const { worker, api } = await pairedWith(strictFocus);
    api.otherAccounts.set("O".repeat(43), 2);
    const answer = await worker.pair("O".repeat(43), ORIGIN);
    expect(answer.error).toMatch(/strict focus session/);
    expect(answer.link).not.toBe("unlinked");
  });

  it("lets the same account's fresh token take over while a strict session runs, blocking all along", async () => {
    const { worker, api, chrome, sockets } = await pairedWith(strictFocus, [{ id: 1, url: "youtube.com", active: true, delay: false }]);
    expect(chrome.navigate("https://youtube.com/")).toContain("blocked.html");
    // A password change ends the old token (close 4401); the app pairs the browser again.
    api.device = "revoked";
    sockets.last.close(4401);
    await settle();
    api.device = "active";
    api.token = "N".repeat(43);
    const answer = await worker.pair(api.token, ORIGIN);
    expect(answer.error).toBeUndefined();
    expect(answer.link).not.toBe("unlinked");
    expect(chrome.navigate("https://youtube.com/")).toContain("blocked.html");
  });
});
