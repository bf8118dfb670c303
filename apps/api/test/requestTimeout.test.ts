import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, registerUser, type TestApp } from "./helpers";
import { connect as connectLive, listen } from "./liveHelpers";

/** A drip-fed request cannot hold a connection open (REQUEST_TIMEOUT_MS, `docs/api.md`). */
describe("request timeout", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  it("answers 408 and closes a connection whose body never finishes arriving", async () => {
    t = await createTestApp({ REQUEST_TIMEOUT_MS: "500" });
    const { origin } = await listen(t.app);
    const { hostname, port } = new URL(origin);
    const started = Date.now();
    const answer = await new Promise<{ text: string; closedAfterMs: number }>((resolve, reject) => {
      const socket = connect(Number(port), hostname);
      let text = "";
      socket.on("data", (chunk) => (text += chunk.toString()));
      socket.on("close", () => resolve({ text, closedAfterMs: Date.now() - started }));
      socket.on("error", reject);
      socket.write(`POST /api/login HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"usernameOrEmail":`);
      // One more byte now and then, never the whole body.
      const drip = setInterval(() => socket.write(" "), 100);
      socket.on("close", () => clearInterval(drip));
    });
    expect(answer.text).toMatch(/^HTTP\/1\.1 408/);
    expect(answer.closedAfterMs).toBeLessThan(5000);
  });

  it("leaves an open websocket alone: the limit is on receiving a request, not on a connection's life", async () => {
    t = await createTestApp({ REQUEST_TIMEOUT_MS: "300" });
    const { origin, wsBase } = await listen(t.app);
    const { cookie } = await registerUser(t.app);
    const live = await connectLive(`${wsBase}/ws/timer`, { cookie, origin });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    live.send({ type: "ping" });
    // After the account's timer it was greeted with, the pong.
    expect((await live.next()).type).toBe("account_timer");
    expect((await live.next()).type).toBe("timer_update");
    expect(await live.next()).toMatchObject({ type: "pong" });
    live.ws.close();
  });
});
