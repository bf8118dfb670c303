import type { LiveMessage } from "@focus/core/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LIVE_CLOSE_CODES } from "../src/live/hub";
import { ADMIN_ENV, createTestApp, login, loginAdmin, registerUser, type TestApp } from "./helpers";
import { connect, EXTENSION_ORIGIN, listen, type LiveTestClient, OTHER_EXTENSION_ORIGIN, refusal } from "./liveHelpers";

const RUNNING = {
  isActive: true,
  currentTime: 1500,
  mode: "focus",
  progress: 0,
  endsAt: Date.now() + 1_500_000,
  durationMs: 1_500_000,
} as const;

describe("/ws/timer", () => {
  let t: TestApp;
  let origin: string;
  let url: string;
  const open: LiveTestClient[] = [];

  beforeEach(async () => {
    t = await createTestApp(ADMIN_ENV);
    const listening = await listen(t.app);
    origin = listening.origin;
    url = `${listening.wsBase}/ws/timer`;
  });
  afterEach(async () => {
    for (const client of open.splice(0)) client.ws.terminate();
    await t.close();
  });

  /** Takes the account's timer every new connection is sent first (and its `timer_update`). */
  async function greeted(client: LiveTestClient): Promise<LiveTestClient> {
    open.push(client);
    expect((await client.next()).type).toBe("account_timer");
    expect((await client.next()).type).toBe("timer_update");
    return client;
  }

  /** A connection with the session cookie from the app's own origin. */
  async function web(cookie: string): Promise<LiveTestClient> {
    return greeted(await connect(url, { cookie, origin }));
  }

  /** A connection with a device token from an extension origin. */
  async function extension(token: string): Promise<LiveTestClient> {
    return greeted(await connect(`${url}?token=${encodeURIComponent(token)}`, { origin: EXTENSION_ORIGIN }));
  }

  /** Pairs a device for the user; returns its id and token. */
  async function pair(cookie: string): Promise<{ id: number; token: string }> {
    const res = await t.app.inject({ method: "POST", url: "/api/linked-devices", headers: { cookie }, payload: { name: "Chrome" } });
    expect(res.statusCode).toBe(201);
    return res.json();
  }

  /** Round trip: once the pong is back, every frame sent before the ping has been handled. */
  async function settle(client: LiveTestClient): Promise<void> {
    client.send({ type: "ping" });
    const seen: LiveMessage[] = [];
    for (;;) {
      const message = await client.next();
      if (message.type === "pong") break;
      seen.push(message);
    }
    if (seen.length > 0) throw new Error(`unexpected messages before pong: ${JSON.stringify(seen)}`);
  }

  describe("upgrade", () => {
    it("accepts the session cookie from the app's own origin", async () => {
      const { cookie } = await registerUser(t.app);
      const client = await web(cookie);
      await settle(client);
      expect(t.app.liveHub.stats()).toMatchObject({ connections: 1, users: 1 });
    });

    it("accepts a device token from our extension's origin and notes the device as seen", async () => {
      const { cookie } = await registerUser(t.app);
      const device = await pair(cookie);
      const client = await extension(device.token);
      await settle(client);
      const row = await t.app.db.selectFrom("linked_devices").selectAll().where("id", "=", device.id).executeTakeFirstOrThrow();
      expect(row.last_seen_at).not.toBeNull();
    });

    it("refuses a foreign Origin with 403 before accepting, logged in or not", async () => {
      const { cookie } = await registerUser(t.app);
      const cases: Record<string, string>[] = [
        { cookie, origin: "https://evil.example" },
        { cookie, origin: EXTENSION_ORIGIN },
        { cookie },
        { origin: "https://evil.example" },
      ];
      for (const headers of cases) {
        const refused = await refusal(url, headers);
        expect(refused.status, JSON.stringify(headers)).toBe(403);
        const own = origin;
        const expected = headers.origin
          ? `This page was opened at ${headers.origin}, but Focus Flow runs at ${own}. Open ${own} instead.`
          : `This request did not come from a Focus Flow page. Open ${own} and try again.`;
        expect(refused.body, JSON.stringify(headers)).toEqual({ message: expected });
      }
      expect(t.app.liveHub.stats().connections).toBe(0);
    });

    it("refuses a device token from another extension's origin with 403", async () => {
      const { cookie } = await registerUser(t.app);
      const device = await pair(cookie);
      expect(await refusal(`${url}?token=${device.token}`, { origin: OTHER_EXTENSION_ORIGIN })).toEqual({
        status: 403,
        body: { message: "Only the Focus Flow extension can connect with a device token." },
      });
      expect(t.app.liveHub.stats().connections).toBe(0);
      // The same token from our extension is let in.
      await settle(await extension(device.token));
    });

    it("refuses a device token from a web origin with 403", async () => {
      const { cookie } = await registerUser(t.app);
      const device = await pair(cookie);
      for (const from of [origin, "https://evil.example", "chrome-extension://not-an-id"]) {
        const refused = await refusal(`${url}?token=${device.token}`, { origin: from });
        expect(refused.status, from).toBe(403);
      }
    });

    it("refuses an anonymous upgrade and a logged-out cookie with 401", async () => {
      expect(await refusal(url, { origin })).toEqual({ status: 401, body: { message: "Not authenticated" } });
      const { cookie } = await registerUser(t.app);
      await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie } });
      expect((await refusal(url, { cookie, origin })).status).toBe(401);
    });

    it("refuses unknown, empty and revoked tokens with 401 and a paused device with 403", async () => {
      const { cookie } = await registerUser(t.app);
      const notLinked = { status: 401, body: { message: "This device is not linked" } };
      expect(await refusal(`${url}?token=${"A".repeat(43)}`, { origin: EXTENSION_ORIGIN })).toEqual(notLinked);
      expect(await refusal(`${url}?token=`, { origin: EXTENSION_ORIGIN })).toEqual(notLinked);
      expect(await refusal(`${url}?token=a&token=b`, { origin: EXTENSION_ORIGIN })).toEqual(notLinked);

      const paused = await pair(cookie);
      await t.app.inject({ method: "PUT", url: `/api/linked-devices/${paused.id}`, headers: { cookie }, payload: { isActive: false } });
      expect(await refusal(`${url}?token=${paused.token}`, { origin: EXTENSION_ORIGIN })).toEqual({
        status: 403,
        body: { message: "This device is paused" },
      });

      const revoked = await pair(cookie);
      await t.app.inject({ method: "DELETE", url: `/api/linked-devices/${revoked.id}`, headers: { cookie } });
      expect(await refusal(`${url}?token=${revoked.token}`, { origin: EXTENSION_ORIGIN })).toEqual(notLinked);
    });

    it("compares the Origin with PUBLIC_ORIGIN when it is set", async () => {
      await t.close();
      t = await createTestApp({ PUBLIC_ORIGIN: "http://focus.test:8080" });
      ({ origin, wsBase: url } = await listen(t.app));
      url += "/ws/timer";
      const { cookie } = await registerUser(t.app);
      // The request's own scheme and host no longer count.
      expect((await refusal(url, { cookie, origin })).status).toBe(403);
      const accepted = await greeted(await connect(url, { cookie, origin: "http://focus.test:8080" }));
      await settle(accepted);
    });

    it("answers a plain HTTP request with 426", async () => {
      const res = await t.app.inject({ method: "GET", url: "/ws/timer" });
      expect(res.statusCode).toBe(426);
      expect(res.headers.upgrade).toBe("websocket");
    });
  });

  describe("messages", () => {
    it("hears nothing of a device's own timer_update (the server holds the timer), and another user hears nothing at all", async () => {
      const a = await registerUser(t.app);
      const b = await registerUser(t.app);
      const device = await pair(a.cookie);
      const tab = await web(a.cookie);
      const ext = await extension(device.token);
      const other = await web(b.cookie);

      tab.send({ type: "timer_update", timerState: RUNNING });
      ext.send({ type: "timer_update", timerState: { ...RUNNING, isActive: false } });
      await settle(tab);
      await settle(ext);
      expect(await other.quiet()).toBe(true);
    });

    it("runs the extension popup's start, pause and reset on the account's timer and tells every connection", async () => {
      const a = await registerUser(t.app);
      const device = await pair(a.cookie);
      const tab = await web(a.cookie);
      const ext = await extension(device.token);
      const statuses: string[] = [];
      for (const action of ["start", "pause", "reset"] as const) {
        ext.send({ type: "command", action });
        const told = await tab.next();
        if (told.type !== "account_timer") throw new Error(`expected account_timer, got ${told.type}`);
        statuses.push(told.timer.status);
        expect(await tab.next()).toMatchObject({ type: "timer_update", source: "server" });
        expect(await ext.next()).toMatchObject({ type: "account_timer", replies: [{ outcome: "applied" }] });
        expect(await ext.next()).toMatchObject({ type: "timer_update" });
      }
      expect(statuses).toEqual(["running", "paused", "idle"]);
    });

    it("sends the account's timer to a new connection at once, and again on sync_request", async () => {
      const { cookie } = await registerUser(t.app);
      const first = await web(cookie);
      first.send({ type: "command", action: "sync_request" });
      expect(await first.next()).toMatchObject({ type: "account_timer", timer: { status: "idle", mode: "focus", version: 0 } });
      expect(await first.next()).toMatchObject({ type: "timer_update", timerState: { isActive: false, currentTime: 1500 } });
    });

    it("answers ping with pong", async () => {
      const { cookie } = await registerUser(t.app);
      const client = await web(cookie);
      const before = Date.now();
      client.send({ type: "ping", sentAt: 12345 });
      const pong = await client.next();
      expect(pong).toMatchObject({ type: "pong", sentAt: 12345 });
      // The server's clock, for the client's clock offset.
      expect((pong as { serverNow: number }).serverNow).toBeGreaterThanOrEqual(before);
    });

    it("drops and counts malformed frames without closing the socket or relaying them", async () => {
      const { cookie } = await registerUser(t.app);
      const tab = await web(cookie);
      const other = await web(cookie);
      const before = t.app.liveHub.droppedFrames;
      const bad = [
        "not json",
        "[]",
        "null",
        JSON.stringify({ type: "unknown" }),
        JSON.stringify({ type: "timer_update" }),
        JSON.stringify({ type: "timer_update", timerState: { ...RUNNING, progress: 400 } }),
        JSON.stringify({ type: "command", action: "self_destruct" }),
        Buffer.from([1, 2, 3]),
      ];
      for (const frame of bad) other.send(frame);
      await settle(other);
      expect(t.app.liveHub.droppedFrames - before).toBe(bad.length);
      expect(await tab.quiet()).toBe(true);
      expect(other.ws.readyState).toBe(other.ws.OPEN);
    });

    it("closes a connection that sends a frame over 4 KB with 1009", async () => {
      const { cookie } = await registerUser(t.app);
      const client = await web(cookie);
      client.send(JSON.stringify({ type: "ping", padding: "x".repeat(5000) }));
      expect((await client.closed).code).toBe(1009);
      // 4 KB itself is fine.
      const small = await web(cookie);
      small.send(JSON.stringify({ type: "ping", padding: "x".repeat(4000) }));
      expect(await small.next()).toMatchObject({ type: "pong" });
    });
  });

  describe("closing", () => {
    it("closes a device's sockets when it is revoked (4401) or paused (4403), and no others", async () => {
      const { cookie } = await registerUser(t.app);
      const revoked = await pair(cookie);
      const paused = await pair(cookie);
      const tab = await web(cookie);
      const revokedSocket = await extension(revoked.token);
      const pausedSocket = await extension(paused.token);

      await t.app.inject({ method: "DELETE", url: `/api/linked-devices/${revoked.id}`, headers: { cookie } });
      expect(await revokedSocket.closed).toEqual({ code: LIVE_CLOSE_CODES.unauthorized, reason: "This device is not linked" });
      await t.app.inject({ method: "PUT", url: `/api/linked-devices/${paused.id}`, headers: { cookie }, payload: { isActive: false } });
      expect(await pausedSocket.closed).toEqual({ code: LIVE_CLOSE_CODES.devicePaused, reason: "This device is paused" });

      expect(tab.ws.readyState).toBe(tab.ws.OPEN);
      expect(t.app.liveHub.stats().connections).toBe(1);
    });

    it("closes every socket of a user the admin deletes", async () => {
      const victim = await registerUser(t.app);
      const bystander = await registerUser(t.app);
      const device = await pair(victim.cookie);
      const sockets = [await web(victim.cookie), await extension(device.token)];
      const other = await web(bystander.cookie);
      const admin = await loginAdmin(t.app);
      const id: number = victim.res.json().user.id;
      const res = await t.app.inject({ method: "DELETE", url: `/api/admin/users/${id}`, headers: { cookie: admin } });
      expect(res.statusCode).toBe(200);
      for (const socket of sockets) expect((await socket.closed).code).toBe(LIVE_CLOSE_CODES.unauthorized);
      await settle(other);
    });

    it("closes every socket of a user who deletes their own account, and no one else's", async () => {
      const leaving = await registerUser(t.app);
      const bystander = await registerUser(t.app);
      const device = await pair(leaving.cookie);
      const sockets = [await web(leaving.cookie), await web(leaving.cookie), await extension(device.token)];
      const other = await web(bystander.cookie);

      const res = await t.app.inject({
        method: "DELETE",
        url: "/api/user",
        headers: { cookie: leaving.cookie },
        payload: { password: leaving.credentials.password },
      });
      expect(res.statusCode).toBe(200);
      for (const socket of sockets) expect((await socket.closed).code).toBe(LIVE_CLOSE_CODES.unauthorized);
      expect(other.ws.readyState).toBe(other.ws.OPEN);
      await settle(other);
      expect(t.app.liveHub.stats()).toMatchObject({ connections: 1, users: 1 });
    });

    it("closes the sockets of a login session on logout, not the user's other sessions or devices", async () => {
      const { cookie, credentials } = await registerUser(t.app);
      const device = await pair(cookie);
      const otherBrowser = await login(t.app, credentials.username, credentials.password);
      const tabs = [await web(cookie), await web(cookie)];
      const elsewhere = await web(otherBrowser);
      const ext = await extension(device.token);

      await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie } });
      for (const tab of tabs) expect(await tab.closed).toEqual({ code: LIVE_CLOSE_CODES.unauthorized, reason: "Logged out" });
      expect(elsewhere.ws.readyState).toBe(elsewhere.ws.OPEN);
      expect(ext.ws.readyState).toBe(ext.ws.OPEN);
    });

    it("closes the sockets of the previous session when someone logs in on the same browser", async () => {
      const first = await registerUser(t.app);
      const second = await registerUser(t.app);
      const tab = await web(first.cookie);
      const res = await t.app.inject({
        method: "POST",
        url: "/api/login",
        headers: { cookie: first.cookie },
        payload: { username: second.credentials.username, password: second.credentials.password },
      });
      expect(res.statusCode).toBe(200);
      expect((await tab.closed).code).toBe(LIVE_CLOSE_CODES.unauthorized);
    });

    it("closes every socket with 1001 when the server closes", async () => {
      const { cookie } = await registerUser(t.app);
      const client = await web(cookie);
      await settle(client);
      const closing = t.app.close();
      expect((await client.closed).code).toBe(LIVE_CLOSE_CODES.shuttingDown);
      await closing;
    });
  });
});
