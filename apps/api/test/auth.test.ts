import { DAY_MS } from "@focus/core/constants";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, login, newCredentials, registerUser, sessionCookie, type TestApp, uniqueIp, userRow } from "./helpers";

describe("accounts: register, login, logout, me", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  it("registers a user on a trial and logs them in", async () => {
    t = await createTestApp({ TRIAL_DAYS: "14" });
    const before = Date.now();
    const { res, cookie, credentials } = await registerUser(t.app);
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({
      username: credentials.username,
      email: credentials.email,
      isGuest: false,
      isAdmin: false,
      subscriptionPlan: "free",
      subscriptionStatus: "trial",
    });
    expect(typeof user.id).toBe("number");
    const trialEnd = Date.parse(user.trialEndDate);
    expect(trialEnd - before).toBeGreaterThanOrEqual(14 * DAY_MS - 1000);
    expect(trialEnd - before).toBeLessThanOrEqual(14 * DAY_MS + 60_000);
    expect(JSON.stringify(res.json())).not.toMatch(/password|scrypt/i);

    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ user });
  });

  it("walks register → me → logout → me 401", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).statusCode).toBe(200);

    const out = await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: "Logged out" });

    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: "Not authenticated" });
  });

  it("answers logout with 200 when nobody is logged in", async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: "POST", url: "/api/logout" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Logged out" });
  });

  it("answers /api/me without a session with 401", async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: "GET", url: "/api/me" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Not authenticated" });
  });

  it("logs in by username and by email, in any letter case", async () => {
    t = await createTestApp();
    const { credentials } = await registerUser(t.app);
    for (const login of [credentials.username, credentials.email, credentials.username.toUpperCase(), credentials.email.toUpperCase()]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { username: login, password: credentials.password },
        remoteAddress: uniqueIp(),
      });
      expect(res.statusCode, login).toBe(200);
      expect(res.json().user.username).toBe(credentials.username);
      const cookie = sessionCookie(res);
      const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: cookie ?? "" } });
      expect(me.statusCode).toBe(200);
    }
  });

  it("refuses a wrong password and an unknown user with the same 401 message", async () => {
    t = await createTestApp();
    const { credentials } = await registerUser(t.app);
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: credentials.username, password: "not-the-password" },
    });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "nobody-here", password: "whatever1" },
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: "Invalid username or password" });
      expect(sessionCookie(res)).toBeUndefined();
    }
  });

  it("refuses a taken username or email with 409, whatever the letter case", async () => {
    t = await createTestApp();
    const { credentials } = await registerUser(t.app);
    const sameName = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: { ...newCredentials(), username: credentials.username.toUpperCase() },
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({ message: "Username already exists" });

    const sameEmail = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: { ...newCredentials(), email: credentials.email.toUpperCase() },
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({ message: "Email already registered" });
  });

  it("ignores client-sent privilege fields at registration", async () => {
    t = await createTestApp();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: { ...newCredentials(), isAdmin: true, subscriptionPlan: "premium", subscriptionStatus: "active", id: 99 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ isAdmin: false, subscriptionPlan: "free", subscriptionStatus: "trial" });
    expect(res.json().user.id).not.toBe(99);
  });

  it("reserves the admin username for the configured admin account", async () => {
    t = await createTestApp({ ADMIN_USERNAME: "boss" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: { ...newCredentials(), username: "Boss" },
    });
    expect(res.statusCode).toBe(409);
  });

  it("hashes new passwords at the configured SCRYPT_N and still accepts hashes stored at another", async () => {
    t = await createTestApp({ SCRYPT_N: "1024" });
    const { credentials, cookie } = await registerUser(t.app);
    expect((await userRow(t.app, credentials.username)).password_hash).toMatch(/^scrypt\$1024\$8\$1\$/);

    // A restart with another cost: the stored hash (N recorded in it) still logs in, new ones use the new N.
    const app = await t.rebuild({ SCRYPT_N: "2048" });
    await login(app, credentials.username, credentials.password);
    const changed = await app.inject({
      method: "PUT",
      url: "/api/user/password",
      headers: { cookie },
      payload: { currentPassword: credentials.password, newPassword: "another-horse" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await userRow(app, credentials.username)).password_hash).toMatch(/^scrypt\$2048\$8\$1\$/);
    await login(app, credentials.username, "another-horse");
  });
});
