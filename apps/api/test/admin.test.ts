import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, registerUser, type TestApp } from "./helpers";

describe("admin account", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  it("creates the admin from ADMIN_USERNAME/ADMIN_PASSWORD, who logs in with isAdmin true", async () => {
    t = await createTestApp({ ADMIN_USERNAME: "chief", ADMIN_PASSWORD: "admin-secret" });
    const res = await t.app.inject({ method: "POST", url: "/api/login", payload: { username: "Chief", password: "admin-secret" } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ username: "chief", isAdmin: true, email: null });
  });

  it("does not recreate or reset the admin on restart", async () => {
    t = await createTestApp({ ADMIN_PASSWORD: "first-pass" });
    await t.app.close();
    const restarted = await t.rebuild({ ADMIN_PASSWORD: "second-pass" });
    const users = await restarted.db.selectFrom("users").select("username").execute();
    expect(users).toEqual([{ username: "admin" }]);
    const res = await restarted.inject({ method: "POST", url: "/api/login", payload: { username: "admin", password: "first-pass" } });
    expect(res.statusCode).toBe(200);
  });

  it("creates no account when ADMIN_PASSWORD is absent, and ordinary users are not admins", async () => {
    t = await createTestApp();
    expect(await t.app.db.selectFrom("users").selectAll().execute()).toEqual([]);
    const { res } = await registerUser(t.app);
    expect(res.json().user.isAdmin).toBe(false);
  });
});
