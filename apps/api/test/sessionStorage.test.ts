import { afterEach, describe, expect, it } from "vitest";
import { hashSessionId } from "../src/repositories/httpSessions";
import { SESSION_COOKIE } from "../src/plugins/session";
import { ADMIN_ENV, createTestApp as createApp, login, loginAdmin, registerUser, type TestApp, uniqueIp, userRow } from "./helpers";

/** The session id a `focus.sid=<id>.<signature>` cookie carries (what the server must not store). */
function sessionIdOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(`${SESSION_COOKIE}=`.length));
  return value.slice(0, value.lastIndexOf("."));
}

// Every case runs with the session cache off and with one far longer than the test, where only
// the cache forgetting on each write (db/authWrites.ts) can make the change show.
describe.each([
  { cache: "off", SESSION_CACHE_MS: "0" },
  { cache: "60 s", SESSION_CACHE_MS: "60000" },
])("login session storage (session cache $cache)", ({ SESSION_CACHE_MS }) => {
  let t: TestApp;
  afterEach(async () => t.close());
  const createTestApp = (env: Record<string, string> = {}) => createApp({ ...env, SESSION_CACHE_MS });

  const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });

  it("stores only the SHA-256 of the session id, never the id the cookie carries", async () => {
    t = await createTestApp();
    const { cookie, credentials } = await registerUser(t.app);
    const second = await login(t.app, credentials.username, credentials.password);
    // Two browsers, two sessions.
    const rows = await t.app.db.selectFrom("http_sessions").selectAll().execute();
    expect(rows).toHaveLength(2);
    for (const used of [cookie, second]) {
      const sid = sessionIdOf(used);
      expect(sid.length).toBeGreaterThan(20);
      expect(rows.some((row) => row.sid === sid || row.data.includes(sid))).toBe(false);
    }
    expect(rows.map((row) => row.sid).sort()).toEqual([cookie, second].map((c) => hashSessionId(sessionIdOf(c))).sort());
    for (const row of rows) expect(row.sid).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("still logs in and out: the session works until logout, then is refused at once", async () => {
    t = await createTestApp();
    const { cookie, credentials } = await registerUser(t.app);
    expect((await me(cookie)).statusCode).toBe(200);
    const out = await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await t.app.db.selectFrom("http_sessions").selectAll().execute()).toHaveLength(0);
    const again = await login(t.app, credentials.username, credentials.password);
    expect((await me(again)).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("refuses the other sessions at once after a password change, and keeps this one", async () => {
    t = await createTestApp();
    const { cookie: here, credentials } = await registerUser(t.app);
    const elsewhere = await login(t.app, credentials.username, credentials.password);
    // Both sessions are in use (and so loaded) before the change.
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: "PUT",
      url: "/api/user/password",
      headers: { cookie: here },
      payload: { currentPassword: credentials.password, newPassword: "a-brand-new-secret-9" },
      remoteAddress: uniqueIp(),
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await me(here)).statusCode).toBe(200);
  });

  it("refuses every session of a deleted account at once", async () => {
    t = await createTestApp();
    const { cookie, credentials } = await registerUser(t.app);
    const other = await login(t.app, credentials.username, credentials.password);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: "DELETE",
      url: "/api/user",
      headers: { cookie },
      payload: { password: credentials.password },
      remoteAddress: uniqueIp(),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
  });

  it("shows a plan change by the admin on the user's very next GET /api/me", async () => {
    t = await createTestApp(ADMIN_ENV);
    const { cookie, credentials } = await registerUser(t.app);
    expect((await me(cookie)).json().user.subscriptionPlan).toBe("free");
    const { id } = await userRow(t.app, credentials.username);
    const admin = await loginAdmin(t.app);
    const activated = await t.app.inject({ method: "POST", url: `/api/subscription/activate/${id}`, headers: { cookie: admin } });
    expect(activated.statusCode).toBe(200);
    expect((await me(cookie)).json().user.subscriptionPlan).toBe("premium");
  });

  it("answers concurrent requests of one session each with the session's user", async () => {
    t = await createTestApp();
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => me(i % 2 ? a.cookie : b.cookie)));
    answers.forEach((res, i) => {
      expect(res.statusCode).toBe(200);
      expect(res.json().user.username).toBe(i % 2 ? a.credentials.username : b.credentials.username);
    });
  });
});
