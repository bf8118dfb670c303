/**
 * Strict focus on the server (`docs/product.md`, Strict focus): another device's pause, reset or
 * mode change is refused during a strict session and the timer keeps running; End early records
 * the escape with the session; the shield only tightens meanwhile (sites added, not removed;
 * the extension neither unlinked nor paused); escapes travel through export and import. A Free
 * plan user has all of it. Runs on SQLite and PostgreSQL.
 */
import { STRICT_SHIELD_MESSAGES } from "@focus/core/timer";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestApp, registerUser, runClockFrom } from "./helpers";
import { accountTimerDevices, nextOfType } from "./liveHelpers";

const MIN = 60_000;

describe("strict focus", () => {
  const live = accountTimerDevices(createTestApp, { beforeEach, afterEach });
  // A test that moves the clock (End early's wait) puts the real one back.
  afterEach(() => void vi.unstubAllGlobals());
  const { device, send } = live;

  /** A user on the Free plan (trial over), signed in. */
  async function freeUser() {
    const { cookie } = await registerUser(live.t.app);
    const me = (await live.t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).json() as { user: { id: number } };
    await live.t.app.db.updateTable("users").set({ trial_end_date: new Date(Date.now() - MIN).toISOString() }).where("id", "=", me.user.id).execute();
    const after = (await live.t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).json() as { user: { trialEndDate: string } };
    expect(Date.parse(after.user.trialEndDate)).toBeLessThan(Date.now());
    return cookie;
  }

  const inject = (cookie: string, method: "GET" | "POST" | "PUT" | "DELETE", path: string, payload?: object) =>
    live.t.app.inject({ method, url: path, headers: { cookie }, ...(payload ? { payload } : {}) });

  /** End early as the page does it: asks the server, lets the wait pass on the server's clock, then sends `endEarly`. */
  async function endEarlyAfterWait(cookie: string, socket: Parameters<typeof send>[0], version: number) {
    const asked = await inject(cookie, "POST", "/api/timer/escape");
    expect(asked.statusCode).toBe(200);
    runClockFrom(Date.now() + (asked.json() as { waitMs: number }).waitMs + 1000);
    return send(socket, version, { type: "endEarly" });
  }

  it("refuses a pause, reset and mode change from a second device during a Free user's strict session; the timer keeps running", async () => {
    const cookie = await freeUser();
    const a = await device(cookie);
    const b = await device(cookie);
    const started = await send(a.socket, a.timer.version, { type: "start", strict: true });
    expect(started.replies).toEqual([expect.objectContaining({ outcome: "applied" })]);
    expect(started.timer).toMatchObject({ status: "running", strict: true });
    const seenByB = await nextOfType(b.socket, "account_timer");

    const refused = await send(b.socket, seenByB.timer.version, { type: "pause" }, { type: "reset" }, { type: "mode", mode: "shortBreak" });
    expect(refused.replies).toEqual([
      expect.objectContaining({ outcome: "refused", reason: "strict" }),
      expect.objectContaining({ outcome: "refused", reason: "strict" }),
      expect.objectContaining({ outcome: "refused", reason: "strict" }),
    ]);
    expect(refused.timer).toMatchObject({ status: "running", strict: true, endsAt: started.timer.endsAt, version: started.timer.version });
  });

  it("lets sites be added but not removed, and the extension be neither unlinked nor paused, until End early", async () => {
    const cookie = await freeUser();
    const site = (await inject(cookie, "POST", "/api/blocked-sites", { url: "example.com", active: true })).json() as { id: number };
    const linked = (await inject(cookie, "POST", "/api/linked-devices", { name: "Chrome" })).json() as { id: number };
    const a = await device(cookie);
    const started = await send(a.socket, a.timer.version, { type: "start", strict: true });

    expect((await inject(cookie, "POST", "/api/blocked-sites", { url: "news.example.org", active: true })).statusCode).toBe(201);
    const removal = await inject(cookie, "DELETE", `/api/blocked-sites/${site.id}`);
    expect([removal.statusCode, removal.json().message]).toEqual([409, STRICT_SHIELD_MESSAGES.site]);
    const unlink = await inject(cookie, "DELETE", `/api/linked-devices/${linked.id}`);
    expect([unlink.statusCode, unlink.json().message]).toEqual([409, STRICT_SHIELD_MESSAGES.device]);
    const pause = await inject(cookie, "PUT", `/api/linked-devices/${linked.id}`, { isActive: false });
    expect([pause.statusCode, pause.json().message]).toEqual([409, STRICT_SHIELD_MESSAGES.device]);
    // A delay page would loosen the shield: not switched on now.
    const delay = await inject(cookie, "PUT", `/api/blocked-sites/${site.id}`, { delay: true });
    expect([delay.statusCode, delay.json().message]).toEqual([409, STRICT_SHIELD_MESSAGES.site]);

    const ended = await endEarlyAfterWait(cookie, a.socket, started.timer.version);
    expect(ended.replies).toEqual([expect.objectContaining({ outcome: "applied" })]);
    expect(ended.timer).toMatchObject({ status: "idle", strict: false });
    expect((await inject(cookie, "DELETE", `/api/blocked-sites/${site.id}`)).statusCode).toBe(204);
    expect((await inject(cookie, "DELETE", `/api/linked-devices/${linked.id}`)).statusCode).toBe(204);

    // The escape is recorded with the session, once.
    const sessions = (await inject(cookie, "GET", "/api/sessions")).json() as { escapedAt?: string; completed: boolean; type: string }[];
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ type: "focus", completed: false, escapedAt: expect.any(String) });
  });

  it("lets the Shield get stricter but not looser: no back to the block list, no more passes, no schedule removed", async () => {
    const cookie = await freeUser();
    expect((await inject(cookie, "POST", "/api/settings", { shieldMode: "allowlist", delayPassesPerDay: 2 })).statusCode).toBe(200);
    const schedule = await inject(cookie, "POST", "/api/shield/schedules", { days: [1, 2, 3, 4, 5], start: "09:00", end: "12:00" });
    expect(schedule.statusCode).toBe(201);
    const a = await device(cookie);
    await send(a.socket, a.timer.version, { type: "start", strict: true });

    for (const loosening of [{ shieldMode: "blocklist" }, { delayPassesPerDay: 3 }]) {
      const refused = await inject(cookie, "POST", "/api/settings", loosening);
      expect([refused.statusCode, refused.json().message], JSON.stringify(loosening)).toEqual([409, STRICT_SHIELD_MESSAGES.settings]);
    }
    const removal = await inject(cookie, "DELETE", `/api/shield/schedules/${(schedule.json() as { id: number }).id}`);
    expect([removal.statusCode, removal.json().message]).toEqual([409, STRICT_SHIELD_MESSAGES.schedule]);
    // Stricter, and settings that are no part of the Shield, are taken.
    expect((await inject(cookie, "POST", "/api/settings", { delayPassesPerDay: 1, theme: "light" })).statusCode).toBe(200);
    const settings = (await inject(cookie, "GET", "/api/settings")).json() as { shieldMode: string; delayPassesPerDay: number; theme: string };
    expect(settings).toMatchObject({ shieldMode: "allowlist", delayPassesPerDay: 1, theme: "light" });
  });

  it("lets no site through by an ordinary path meanwhile: no exception, no allow-list entry, no import of looser settings", async () => {
    const cookie = await freeUser();
    expect((await inject(cookie, "POST", "/api/blocked-sites", { url: "youtube.com", active: true })).statusCode).toBe(201);
    const a = await device(cookie);
    const started = await send(a.socket, a.timer.version, { type: "start", strict: true });

    // An exception lets a listed site through: refused; a plain entry is taken.
    const exception = await inject(cookie, "POST", "/api/blocked-sites", { url: "+youtube.com", active: true });
    expect([exception.statusCode, exception.json().message]).toEqual([409, STRICT_SHIELD_MESSAGES.allowedSite]);
    expect((await inject(cookie, "POST", "/api/blocked-sites", { url: "reddit.com", active: true })).statusCode).toBe(201);

    // An import whose settings loosen the Shield is refused whole, as the settings save is.
    const exported = (await inject(cookie, "GET", "/api/export")).json() as { settings: Record<string, unknown> };
    const looser = await inject(cookie, "POST", "/api/import", { ...exported, settings: { ...exported.settings, delayPassesPerDay: 10 } });
    expect([looser.statusCode, looser.json().message]).toEqual([409, STRICT_SHIELD_MESSAGES.settings]);
    expect(((await inject(cookie, "GET", "/api/settings")).json() as { delayPassesPerDay: number }).delayPassesPerDay).toBe(exported.settings.delayPassesPerDay);

    // After End early, both are taken.
    await endEarlyAfterWait(cookie, a.socket, started.timer.version);
    expect((await inject(cookie, "POST", "/api/blocked-sites", { url: "+youtube.com", active: true })).statusCode).toBe(201);
    expect((await inject(cookie, "POST", "/api/import", { ...exported, settings: { ...exported.settings, delayPassesPerDay: 10 } })).statusCode).toBe(200);
  });

  it("on an allow list, adds no site during a strict session (each entry lets one through)", async () => {
    const cookie = await freeUser();
    expect((await inject(cookie, "POST", "/api/settings", { shieldMode: "allowlist" })).statusCode).toBe(200);
    const a = await device(cookie);
    await send(a.socket, a.timer.version, { type: "start", strict: true });
    const added = await inject(cookie, "POST", "/api/blocked-sites", { url: "youtube.com", active: true });
    expect([added.statusCode, added.json().message]).toEqual([409, STRICT_SHIELD_MESSAGES.allowedSite]);
    expect((await inject(cookie, "GET", "/api/blocked-sites")).json()).toEqual([]);
  });

  it("ends early only after the wait the server answered: sent at once, or before the wait is over, it is refused", async () => {
    const cookie = await freeUser();
    const a = await device(cookie);
    const started = await send(a.socket, a.timer.version, { type: "start", strict: true });
    // Straight away, with no wait asked for: refused, the session runs on.
    const unasked = await send(a.socket, started.timer.version, { type: "endEarly" });
    expect(unasked.replies).toEqual([expect.objectContaining({ outcome: "refused", reason: "escapeWait" })]);
    expect(unasked.timer).toMatchObject({ status: "running", strict: true });

    const asked = await inject(cookie, "POST", "/api/timer/escape");
    expect(asked.statusCode).toBe(200);
    const { waitMs, endsAt, serverNow } = asked.json() as { waitMs: number; endsAt: number; serverNow: number };
    expect([waitMs, endsAt - serverNow]).toEqual([60_000, 60_000]);
    // 30 s into the wait: still refused.
    runClockFrom(Date.now() + 30_000);
    const early = await send(a.socket, unasked.timer.version, { type: "endEarly" });
    expect(early.replies).toEqual([expect.objectContaining({ outcome: "refused", reason: "escapeWait" })]);
    // Once the wait is over: applied, and the escape is recorded.
    runClockFrom(Date.now() + 31_000);
    const ended = await send(a.socket, early.timer.version, { type: "endEarly" });
    expect(ended.replies).toEqual([expect.objectContaining({ outcome: "applied" })]);
    expect(ended.timer).toMatchObject({ status: "idle", strict: false });
    const sessions = (await inject(cookie, "GET", "/api/sessions")).json() as { escapedAt?: string }[];
    expect(sessions.filter((s) => s.escapedAt)).toHaveLength(1);
    // No strict session now: nothing to ask for.
    expect((await inject(cookie, "POST", "/api/timer/escape")).statusCode).toBe(409);
  });

  it("makes the wait 5 minutes once the week's escapes reach the allowance", async () => {
    const cookie = await freeUser();
    expect((await inject(cookie, "POST", "/api/settings", { escapesPerWeek: 0 })).statusCode).toBe(200);
    const a = await device(cookie);
    await send(a.socket, a.timer.version, { type: "start", strict: true });
    const asked = await inject(cookie, "POST", "/api/timer/escape");
    expect((asked.json() as { waitMs: number }).waitMs).toBe(5 * MIN);
  });

  it("checks an escape mark against its session, and carries it through export and import", async () => {
    const { cookie } = await registerUser(live.t.app);
    const start = new Date(Date.now() - 20 * MIN).toISOString();
    const escapedAt = new Date(Date.now() - 10 * MIN).toISOString();
    const bad = await inject(cookie, "POST", "/api/sessions", { startTime: start, duration: 600, type: "focus", completed: true, escapedAt });
    expect([bad.statusCode, bad.json().message]).toEqual([400, "escapedAt is only for a focus session that was ended early"]);
    const outside = await inject(cookie, "POST", "/api/sessions", { startTime: start, duration: 60, type: "focus", completed: false, escapedAt });
    expect([outside.statusCode, outside.json().message]).toEqual([400, "escapedAt must fall within the session"]);
    const good = await inject(cookie, "POST", "/api/sessions", { startTime: start, duration: 600, type: "focus", completed: false, escapedAt });
    expect(good.statusCode).toBe(201);
    expect(good.json()).toMatchObject({ escapedAt });

    const exported = (await inject(cookie, "GET", "/api/export?format=json")).json() as { sessions: { escapedAt?: string }[] };
    expect(exported.sessions[0]!.escapedAt).toBe(escapedAt);
    const other = await registerUser(live.t.app);
    const imported = await inject(other.cookie, "POST", "/api/import", exported);
    expect(imported.json()).toMatchObject({ imported: 1 });
    expect(((await inject(other.cookie, "GET", "/api/sessions")).json() as { escapedAt?: string }[])[0]!.escapedAt).toBe(escapedAt);
    const broken = { ...exported, sessions: [{ ...exported.sessions[0]!, escapedAt: new Date(Date.now() + 60 * MIN).toISOString() }] };
    const refused = await inject(other.cookie, "POST", "/api/import", broken);
    expect(refused.statusCode).toBe(400);
  });
});
