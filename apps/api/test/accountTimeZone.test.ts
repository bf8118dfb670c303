/**
 * The account's time zone as Settings shows and chooses it (`docs/product.md`, People and plans):
 * the zone the first device named, a zone the user chooses once a day at most, and the Free
 * plan's day counted in it whatever zone a device names afterwards. Runs on SQLite and PostgreSQL.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestApp, registerUser, runClockFrom, type TestApp } from "./helpers";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const LIMIT = "The Free plan includes 2 focus sessions a day. Upgrade to Premium for unlimited sessions.";

describe("the account's time zone in Settings", () => {
  let t: TestApp;
  // Noon UTC on a chosen day: "a day later" and the Free plan's days never meet the wall clock's midnight.
  beforeEach(() => runClockFrom("2026-12-02T12:00:00Z"));
  afterEach(async () => {
    await t.close();
    vi.unstubAllGlobals();
  });

  const zoneOf = async (cookie: string, deviceZone = "UTC") =>
    (await t.app.inject({ method: "GET", url: "/api/user/time-zone", headers: { cookie, "x-time-zone": deviceZone } })).json();
  const choose = (cookie: string, timeZone: unknown) => t.app.inject({ method: "PUT", url: "/api/user/time-zone", headers: { cookie, "x-time-zone": "UTC" }, payload: { timeZone } });
  /** A completed 25-minute focus session ending at `end` (ISO), sent by a device in `deviceZone`. */
  const focusEndingAt = (cookie: string, end: string, deviceZone = "UTC") =>
    t.app.inject({
      method: "POST",
      url: "/api/sessions",
      headers: { cookie, "x-time-zone": deviceZone },
      payload: { startTime: new Date(Date.parse(end) - 25 * MINUTE).toISOString(), duration: 1500, type: "focus", completed: true },
    });

  async function freeUser() {
    const registered = await registerUser(t.app);
    const id: number = registered.res.json().user.id;
    await t.app.db.updateTable("users").set({ trial_end_date: new Date(Date.now() - MINUTE).toISOString() }).where("id", "=", id).execute();
    return { id, cookie: registered.cookie };
  }

  it("shows the zone the first device named, takes a chosen one, and counts the Free day in it whatever a device names", async () => {
    t = await createTestApp();
    const { cookie } = await freeUser();
    expect(await zoneOf(cookie)).toEqual({ timeZone: "UTC", chosen: false, changeableAt: null });

    const before = Date.now();
    const chosen = await choose(cookie, "Pacific/Kiritimati");
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ timeZone: "Pacific/Kiritimati", chosen: true });
    expect(Date.parse(chosen.json().changeableAt)).toBeGreaterThanOrEqual(before + 24 * HOUR - 1000);

    // 08:00 and 09:00 UTC on 1 March are 22:00 and 23:00 at UTC+14; 11:00 UTC is already 2 March there.
    expect((await focusEndingAt(cookie, "2026-03-01T08:00:00Z")).statusCode).toBe(201);
    expect((await focusEndingAt(cookie, "2026-03-01T09:00:00Z")).statusCode).toBe(201);
    expect((await focusEndingAt(cookie, "2026-03-01T11:00:00Z")).statusCode).toBe(201);
    // A device in UTC does not move a chosen zone, even a day later: 11:30 UTC is still 2 March at UTC+14.
    expect((await focusEndingAt(cookie, "2026-03-01T11:30:00Z", "UTC")).statusCode).toBe(201);
    const third = await focusEndingAt(cookie, "2026-03-01T11:45:00Z", "America/Los_Angeles");
    expect([third.statusCode, third.json().message]).toEqual([403, LIMIT]);
    expect((await zoneOf(cookie, "America/Los_Angeles")).timeZone).toBe("Pacific/Kiritimati");
  });

  it("lets the zone change once a day, says when it can change again, and refuses an unknown zone", async () => {
    t = await createTestApp();
    const { id, cookie } = await freeUser();
    expect((await choose(cookie, "Europe/Berlin")).statusCode).toBe(200);
    const again = await choose(cookie, "Pacific/Kiritimati");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^Your time zone can change once a day\. You can change it again on \d{4}-\d\d-\d\d at \d\d:\d\d UTC\.$/);
    // The same zone again is no change: answered, not refused.
    expect((await choose(cookie, "Europe/Berlin")).statusCode).toBe(200);
    const unknown = await choose(cookie, "Mars/Olympus_Mons");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/IANA time zone/);
    expect((await zoneOf(cookie)).timeZone).toBe("Europe/Berlin");

    // A day later it may change again.
    const dayAgo = new Date(Date.parse("2026-12-02T12:00:00Z") - 24 * HOUR - MINUTE).toISOString();
    await t.app.db.updateTable("users").set({ time_zone_chosen_at: dayAgo, time_zone_set_at: dayAgo }).where("id", "=", id).execute();
    const later = await choose(cookie, "Pacific/Kiritimati");
    expect([later.statusCode, later.json().timeZone]).toEqual([200, "Pacific/Kiritimati"]);
  });

  it("answers 401 without a session", async () => {
    t = await createTestApp();
    expect((await t.app.inject({ method: "GET", url: "/api/user/time-zone" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "PUT", url: "/api/user/time-zone", payload: { timeZone: "UTC" } })).statusCode).toBe(401);
  });
});
