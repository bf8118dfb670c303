import { adminUsersResponseSchema } from "@focus/core/schemas";
import { afterEach, describe, expect, it } from "vitest";
import { ADMIN_ENV, attemptReporter, createTestApp, login, loginAdmin, newCredentials, registerUser, type TestApp, userRow } from "./helpers";

describe("admin: users list, delete, role check", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  /** Row counts per table of everything that references the user (every table with user_id). */
  async function rowsOf(userId: number): Promise<Record<string, number>> {
    const counts: Record<string, number> = {
      users: (await t.app.db.selectFrom("users").select("id").where("id", "=", userId).execute()).length,
    };
    for (const table of await t.app.db.introspection.getTables()) {
      if (!table.columns.some((column) => column.name === "user_id")) continue;
      const rows = await t.app.db
        .selectFrom(table.name as "settings")
        .select("user_id")
        .where("user_id", "=", userId)
        .execute();
      counts[table.name] = rows.length;
    }
    return counts;
  }

  /**
   * A premium user with a setting, a recorded session, a cancellation, a blocked site, a linked
   * device, a blocked attempt and two logins.
   */
  async function userWithData() {
    const registered = await registerUser(t.app);
    const { cookie, credentials } = registered;
    const id: number = registered.res.json().user.id;
    const admin = await loginAdmin(t.app);
    await t.app.inject({ method: "POST", url: `/api/subscription/activate/${id}`, headers: { cookie: admin } });
    await t.app.inject({ method: "POST", url: "/api/settings", headers: { cookie }, payload: { focusDuration: 40 } });
    await t.app.inject({
      method: "POST",
      url: "/api/sessions",
      headers: { cookie },
      payload: { startTime: "2026-03-02T09:00:00Z", duration: 1500, type: "focus", completed: true },
    });
    await t.app.inject({ method: "POST", url: "/api/subscription/cancel", headers: { cookie }, payload: { reason: "Other" } });
    await t.app.inject({ method: "POST", url: "/api/blocked-sites", headers: { cookie }, payload: { url: "youtube.com", active: true } });
    // The linked extension reports a blocked attempt (its device is the user's linked device).
    expect((await attemptReporter(() => t.app)(cookie, { domain: "youtube.com", at: "2026-03-02T09:10:00Z" })).statusCode).toBe(201);
    const secondDevice = await login(t.app, credentials.username, credentials.password);
    return { id, cookie, secondDevice, credentials };
  }

  it("lists every user, newest first, without secrets", async () => {
    t = await createTestApp(ADMIN_ENV);
    const first = await registerUser(t.app, newCredentials("first"));
    const second = await registerUser(t.app, newCredentials("second"));
    const admin = await loginAdmin(t.app);
    const res = await t.app.inject({ method: "GET", url: "/api/admin/users", headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    const users = adminUsersResponseSchema.parse(res.json());
    expect(users.map((user) => user.username)).toEqual([second.credentials.username, first.credentials.username, "admin"]);
    expect(users[0]).toEqual({
      id: second.res.json().user.id,
      username: second.credentials.username,
      email: second.credentials.email,
      trialEndDate: second.res.json().user.trialEndDate,
      subscriptionStatus: "trial",
      subscriptionPlan: "free",
      upgradeRequestedAt: null,
      offer: null,
      cancellation: null,
    });
    expect(res.body).not.toMatch(/password|scrypt/i);
  });

  it("refuses every admin call to a logged-in non-admin with 403, even with invalid input", async () => {
    t = await createTestApp(ADMIN_ENV);
    const { cookie } = await registerUser(t.app);
    for (const [method, url] of [
      ["GET", "/api/admin/users"],
      ["DELETE", "/api/admin/users/abc"],
      ["POST", "/api/subscription/activate/not-a-number"],
      ["POST", "/api/subscription/cancel/0"],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { cookie } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: "You don't have permission to access this page." });
    }
  });

  it("offers requireAdmin as a standalone preHandler: 401 anonymous, 403 user, 200 admin", async () => {
    t = await createTestApp(ADMIN_ENV, {
      beforeReady: (app) => {
        // Queued, not awaited: ready() loads it after the app's plugins and rejects if it fails.
        void app.register(async (scope) => {
          scope.get("/probe/admin", { preHandler: scope.requireAdmin }, async () => ({ ok: true }));
        });
      },
    });
    const { cookie } = await registerUser(t.app);
    const admin = await loginAdmin(t.app);
    const probe = (headers: Record<string, string>) => t.app.inject({ method: "GET", url: "/probe/admin", headers });
    expect((await probe({})).statusCode).toBe(401);
    expect((await probe({ cookie })).statusCode).toBe(403);
    expect((await probe({ cookie: admin })).json()).toEqual({ ok: true });
  });

  it("recognises the admin by ADMIN_USERNAME in any letter case", async () => {
    t = await createTestApp({ ...ADMIN_ENV, ADMIN_USERNAME: "chief" });
    await t.app.close();
    const app = await t.rebuild({ ADMIN_USERNAME: "CHIEF" });
    const cookie = await login(app, "chief", ADMIN_ENV.ADMIN_PASSWORD);
    expect((await app.inject({ method: "GET", url: "/api/admin/users", headers: { cookie } })).statusCode).toBe(200);
  });

  it("decides from the stored account on every request, not from the session or the client", async () => {
    t = await createTestApp(ADMIN_ENV);
    const admin = await loginAdmin(t.app);
    const { cookie } = await registerUser(t.app);
    const claimed = await t.app.inject({
      method: "GET",
      url: "/api/admin/users",
      headers: { cookie, "x-admin": "true" },
      query: { isAdmin: "true", username: "admin" },
    });
    expect(claimed.statusCode).toBe(403);
    // Renaming the admin account in the database takes its rights away at once.
    await t.app.db.updateTable("users").set({ username: "former-admin" }).where("username", "=", "admin").execute();
    expect((await t.app.inject({ method: "GET", url: "/api/admin/users", headers: { cookie: admin } })).statusCode).toBe(403);
  });

  it("deletes a user and every row of theirs, and logs out all their sessions", async () => {
    t = await createTestApp(ADMIN_ENV);
    const victim = await userWithData();
    const bystander = await userWithData();
    const before = await rowsOf(victim.id);
    expect(before).toMatchObject({
      users: 1,
      focus_sessions: 1,
      settings: 1,
      cancellations: 1,
      http_sessions: 2,
      blocked_sites: 1,
      linked_devices: 1,
      blocked_attempts: 1,
    });
    const bystanderBefore = await rowsOf(bystander.id);

    const admin = await loginAdmin(t.app);
    const res = await t.app.inject({ method: "DELETE", url: `/api/admin/users/${victim.id}`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "User deleted successfully" });

    const after = await rowsOf(victim.id);
    expect(Object.values(after).every((count) => count === 0), JSON.stringify(after)).toBe(true);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const cookie of [victim.cookie, victim.secondDevice]) {
      const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
      expect(me.statusCode).toBe(401);
    }
    await expect(login(t.app, victim.credentials.username, victim.credentials.password)).rejects.toThrow("401");
    expect(await rowsOf(bystander.id)).toEqual(bystanderBefore);
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: bystander.cookie } })).statusCode).toBe(200);

    const again = await t.app.inject({ method: "DELETE", url: `/api/admin/users/${victim.id}`, headers: { cookie: admin } });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: "User not found" });
  });

  it("refuses to let the admin delete their own account with 409", async () => {
    t = await createTestApp(ADMIN_ENV);
    const admin = await loginAdmin(t.app);
    const { id } = await userRow(t.app, "admin");
    const res = await t.app.inject({ method: "DELETE", url: `/api/admin/users/${id}`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: "You cannot delete your own admin account" });
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: admin } })).statusCode).toBe(200);
  });
});
