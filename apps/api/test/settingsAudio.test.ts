import { DEFAULT_SETTINGS } from "@focus/core/schemas";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, registerUser, userRow, type TestApp } from "./helpers";

/** "Audio follows the timer" added two settings after settings were first stored. */
describe("settings: the audio keys", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  it("reads settings stored before the audio keys existed with their defaults, keeping the rest", async () => {
    t = await createTestApp();
    const { cookie, credentials } = await registerUser(t.app);
    const { id } = await userRow(t.app, credentials.username);
    const { audioFollowsTimer: _a, audioInBreaks: _b, ...old } = { ...DEFAULT_SETTINGS, focusDuration: 45 };
    await t.app.db
      .insertInto("settings")
      .values({ user_id: id, data: JSON.stringify(old), updated_at: new Date().toISOString() })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ data: JSON.stringify(old) }))
      .execute();

    const read = await t.app.inject({ method: "GET", url: "/api/settings", headers: { cookie } });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ ...DEFAULT_SETTINGS, focusDuration: 45, audioFollowsTimer: false, audioInBreaks: "relax" });

    // A partial update of another key keeps the stored ones and fills in the audio defaults.
    const saved = await t.app.inject({ method: "POST", url: "/api/settings", headers: { cookie }, payload: { theme: "light" } });
    expect(saved.json()).toEqual({ ...DEFAULT_SETTINGS, focusDuration: 45, theme: "light" });
  });

  it("stores the audio choices and never resets them on a partial update of something else", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const first = await t.app.inject({
      method: "POST",
      url: "/api/settings",
      headers: { cookie },
      payload: { audioFollowsTimer: true, audioInBreaks: "pause" },
    });
    expect(first.json()).toMatchObject({ audioFollowsTimer: true, audioInBreaks: "pause" });
    const second = await t.app.inject({ method: "POST", url: "/api/settings", headers: { cookie }, payload: { shortBreakDuration: 10 } });
    expect(second.json()).toMatchObject({ audioFollowsTimer: true, audioInBreaks: "pause", shortBreakDuration: 10 });
  });

  it("refuses an unknown break choice with 400", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const res = await t.app.inject({ method: "POST", url: "/api/settings", headers: { cookie }, payload: { audioInBreaks: "silence" } });
    expect(res.statusCode).toBe(400);
  });
});
