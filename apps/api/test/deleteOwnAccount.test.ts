import { afterEach, describe, expect, it } from "vitest";
import { ADMIN_ENV, ADMIN_PASSWORD, createTestApp, login, loginAdmin, registerUser, type TestApp, uniqueIp } from "./helpers";

describe("DELETE /api/user: a user deletes their own account", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  function deleteOwn(cookie: string, password: string) {
    return t.app.inject({ method: "DELETE", url: "/api/user", headers: { cookie }, payload: { password }, remoteAddress: uniqueIp() });
  }

  /** Rows of every table with a user_id column, plus the user row. */
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

  async function userWithData() {
    const registered = await registerUser(t.app);
    const { cookie, credentials } = registered;
    const id: number = registered.res.json().user.id;
    await t.app.inject({ method: "POST", url: "/api/settings", headers: { cookie }, payload: { focusDuration: 40 } });
    await t.app.inject({
      method: "POST",
      url: "/api/sessions",
      headers: { cookie },
      payload: { startTime: "2026-03-02T09:00:00Z", duration: 1500, type: "focus", completed: true, clientId: crypto.randomUUID() },
    });
    await t.app.inject({ method: "POST", url: "/api/blocked-sites", headers: { cookie }, payload: { url: "youtube.com", active: true } });
    await t.app.inject({ method: "POST", url: "/api/linked-devices", headers: { cookie }, payload: { name: "Chrome" } });
    const secondDevice = await login(t.app, credentials.username, credentials.password);
    return { id, cookie, secondDevice, credentials };
  }

  it("removes the account and all its data, and logs the user out everywhere", async () => {
    t = await createTestApp();
    const user = await userWithData();
    const bystander = await userWithData();
    const bystanderBefore = await rowsOf(bystander.id);
    expect(await rowsOf(user.id)).toMatchObject({ users: 1, focus_sessions: 1, settings: 1, http_sessions: 2, blocked_sites: 1, linked_devices: 1 });

    const res = await deleteOwn(user.cookie, user.credentials.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Account deleted" });
    const cleared = res.cookies.find((c) => c.name === "focus.sid");
    expect(cleared?.value).toBe("");

    const after = await rowsOf(user.id);
    expect(Object.values(after).every((count) => count === 0), JSON.stringify(after)).toBe(true);
    for (const cookie of [user.cookie, user.secondDevice]) {
      expect((await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).statusCode).toBe(401);
    }
    await expect(login(t.app, user.credentials.username, user.credentials.password)).rejects.toThrow("401");
    expect(await rowsOf(bystander.id)).toEqual(bystanderBefore);
    // The name is free again.
    expect((await registerUser(t.app, user.credentials)).res.statusCode).toBe(201);
  });

  it("refuses a wrong password with 400 and deletes nothing", async () => {
    t = await createTestApp();
    const user = await userWithData();
    const before = await rowsOf(user.id);
    const res = await deleteOwn(user.cookie, "wrong-password");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Password is incorrect" });
    expect(await rowsOf(user.id)).toEqual(before);
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: user.cookie } })).statusCode).toBe(200);
  });

  it("refuses a missing password with 400 and an anonymous caller with 401", async () => {
    t = await createTestApp();
    const user = await userWithData();
    const missing = await t.app.inject({ method: "DELETE", url: "/api/user", headers: { cookie: user.cookie }, payload: {} });
    expect(missing.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: "DELETE", url: "/api/user", payload: { password: "whatever" } });
    expect(anonymous.statusCode).toBe(401);
  });

  it("refuses the admin with 409: the admin account stays", async () => {
    t = await createTestApp(ADMIN_ENV);
    const admin = await loginAdmin(t.app);
    const res = await deleteOwn(admin, ADMIN_PASSWORD);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: "The admin account cannot be deleted" });
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: admin } })).statusCode).toBe(200);
  });
});
