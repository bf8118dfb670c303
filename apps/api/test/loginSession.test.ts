import { DAY_MS } from "@focus/core/constants";
import { afterEach, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../src/plugins/session";
import { createTestApp, registerUser, sessionCookie, type TestApp, uniqueIp } from "./helpers";

describe("login sessions", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  it("sets an HttpOnly, SameSite=Lax, path=/ cookie for 30 days, not Secure over http", async () => {
    t = await createTestApp();
    const { res } = await registerUser(t.app);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toBeDefined();
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie?.path).toBe("/");
    expect(cookie?.secure).toBeFalsy();
    const expires = (cookie?.expires as Date).getTime() - Date.now();
    expect(expires).toBeGreaterThan(29 * DAY_MS);
    expect(expires).toBeLessThanOrEqual(30 * DAY_MS + 1000);
  });

  it("marks the cookie Secure when PUBLIC_ORIGIN is https", async () => {
    t = await createTestApp({ PUBLIC_ORIGIN: "https://focus.example.com", TRUST_PROXY: "true" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/register",
      headers: { "x-forwarded-proto": "https" },
      payload: { username: "secureuser", password: "correct-horse", email: "s@example.com" },
    });
    expect(res.statusCode).toBe(201);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.secure).toBe(true);
  });

  it("sets no cookie for anonymous requests", async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("keeps a login across a restart on the same database (generated secret reused)", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    await t.app.close();
    const restarted = await t.rebuild();
    const me = await restarted.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it("issues a new session id on login and forgets the old one", async () => {
    t = await createTestApp();
    const { cookie: first, credentials } = await registerUser(t.app);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { cookie: first },
      payload: { username: credentials.username, password: credentials.password },
      remoteAddress: uniqueIp(),
    });
    expect(login.statusCode).toBe(200);
    const second = sessionCookie(login);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: first } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: second ?? "" } })).statusCode).toBe(200);
  });

  it("clears the cookie and deletes the stored session on logout", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const out = await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie } });
    const cleared = out.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe("");
    const rows = await t.app.db.selectFrom("http_sessions").selectAll().execute();
    expect(rows).toHaveLength(0);
  });

  it("pushes the expiry forward at most once a day while the user is active", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const fresh = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(fresh.headers["set-cookie"]).toBeUndefined();

    const row = await t.app.db.selectFrom("http_sessions").selectAll().executeTakeFirstOrThrow();
    // As if logged in 29 days ago: one day left, last renewed two days ago.
    const soon = new Date(Date.now() + DAY_MS).toISOString();
    const stored = JSON.parse(row.data);
    const data = { ...stored, renewedAt: Date.now() - 2 * DAY_MS, cookie: { ...stored.cookie, expires: soon } };
    await t.app.db.updateTable("http_sessions").set({ data: JSON.stringify(data), expires_at: soon }).execute();
    const stale = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(stale.statusCode).toBe(200);
    expect(sessionCookie(stale)).toBe(cookie);
    const renewed = await t.app.db.selectFrom("http_sessions").selectAll().executeTakeFirstOrThrow();
    expect(Date.parse(renewed.expires_at)).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });

  it("rejects a tampered session cookie", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const tampered = cookie.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: tampered } });
    expect(me.statusCode).toBe(401);
  });

  it("ignores and prunes expired sessions", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    await t.app.db.updateTable("http_sessions").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).statusCode).toBe(401);
    await t.app.close();
    const restarted = await t.rebuild();
    expect(await restarted.db.selectFrom("http_sessions").selectAll().execute()).toHaveLength(0);
  });
});
