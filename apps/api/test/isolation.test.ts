import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, registerUser, type TestApp } from "./helpers";

describe("each user sees only their own data", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  it("keeps settings and sessions of user A away from user B", async () => {
    t = await createTestApp();
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);

    await t.app.inject({ method: "POST", url: "/api/settings", headers: { cookie: a.cookie }, payload: { focusDuration: 45 } });
    await t.app.inject({
      method: "POST",
      url: "/api/sessions",
      headers: { cookie: a.cookie },
      payload: { startTime: "2026-03-02T10:00:00Z", duration: 1500, type: "focus", completed: true },
    });

    const bSettings = await t.app.inject({ method: "GET", url: "/api/settings", headers: { cookie: b.cookie } });
    expect(bSettings.json().focusDuration).toBe(25);
    const bSessions = await t.app.inject({ method: "GET", url: "/api/sessions", headers: { cookie: b.cookie } });
    expect(bSessions.json()).toEqual([]);
    const bRange = await t.app.inject({
      method: "GET",
      url: "/api/sessions/range?startDate=2026-03-01T00:00:00Z&endDate=2026-03-03T00:00:00Z",
      headers: { cookie: b.cookie },
    });
    expect(bRange.json()).toEqual([]);

    const aSessions = await t.app.inject({ method: "GET", url: "/api/sessions", headers: { cookie: a.cookie } });
    expect(aSessions.json()).toHaveLength(1);
    const aSettings = await t.app.inject({ method: "GET", url: "/api/settings", headers: { cookie: a.cookie } });
    expect(aSettings.json().focusDuration).toBe(45);
  });

  it("answers /api/me with each user's own account", async () => {
    t = await createTestApp();
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const meA = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: a.cookie } });
    const meB = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: b.cookie } });
    expect(meA.json().user.username).toBe(a.credentials.username);
    expect(meB.json().user.username).toBe(b.credentials.username);
  });
});
