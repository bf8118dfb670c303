import { createHash } from "node:crypto";
import { linkedDeviceCreatedSchema, linkedDeviceListSchema, MAX_LINKED_DEVICES } from "@focus/core/schemas";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { ADMIN_ENV, createTestApp, loginAdmin, registerUser, type TestApp, uniqueIp } from "./helpers";
import { EXTENSION_ORIGIN } from "./liveHelpers";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Every value stored in every table, as text (to look for a leaked token). */
async function everyStoredValue(app: FastifyInstance): Promise<string> {
  const values: string[] = [];
  for (const table of await app.db.introspection.getTables()) {
    const rows = await app.db.selectFrom(table.name as "users").selectAll().execute();
    values.push(JSON.stringify(rows));
  }
  return values.join("\n");
}

describe("linked devices", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  const pair = (cookie: string, name = "Chrome on laptop") =>
    t.app.inject({ method: "POST", url: "/api/linked-devices", headers: { cookie }, payload: { name } });
  const list = (cookie: string) => t.app.inject({ method: "GET", url: "/api/linked-devices", headers: { cookie } });
  const setActive = (cookie: string, id: number | string, isActive: unknown) =>
    t.app.inject({ method: "PUT", url: `/api/linked-devices/${id}`, headers: { cookie }, payload: { isActive } });
  const unlink = (cookie: string, id: number | string) =>
    t.app.inject({ method: "DELETE", url: `/api/linked-devices/${id}`, headers: { cookie } });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it("pairs a device: 201 with a 32-byte base64url token shown once, stored only as its SHA-256", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const res = await pair(cookie);
    expect(res.statusCode).toBe(201);
    const device = linkedDeviceCreatedSchema.parse(res.json());
    expect(device).toMatchObject({ name: "Chrome on laptop", isActive: true, lastSeenAt: null });
    expect(Number.isNaN(Date.parse(device.createdAt))).toBe(false);
    expect(device.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(device.token, "base64url")).toHaveLength(32);

    const row = await t.app.db.selectFrom("linked_devices").selectAll().where("id", "=", device.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256(device.token));
    expect(await everyStoredValue(t.app)).not.toContain(device.token);

    const listed = await list(cookie);
    expect(listed.statusCode).toBe(200);
    const { token: _token, ...shown } = device;
    expect(linkedDeviceListSchema.parse(listed.json())).toEqual([shown]);
    expect(listed.body).not.toContain(device.token);
    expect(listed.body).not.toContain(row.token_hash);

    const second = linkedDeviceCreatedSchema.parse((await pair(cookie, "Work browser")).json());
    expect(second.token).not.toBe(device.token);
  });

  it("pauses, resumes and unlinks the user's devices", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const device = (await pair(cookie)).json();
    const paused = await setActive(cookie, device.id, false);
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toEqual({ id: device.id, name: device.name, isActive: false, lastSeenAt: null, createdAt: device.createdAt });
    expect((await list(cookie)).json()[0].isActive).toBe(false);
    expect((await setActive(cookie, device.id, true)).json().isActive).toBe(true);

    const removed = await unlink(cookie, device.id);
    expect(removed.statusCode).toBe(204);
    expect((await list(cookie)).json()).toEqual([]);
    expect((await unlink(cookie, device.id)).statusCode).toBe(404);
    expect((await setActive(cookie, device.id, true)).statusCode).toBe(404);
  });

  it("keeps each user's devices to themselves: another user's id is 404", async () => {
    t = await createTestApp();
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const device = (await pair(a.cookie)).json();
    expect((await list(b.cookie)).json()).toEqual([]);
    for (const res of [await setActive(b.cookie, device.id, false), await unlink(b.cookie, device.id)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "Device not found" });
    }
    expect((await list(a.cookie)).json()[0]).toMatchObject({ id: device.id, isActive: true });
  });

  it("validates the name, the id and isActive", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    for (const [payload, message] of [
      [{}, "Device name is required"],
      [{ name: "   " }, "Device name is required"],
      [{ name: 5 }, "Device name is required"],
      [{ name: "x".repeat(101) }, "Device name must be at most 100 characters"],
    ] as const) {
      const res = await t.app.inject({ method: "POST", url: "/api/linked-devices", headers: { cookie }, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const device = (await pair(cookie)).json();
    expect((await setActive(cookie, device.id, "no")).statusCode).toBe(400);
    expect((await setActive(cookie, "abc", true)).statusCode).toBe(400);
    expect((await unlink(cookie, "0")).statusCode).toBe(400);
  });

  it(`refuses more than ${MAX_LINKED_DEVICES} devices per user with 409`, async () => {
    t = await createTestApp();
    const { cookie, res } = await registerUser(t.app);
    const userId: number = res.json().user.id;
    const rows = Array.from({ length: MAX_LINKED_DEVICES }, (_, i) => ({
      user_id: userId,
      name: `d${i}`,
      token_hash: sha256(`token-${i}`),
      is_active: 1,
      last_seen_at: null,
      created_at: new Date().toISOString(),
    }));
    await t.app.db.insertInto("linked_devices").values(rows).execute();
    const refused = await pair(cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: `You can link at most ${MAX_LINKED_DEVICES} devices` });
  });

  describe("device token authentication", () => {
    it("authenticates GET /api/me, GET /api/blocked-sites and POST /api/blocked-attempts as the device's user", async () => {
      t = await createTestApp();
      const { cookie, credentials } = await registerUser(t.app);
      await t.app.inject({ method: "POST", url: "/api/blocked-sites", headers: { cookie }, payload: { url: "youtube.com", active: true } });
      const { token } = (await pair(cookie)).json();

      const me = await t.app.inject({ method: "GET", url: "/api/me", headers: bearer(token) });
      expect(me.statusCode).toBe(200);
      expect(me.json().user.username).toBe(credentials.username);
      expect(me.headers["set-cookie"]).toBeUndefined();

      const sites = await t.app.inject({ method: "GET", url: "/api/blocked-sites", headers: bearer(token) });
      expect(sites.json()).toEqual([{ id: expect.any(Number), url: "youtube.com", active: true, delay: false }]);

      const attempt = await t.app.inject({
        method: "POST",
        url: "/api/blocked-attempts",
        headers: { ...bearer(token), origin: EXTENSION_ORIGIN },
        payload: { domain: "youtube.com", at: new Date().toISOString() },
      });
      expect(attempt.statusCode).toBe(201);
    });

    it("refuses a paused device with 403 and a revoked, unknown or malformed token with 401", async () => {
      t = await createTestApp();
      const { cookie } = await registerUser(t.app);
      const device = (await pair(cookie)).json();
      const me = (token: string) => t.app.inject({ method: "GET", url: "/api/me", headers: bearer(token) });

      await setActive(cookie, device.id, false);
      const paused = await me(device.token);
      expect(paused.statusCode).toBe(403);
      expect(paused.json()).toEqual({ message: "This device is paused" });
      await setActive(cookie, device.id, true);
      expect((await me(device.token)).statusCode).toBe(200);

      await unlink(cookie, device.id);
      for (const token of [device.token, "A".repeat(43), "short", "", `${device.token}x`]) {
        const res = await me(token);
        expect(res.statusCode, token).toBe(401);
        expect(res.json()).toEqual({ message: "This device is not linked" });
      }
    });

    it("stops working when the user is deleted", async () => {
      t = await createTestApp(ADMIN_ENV);
      const { cookie, res } = await registerUser(t.app);
      const { token } = (await pair(cookie)).json();
      const admin = await loginAdmin(t.app);
      await t.app.inject({ method: "DELETE", url: `/api/admin/users/${res.json().user.id}`, headers: { cookie: admin } });
      expect((await t.app.inject({ method: "GET", url: "/api/me", headers: bearer(token) })).statusCode).toBe(401);
    });

    it("notes the device as seen at most once a minute", async () => {
      t = await createTestApp();
      const { cookie } = await registerUser(t.app);
      const device = (await pair(cookie)).json();
      const seen = async () =>
        (await t.app.db.selectFrom("linked_devices").select("last_seen_at").where("id", "=", device.id).executeTakeFirstOrThrow())
          .last_seen_at;
      await t.app.inject({ method: "GET", url: "/api/me", headers: bearer(device.token) });
      const first = await seen();
      expect(first).not.toBeNull();
      expect((await list(cookie)).json()[0].lastSeenAt).toBe(first);
      await t.app.inject({ method: "GET", url: "/api/me", headers: bearer(device.token) });
      expect(await seen()).toBe(first);

      const twoMinutesAgo = new Date(Date.now() - 120_000).toISOString();
      await t.app.db.updateTable("linked_devices").set({ last_seen_at: twoMinutesAgo }).execute();
      await t.app.inject({ method: "GET", url: "/api/me", headers: bearer(device.token) });
      expect(Date.parse((await seen()) ?? "")).toBeGreaterThan(Date.parse(twoMinutesAgo));
    });

    it("is worth no more than no credentials on every other route", async () => {
      const registered: { method: string; url: string }[] = [];
      t = await createTestApp(
        ADMIN_ENV,
        {
          beforeReady: (app) =>
            app.addHook("onRoute", (route) => {
              for (const method of [route.method].flat()) registered.push({ method, url: route.url });
            }),
        },
      );
      const { cookie } = await registerUser(t.app);
      const { token } = (await pair(cookie)).json();
      const allowed = new Set(["GET /api/me", "HEAD /api/me", "GET /api/blocked-sites", "HEAD /api/blocked-sites", "GET /api/shield", "HEAD /api/shield", "POST /api/blocked-attempts"]);
      const checked: string[] = [];
      for (const { method, url } of registered) {
        const key = `${method} ${url}`;
        if (allowed.has(key)) continue;
        const path = url.replace(/:\w+/g, "1");
        const call = (headers: Record<string, string>) =>
          t.app.inject({ method: method as InjectOptions["method"], url: path, headers, remoteAddress: uniqueIp(), payload: {} });
        const anonymous = await call({});
        const withToken = await call(bearer(token));
        expect(withToken.statusCode, key).toBe(anonymous.statusCode);
        checked.push(key);
      }
      expect(checked).toContain("PUT /api/user/password");
      expect(checked).toContain("POST /api/linked-devices");
      expect(checked).toContain("DELETE /api/blocked-sites/:id");
      const password = await t.app.inject({
        method: "PUT",
        url: "/api/user/password",
        headers: bearer(token),
        payload: { currentPassword: "correct-horse", newPassword: "new-password" },
      });
      expect(password.statusCode).toBe(401);
      expect(password.json()).toEqual({ message: "Not authenticated" });
    });
  });

  describe("origin check for device tokens", () => {
    const attempt = (headers: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url: "/api/blocked-attempts",
        headers,
        payload: { domain: "reddit.com", at: new Date().toISOString() },
      });

    it("lets an extension origin through with a bearer token and no cookie", async () => {
      t = await createTestApp();
      const { cookie } = await registerUser(t.app);
      const { token } = (await pair(cookie)).json();
      const res = await attempt({ ...bearer(token), origin: EXTENSION_ORIGIN, "sec-fetch-site": "cross-site" });
      expect(res.statusCode).toBe(201);
    });

    it("refuses an extension origin that sends a cookie, or no bearer token, and any other foreign origin", async () => {
      t = await createTestApp();
      const { cookie } = await registerUser(t.app);
      const { token } = (await pair(cookie)).json();
      const cases: Record<string, string>[] = [
        { ...bearer(token), origin: EXTENSION_ORIGIN, cookie },
        { origin: EXTENSION_ORIGIN, cookie },
        { ...bearer(token), origin: "https://evil.example" },
        { ...bearer(token), origin: "chrome-extension://short" },
        { ...bearer(token), origin: `${EXTENSION_ORIGIN}.evil.example` },
      ];
      for (const headers of cases) {
        const res = await attempt(headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(403);
        expect(res.json().message).toMatch(/^(This page was opened at .+, but Focus Flow runs at http:\/\/localhost:80\. Open http:\/\/localhost:80 instead|This request did not come from a Focus Flow page\. Open http:\/\/localhost:80 and try again)\.$/);
      }
      // Pairing itself is a browser-session call: never from an extension origin.
      const paired = await t.app.inject({
        method: "POST",
        url: "/api/linked-devices",
        headers: { cookie, origin: EXTENSION_ORIGIN },
        payload: { name: "x" },
      });
      expect(paired.statusCode).toBe(403);
    });
  });
});
