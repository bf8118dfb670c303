import type { LiveMessage, SharedTimerState } from "@focus/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LIVE_CLOSE_CODES } from "../src/live/hub";
import { ADMIN_ENV, createTestApp, login, loginAdmin, registerUser, type TestApp } from "./helpers";
import { connect, EXTENSION_ORIGIN, listen, type LiveTestClient, OTHER_EXTENSION_ORIGIN, refusal } from "./liveHelpers";

const RUNNING: SharedTimerState = {
  isActive: true,
  currentTime: 1500,
  mode: "focus",
  progress: 0,
  endsAt: Date.now() + 1_500_000,
  durationMs: 1_500_000,
};

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

  /** A connection with the session cookie from the app's own origin. */
  async function web(cookie: string): Promise<LiveTestClient> {
    const client = await connect(url, { cookie, origin });
    open.push(client);
    return client;
  }

  /** A connection with a device token from an extension origin. */
  async function extension(token: string): Promise<LiveTestClient> {
    const client = await connect(`${url}?token=${encodeURIComponent(token)}`, { origin: EXTENSION_ORIGIN });
    open.push(client);
    return client;
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
      const accepted = await connect(url, { cookie, origin: "http://focus.test:8080" });
      open.push(accepted);
      await settle(accepted);
    });

    it("answers a plain HTTP request with 426", async () => {
      const res = await t.app.inject({ method: "GET", url: "/ws/timer" });
      expect(res.statusCode).toBe(426);
      expect(res.headers.upgrade).toBe("websocket");
    });
  });

  describe("messages", () => {
    it("relays a timer update to the user's other connections with its source, and not to other users", async () => {
      const a = await registerUser(t.app);
      const b = await registerUser(t.app);
      const device = await pair(a.cookie);
      const tab = await web(a.cookie);
      const ext = await extension(device.token);
      expect(await tab.next()).toEqual({ type: "command", action: "sync_request" });
      const other = await web(b.cookie);

      tab.send({ type: "timer_update", timerState: RUNNING, source: "extension" });
      expect(await ext.next()).toEqual({ type: "timer_update", timerState: RUNNING, source: "web" });
      ext.send({ type: "timer_update", timerState: { ...RUNNING, isActive: false } });
      expect(await tab.next()).toEqual({ type: "timer_update", timerState: { ...RUNNING, isActive: false }, source: "extension" });

      await settle(other);
      expect(other.received).toEqual([{ type: "pong" }]);
      await settle(tab);
      await settle(ext);
    });

    it("relays commands to the user's other connections only", async () => {
      const a = await registerUser(t.app);
      const device = await pair(a.cookie);
      const tab = await web(a.cookie);
      const ext = await extension(device.token);
      expect(await tab.next()).toEqual({ type: "command", action: "sync_request" });
      for (const action of ["start", "pause", "reset", "sync_request"] as const) {
        ext.send({ type: "command", action });
        expect(await tab.next()).toEqual({ type: "command", action });
      }
      await settle(ext);
    });

    it("sends the last state to a new connection at once and asks the others to sync", async () => {
      const { cookie } = await registerUser(t.app);
      const first = await web(cookie);
      first.send({ type: "timer_update", timerState: RUNNING });
      await settle(first);

      const second = await web(cookie);
      expect(await second.next()).toEqual({ type: "timer_update", timerState: RUNNING, source: "web" });
      expect(await first.next()).toEqual({ type: "command", action: "sync_request" });
      await settle(second);
    });

    it("answers ping with pong", async () => {
      const { cookie } = await registerUser(t.app);
      const client = await web(cookie);
      client.send({ type: "ping" });
      expect(await client.next()).toEqual({ type: "pong" });
    });

    it("drops and counts malformed frames without closing the socket or relaying them", async () => {
      const { cookie } = await registerUser(t.app);
      const tab = await web(cookie);
      const other = await web(cookie);
      expect(await tab.next()).toEqual({ type: "command", action: "sync_request" });
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
      expect(await small.next()).toEqual({ type: "pong" });
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
      expect(t.app.liveHub.snapshot(id)).toBeUndefined();
      await settle(other);
    });

    it("closes every socket of a user who deletes their own account, and no one else's", async () => {
      const leaving = await registerUser(t.app);
      const bystander = await registerUser(t.app);
      const device = await pair(leaving.cookie);
      const sockets = [await web(leaving.cookie), await web(leaving.cookie), await extension(device.token)];
      const other = await web(bystander.cookie);
      const id: number = leaving.res.json().user.id;

      const res = await t.app.inject({
        method: "DELETE",
        url: "/api/user",
        headers: { cookie: leaving.cookie },
        payload: { password: leaving.credentials.password },
      });
      expect(res.statusCode).toBe(200);
      for (const socket of sockets) expect((await socket.closed).code).toBe(LIVE_CLOSE_CODES.unauthorized);
      expect(t.app.liveHub.snapshot(id)).toBeUndefined();
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
