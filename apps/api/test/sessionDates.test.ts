import { afterEach, describe, expect, it } from "vitest";
import { up as deleteSessionsOutsideYears } from "../src/db/migrations/2026_11_27_0001_sessions_within_years";
import { createTestApp, registerUser, type TestApp } from "./helpers";

/** Session starts are bounded to the years 2000-2100 (`docs/api.md`), and no stored row can break an account. */
describe("session dates", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  const post = (cookie: string, startTime: string) =>
    t.app.inject({ method: "POST", url: "/api/sessions", headers: { cookie }, payload: { startTime, duration: 1500, type: "focus", completed: true } });

  it("refuses a start outside the years 2000-2100 with 400 and stores nothing", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    for (const startTime of ["9999-12-31T23:59:59-23:59", "0000-01-01T00:00:00Z"]) {
      const res = await post(cookie, startTime);
      expect(res.statusCode, startTime).toBe(400);
      expect(res.json().message).toContain("startTime must be in the years 2000 to 2100");
    }
    const list = await t.app.inject({ method: "GET", url: "/api/sessions", headers: { cookie } });
    expect(list.json()).toEqual([]);
  });

  it("still lists, exports and imports an account holding such a row from before the rule, and the migration removes the row", async () => {
    // The row and the migration write the table behind the repository's back, as an older
    // version and a start would: nothing of the user's list is kept in memory meanwhile.
    t = await createTestApp({ SESSION_CACHE_MS: "0" });
    const { cookie, res } = await registerUser(t.app);
    const userId: number = res.json().user.id;
    expect((await post(cookie, "2026-03-01T09:00:00Z")).statusCode).toBe(201);
    await t.app.db
      .insertInto("focus_sessions")
      .values({ user_id: userId, start_time: new Date("9999-12-31T23:59:59-23:59").toISOString(), duration: 1500, type: "focus", completed: 1, created_at: new Date().toISOString() })
      .execute();

    const listed = await t.app.inject({ method: "GET", url: "/api/sessions", headers: { cookie } });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toHaveLength(2);

    await deleteSessionsOutsideYears(t.app.db);
    const after = await t.app.inject({ method: "GET", url: "/api/sessions", headers: { cookie } });
    expect(after.json()).toEqual([expect.objectContaining({ startTime: "2026-03-01T09:00:00.000Z" })]);
    const exported = await t.app.inject({ method: "GET", url: "/api/export", headers: { cookie } });
    expect(exported.statusCode).toBe(200);
    const imported = await t.app.inject({ method: "POST", url: "/api/import", headers: { cookie }, payload: exported.json() });
    expect(imported.statusCode).toBe(200);
  });
});
