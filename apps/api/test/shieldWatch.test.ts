import { DEFAULT_SETTINGS, shieldStatusSchema } from "@focus/core/schemas";
import { applyTimerCommands, newAccountTimer, newTimerSeed } from "@focus/core/timer";
import { afterEach, describe, expect, it } from "vitest";
import { ShieldWatch } from "../src/domain/shieldWatch";
import { saveAccountTimer } from "../src/repositories/accountTimers";
import { createTestApp, registerUser, type TestApp } from "./helpers";

const SECOND = 1000;
const OFF_AFTER = 45 * SECOND;

describe("the Website Shield's watch", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  /** A user with one paired browser, a watch on a clock the test moves, and what the user's pages heard. */
  async function setup() {
    t = await createTestApp();
    const { cookie, res } = await registerUser(t.app);
    const userId: number = res.json().user.id;
    const device = (await t.app.inject({ method: "POST", url: "/api/linked-devices", headers: { cookie }, payload: { name: "Chrome" } })).json();
    const clock = { now: Date.now() };
    const told: number[] = [];
    const watch = new ShieldWatch({
      db: t.app.db,
      hub: { notifyUser: (id) => void told.push(id) },
      offAfterMs: OFF_AFTER,
      checkMs: 15 * SECOND,
      log: { warn: () => undefined },
      now: () => clock.now,
    });
    const status = async () => shieldStatusSchema.parse((await t.app.inject({ method: "GET", url: "/api/shield/status", headers: { cookie } })).json());
    /** Starts a 25-minute focus session on the account's timer at the clock's time; its start, ISO 8601. */
    const startFocus = async () => {
      const access = { isGuest: false, subscription: { subscriptionPlan: "premium", subscriptionStatus: "active", trialEndDate: null }, guestSessionUsedOn: null, focusSessionsToday: 0 } as const;
      const env = { settings: DEFAULT_SETTINGS, access, now: clock.now } as const;
      const start = { id: "00000000-0000-4000-8000-000000000001", command: { type: "start" as const }, at: clock.now };
      const { timer } = applyTimerCommands(newAccountTimer(DEFAULT_SETTINGS, newTimerSeed(), clock.now), [start], 0, env);
      await saveAccountTimer(t.app.db, userId, timer, null);
      return new Date(timer.sessionStartTime ?? 0).toISOString();
    };
    return { userId, device, clock, told, watch, status, startFocus };
  }

  it("shows each paired browser's last report: incognito, rules, and whether it still reports", async () => {
    const { userId, device, clock, watch, status, told } = await setup();
    expect((await status()).devices).toEqual([
      { id: device.id, name: "Chrome", isActive: true, reporting: false, reportedAt: null, incognitoAllowed: null, rulesInPlace: null, failedEntries: [] },
    ]);
    await watch.heard(userId, device.id, { incognitoAllowed: false, rulesInPlace: false, failedEntries: ["example.com/a-very-long-path"] });
    expect(told).toEqual([userId]);
    expect((await status()).devices[0]).toMatchObject({ reporting: true, incognitoAllowed: false, rulesInPlace: false, failedEntries: ["example.com/a-very-long-path"] });
    // The next report, once the entry blocks again, clears it.
    await watch.heard(userId, device.id, { incognitoAllowed: false, rulesInPlace: true, failedEntries: [] });
    expect((await status()).devices[0]).toMatchObject({ rulesInPlace: true, failedEntries: [] });
    clock.now += OFF_AFTER + SECOND;
    // The route reads the real clock: the report is fresh there; the watch's own clock decides intervals.
    expect((await status()).devices[0]?.reportedAt).toBe(new Date(clock.now - OFF_AFTER - SECOND).toISOString());
  });

  it("records shield off from the last report when the browser goes quiet during focus, and ends it when it reports again", async () => {
    const { userId, device, clock, watch, status, told, startFocus } = await setup();
    const sessionStart = await startFocus();
    await watch.heard(userId, device.id, { incognitoAllowed: true, rulesInPlace: true, failedEntries: [] });
    const lastReport = new Date(clock.now).toISOString();
    clock.now += 30 * SECOND;
    await watch.check();
    expect((await status()).shieldOff).toEqual([]);
    clock.now += 20 * SECOND;
    await watch.check();
    await watch.check();
    expect((await status()).shieldOff).toEqual([{ startedAt: lastReport, endedAt: null, sessionStart }]);
    expect(told.filter((id) => id === userId).length).toBe(2);

    clock.now += 60 * SECOND;
    await watch.heard(userId, device.id, null);
    expect((await status()).shieldOff).toEqual([{ startedAt: lastReport, endedAt: new Date(clock.now).toISOString(), sessionStart }]);
  });

  it("records nothing outside a focus session", async () => {
    const { userId, device, clock, watch, status } = await setup();
    await watch.heard(userId, device.id, { incognitoAllowed: true, rulesInPlace: true, failedEntries: [] });
    clock.now += 5 * 60 * SECOND;
    await watch.check();
    expect((await status()).shieldOff).toEqual([]);
  });

  it("records a removal from the uninstall page, then the optional reason only with the page's key", async () => {
    t = await createTestApp();
    const recorded = await t.app.inject({ method: "POST", url: "/api/extension-removals" });
    expect(recorded.statusCode).toBe(201);
    const { id, key } = recorded.json();
    const put = (payload: object, removal = id) => t.app.inject({ method: "PUT", url: `/api/extension-removals/${removal}`, payload });
    expect((await put({ key: "guess", reason: "spam" })).statusCode).toBe(404);
    const long = await put({ key, reason: "x".repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain("reason must be at most 500 characters");
    expect((await put({ key, reason: "  It blocked too much  " })).statusCode).toBe(204);
    const rows = await t.app.db.selectFrom("extension_removals").select("reason").execute();
    expect(rows.map((row) => row.reason)).toEqual(["It blocked too much"]);
  });
});
