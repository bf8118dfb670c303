/**
 * Push subscriptions (`docs/api.md`, Push; `docs/product.md`, Notifications on a locked phone):
 * the VAPID key, saving, listing and deleting a browser's subscription, what is refused and
 * with which message, the per-account cap, and which sign-outs take subscriptions away. Runs on
 * SQLite and PostgreSQL.
 */
import { MAX_PUSH_SUBSCRIPTIONS } from "@focus/core/push";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/env";
import { createTestApp, login, registerUser, type TestApp, uniqueIp } from "./helpers";

const KEYS = { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) };
let endpoints = 0;
/** A subscription of a browser on Chrome's push service (nothing is sent to it in these tests). */
const chromeSubscription = () => ({ endpoint: `https://fcm.googleapis.com/fcm/send/test-${(endpoints += 1)}`, expirationTime: null, keys: KEYS });

function save(app: FastifyInstance, cookie: string, payload: object) {
  return app.inject({ method: "POST", url: "/api/push/subscriptions", headers: { cookie }, payload });
}
async function listed(app: FastifyInstance, cookie: string): Promise<{ id: number; endpoint: string }[]> {
  const res = await app.inject({ method: "GET", url: "/api/push/subscriptions", headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { subscriptions: { id: number; endpoint: string }[] }).subscriptions;
}

describe("push subscriptions", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it("gives signed-in users the server's VAPID public key, the same after a restart", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/push/key" })).statusCode).toBe(401);
    const { cookie } = await registerUser(t.app);
    const key = (await t.app.inject({ method: "GET", url: "/api/push/key", headers: { cookie } })).json().publicKey as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const restarted = await t.rebuild();
    expect((await restarted.inject({ method: "GET", url: "/api/push/key", headers: { cookie } })).json()).toEqual({ publicKey: key });
  });

  it("saves a browser's subscription once, lists it without its keys, and deletes it", async () => {
    const { cookie } = await registerUser(t.app);
    const subscription = chromeSubscription();
    const created = await save(t.app, cookie, subscription);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(Number), endpoint: subscription.endpoint, createdAt: expect.any(String) });
    expect((await save(t.app, cookie, subscription)).statusCode).toBe(200);
    const list = await listed(t.app, cookie);
    expect(list).toEqual([expect.objectContaining({ endpoint: subscription.endpoint })]);
    expect(JSON.stringify(list)).not.toContain(KEYS.auth);
    const id = list[0]?.id;
    expect((await t.app.inject({ method: "DELETE", url: `/api/push/subscriptions/${id}`, headers: { cookie } })).statusCode).toBe(204);
    expect(await listed(t.app, cookie)).toEqual([]);
  });

  it("refuses bad bodies with 400 and a message, and endpoints that are not a browser's push service", async () => {
    const { cookie } = await registerUser(t.app);
    const cases: [object, RegExp][] = [
      [{}, /./],
      [{ endpoint: "https://fcm.googleapis.com/fcm/send/x" }, /keys/],
      [{ endpoint: "not a url", keys: KEYS }, /The push endpoint must be an https URL/],
      [{ endpoint: "https://fcm.googleapis.com/fcm/send/x", keys: { ...KEYS, auth: "short" } }, /16-byte push secret/],
      [{ endpoint: `https://fcm.googleapis.com/${"x".repeat(1100)}`, keys: KEYS }, /at most 1024 characters/],
      // The server would post to these: an internal address, plain http, a look-alike host.
      [{ endpoint: "https://127.0.0.1/push", keys: KEYS }, /not one of a browser's push services/],
      [{ endpoint: "http://fcm.googleapis.com/fcm/send/x", keys: KEYS }, /must be an https URL/],
      [{ endpoint: "https://fcm.googleapis.com:8443/fcm/send/x", keys: KEYS }, /not one of a browser's push services/],
      [{ endpoint: "https://fcm.googleapis.com.evil.example/x", keys: KEYS }, /not one of a browser's push services/],
      [{ endpoint: "https://push.services.mozilla.com.evil.example/x", keys: KEYS }, /not one of a browser's push services/],
      // Read as another host by the push library's parser (Node's legacy url.parse): 127.0.0.5.
      ...["%2e", ";", "{", "}"].map((odd): [object, RegExp] => [{ endpoint: `https://127.0.0.5${odd}.push.services.mozilla.com/x`, keys: KEYS }, /not one of a browser's push services/]),
      // Not written as the WHATWG parser writes it back: an upper-case host, a dot at the end, a default port.
      [{ endpoint: "https://FCM.googleapis.com/fcm/send/x", keys: KEYS }, /not one of a browser's push services/],
      [{ endpoint: "https://fcm.googleapis.com./fcm/send/x", keys: KEYS }, /not one of a browser's push services/],
      [{ endpoint: "https://fcm.googleapis.com:443/fcm/send/x", keys: KEYS }, /not one of a browser's push services/],
    ];
    for (const [payload, message] of cases) {
      const res = await save(t.app, cookie, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    for (const endpoint of ["https://updates.push.services.mozilla.com/wpush/v2/x", "https://wns2-par02p.notify.windows.com/w/?token=x", "https://web.push.apple.com/x"]) {
      expect((await save(t.app, cookie, { endpoint, keys: KEYS })).statusCode, endpoint).toBe(201);
    }
    expect((await t.app.inject({ method: "DELETE", url: "/api/push/subscriptions/abc", headers: { cookie } })).statusCode).toBe(400);
  });

  it("refuses a subscription posted from another origin", async () => {
    const { cookie } = await registerUser(t.app);
    const res = await t.app.inject({ method: "POST", url: "/api/push/subscriptions", headers: { cookie, origin: "https://evil.example" }, payload: chromeSubscription() });
    expect(res.statusCode).toBe(403);
    expect(await listed(t.app, cookie)).toEqual([]);
  });

  it(`keeps an account's newest ${MAX_PUSH_SUBSCRIPTIONS} subscriptions`, async () => {
    const { cookie } = await registerUser(t.app);
    const saved: string[] = [];
    for (let i = 0; i <= MAX_PUSH_SUBSCRIPTIONS; i += 1) {
      const subscription = chromeSubscription();
      saved.push(subscription.endpoint);
      expect((await save(t.app, cookie, subscription)).statusCode).toBe(201);
    }
    expect((await listed(t.app, cookie)).map((s) => s.endpoint)).toEqual(saved.slice(1));
  });

  it("never lets another user delete a subscription; a browser saved by one user moves to the next who saves it", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const subscription = chromeSubscription();
    const id = (await save(t.app, a.cookie, subscription)).json().id as number;
    const refused = await t.app.inject({ method: "DELETE", url: `/api/push/subscriptions/${id}`, headers: { cookie: b.cookie } });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: "Push subscription not found" });
    expect(await listed(t.app, a.cookie)).toHaveLength(1);
    expect(await listed(t.app, b.cookie)).toEqual([]);
    // B signs in on A's browser and switches the notices on: the browser now rings for B only.
    expect((await save(t.app, b.cookie, subscription)).statusCode).toBe(201);
    expect(await listed(t.app, a.cookie)).toEqual([]);
    expect(await listed(t.app, b.cookie)).toEqual([expect.objectContaining({ endpoint: subscription.endpoint })]);
  });

  it("signing out removes the subscriptions of that session only", async () => {
    const { cookie, credentials } = await registerUser(t.app);
    const other = await login(t.app, credentials.username, credentials.password);
    await save(t.app, cookie, chromeSubscription());
    const kept = chromeSubscription();
    await save(t.app, other, kept);
    expect((await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie } })).statusCode).toBe(200);
    expect((await listed(t.app, other)).map((s) => s.endpoint)).toEqual([kept.endpoint]);
  });

  it("signing out everywhere, a new password and a deleted account remove every subscription of the account", async () => {
    const { cookie, credentials } = await registerUser(t.app);
    const other = await login(t.app, credentials.username, credentials.password);
    await save(t.app, cookie, chromeSubscription());
    await save(t.app, other, chromeSubscription());
    expect((await t.app.inject({ method: "POST", url: "/api/user/logout-all", headers: { cookie } })).statusCode).toBe(200);
    expect(await listed(t.app, cookie)).toEqual([]);

    await save(t.app, cookie, chromeSubscription());
    const changed = await t.app.inject({
      method: "PUT",
      url: "/api/user/password",
      headers: { cookie },
      payload: { currentPassword: credentials.password, newPassword: "another-horse" },
      remoteAddress: uniqueIp(),
    });
    expect(changed.statusCode).toBe(200);
    expect(await listed(t.app, cookie)).toEqual([]);

    await save(t.app, cookie, chromeSubscription());
    const deleted = await t.app.inject({ method: "DELETE", url: "/api/user", headers: { cookie }, payload: { password: "another-horse" }, remoteAddress: uniqueIp() });
    expect(deleted.statusCode).toBe(200);
    expect(await t.app.db.selectFrom("push_subscriptions").select("id").execute()).toEqual([]);
  });
});

describe("VAPID configuration", () => {
  const pair = { VAPID_PUBLIC_KEY: `B${"x".repeat(86)}`, VAPID_PRIVATE_KEY: "y".repeat(43), VAPID_SUBJECT: "mailto:ops@focus.example.com" };

  it("takes all three variables or none, and never echoes the private key", () => {
    expect(loadConfig({ ...pair }).push.vapid).toEqual({ publicKey: pair.VAPID_PUBLIC_KEY, privateKey: pair.VAPID_PRIVATE_KEY, subject: pair.VAPID_SUBJECT });
    expect(loadConfig({}).push.vapid).toBeNull();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(ConfigError);
    expect(() => loadConfig({ ...pair, VAPID_SUBJECT: "ops@focus.example.com" })).toThrow(/VAPID_SUBJECT.*mailto: or https:/);
    let message = "";
    try {
      loadConfig({ ...pair, VAPID_PRIVATE_KEY: "secret-but-short" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid VAPID_PRIVATE_KEY: /);
    expect(message).not.toContain("secret-but-short");
  });

  it("answers the configured public key", async () => {
    const t = await createTestApp(pair);
    try {
      const { cookie } = await registerUser(t.app);
      expect((await t.app.inject({ method: "GET", url: "/api/push/key", headers: { cookie } })).json()).toEqual({ publicKey: pair.VAPID_PUBLIC_KEY });
    } finally {
      await t.close();
    }
  });
});
