import { DEFAULT_SETTINGS } from "@focus/core/schemas";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, registerUser, type TestApp } from "./helpers";

describe("settings", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  it("returns the defaults when the user never saved settings", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const res = await t.app.inject({ method: "GET", url: "/api/settings", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULT_SETTINGS);
  });

  it("merges a partial update over the stored settings and returns the full result", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const first = await t.app.inject({
      method: "POST",
      url: "/api/settings",
      headers: { cookie },
      payload: { focusDuration: 50, theme: "light" },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ...DEFAULT_SETTINGS, focusDuration: 50, theme: "light" });

    const second = await t.app.inject({
      method: "POST",
      url: "/api/settings",
      headers: { cookie },
      payload: { shortBreakDuration: 10 },
    });
    expect(second.json()).toEqual({ ...DEFAULT_SETTINGS, focusDuration: 50, theme: "light", shortBreakDuration: 10 });

    const read = await t.app.inject({ method: "GET", url: "/api/settings", headers: { cookie } });
    expect(read.json()).toEqual(second.json());
  });

  it("keeps both changes when two devices save different settings at the same moment", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const save = (payload: object) => t.app.inject({ method: "POST", url: "/api/settings", headers: { cookie }, payload });
    const answers = await Promise.all([save({ focusDuration: 50 }), save({ theme: "light" }), save({ shortBreakDuration: 7 })]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const stored = (await t.app.inject({ method: "GET", url: "/api/settings", headers: { cookie } })).json();
    expect(stored).toEqual({ ...DEFAULT_SETTINGS, focusDuration: 50, theme: "light", shortBreakDuration: 7 });
  });

  it("accepts the full merged settings object the web client sends", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const full = { ...DEFAULT_SETTINGS, longBreakInterval: 6, notificationSound: "chime", autoStartFocus: true };
    const res = await t.app.inject({ method: "POST", url: "/api/settings", headers: { cookie }, payload: full });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(full);
  });

  it("refuses an out-of-range value with 400 and a message, and keeps the old settings", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/settings",
      headers: { cookie },
      payload: { focusDuration: 500 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toEqual(expect.any(String));
    expect(body.message.length).toBeGreaterThan(0);
    expect(body.issues[0]).toMatchObject({ path: "focusDuration" });
    expect(body.message).toBe(body.issues[0].message);
    const read = await t.app.inject({ method: "GET", url: "/api/settings", headers: { cookie } });
    expect(read.json()).toEqual(DEFAULT_SETTINGS);
  });

  it("keeps the warning before the end, its sound and the weekly goal, and refuses values outside their choices", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const post = (payload: object) => t.app.inject({ method: "POST", url: "/api/settings", headers: { cookie }, payload });
    const saved = await post({ endWarning: "both", warningSound: true, weeklyGoalDays: 6, focusDuration: 17 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ endWarning: "both", warningSound: true, weeklyGoalDays: 6, focusDuration: 17 });
    for (const [payload, path] of [
      [{ endWarning: "2" }, "endWarning"],
      [{ weeklyGoalDays: 8 }, "weeklyGoalDays"],
      [{ weeklyGoalDays: 0 }, "weeklyGoalDays"],
      [{ warningSound: "yes" }, "warningSound"],
      [{ focusDuration: 181 }, "focusDuration"],
    ] as const) {
      const refused = await post(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().issues[0]).toMatchObject({ path });
    }
    const read = await t.app.inject({ method: "GET", url: "/api/settings", headers: { cookie } });
    expect(read.json()).toMatchObject({ endWarning: "both", weeklyGoalDays: 6 });
  });

  it("drops unknown keys instead of storing them", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/settings",
      headers: { cookie },
      payload: { theme: "system", isAdmin: true, extra: "x" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...DEFAULT_SETTINGS, theme: "system" });
  });
});
