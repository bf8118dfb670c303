import { randomUUID } from "node:crypto";
import { DATA_EXPORT_VERSION, DEFAULT_SETTINGS } from "@focus/core/schemas";
import { applyTimerCommands, newAccountTimer, newTimerSeed } from "@focus/core/timer";
import { saveAccountTimer } from "../src/repositories/accountTimers";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, registerUser, type TestApp } from "./helpers";

/** Intentions and reflection on recorded sessions (`docs/product.md`, Intentions; `docs/api.md`). */
describe("a session's intention and reflection", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  const focus = { startTime: "2026-03-01T09:00:00.000Z", duration: 1500, type: "focus", completed: true } as const;

  async function post(cookie: string, payload: object) {
    return t.app.inject({ method: "POST", url: "/api/sessions", headers: { cookie }, payload });
  }
  async function patch(cookie: string | undefined, id: string | number, payload: object) {
    return t.app.inject({ method: "PATCH", url: `/api/sessions/${id}`, headers: cookie ? { cookie } : {}, payload });
  }

  it("records a session with its intention, trimmed, and refuses one over 140 characters or with hidden characters", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const ok = await post(cookie, { ...focus, intention: "  Write the intro  " });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ intention: "Write the intro" });
    const edge = await post(cookie, { ...focus, startTime: "2026-03-01T10:00:00.000Z", intention: "x".repeat(140) });
    expect(edge.statusCode).toBe(201);
    const long = await post(cookie, { ...focus, startTime: "2026-03-01T11:00:00.000Z", intention: "x".repeat(141) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain("Intention must be at most 140 characters");
    const hidden = await post(cookie, { ...focus, startTime: "2026-03-01T12:00:00.000Z", intention: "read\u202Eme" });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().message).toContain("Intention must not contain invisible or text-direction characters");
    const blank = await post(cookie, { ...focus, startTime: "2026-03-01T13:00:00.000Z", intention: "   " });
    expect(blank.json()).not.toHaveProperty("intention");
  });

  it("saves the reflection on one's own session, by its id or by its clientId, and lists it", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const clientId = randomUUID();
    const recorded = (await post(cookie, { ...focus, clientId })).json();
    const byId = await patch(cookie, recorded.id, { outcome: "stuck", rating: 2 });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({ id: recorded.id, outcome: "stuck", rating: 2 });
    const byClientId = await patch(cookie, clientId, { outcome: "partly" });
    expect(byClientId.json()).toMatchObject({ outcome: "partly", rating: 2 });
    const cleared = await patch(cookie, clientId, { rating: null });
    expect(cleared.json()).not.toHaveProperty("rating");
    const listed = (await t.app.inject({ method: "GET", url: "/api/sessions", headers: { cookie } })).json();
    expect(listed[0]).toMatchObject({ outcome: "partly" });
  });

  it("answers 404 for another user's session, whether named by id or clientId, and leaves it alone", async () => {
    t = await createTestApp();
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const clientId = randomUUID();
    const recorded = (await post(owner.cookie, { ...focus, clientId })).json();
    for (const ref of [recorded.id, clientId]) {
      const res = await patch(other.cookie, ref, { outcome: "done" });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("Session not found");
    }
    expect((await patch(other.cookie, 2_000_000, { outcome: "done" })).statusCode).toBe(404);
    const listed = (await t.app.inject({ method: "GET", url: "/api/sessions", headers: { cookie: owner.cookie } })).json();
    expect(listed[0]).not.toHaveProperty("outcome");
  });

  it("refuses a bad rating, outcome, id or empty body with 400, and a break", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const recorded = (await post(cookie, focus)).json();
    for (const body of [{ rating: 0 }, { rating: 6 }, { rating: 2.5 }, { rating: "3" }, { outcome: "meh" }, {}]) {
      const res = await patch(cookie, recorded.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toMatch(/rating must be a whole number from 1 to 5|outcome must be done, partly or stuck|Send outcome, rating or both/);
    }
    for (const id of ["0", "abc", "1e3", "01"]) {
      const res = await patch(cookie, id, { outcome: "done" });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message).toContain("id must be a session id or the session's clientId");
    }
    const pause = (await post(cookie, { ...focus, startTime: "2026-03-01T10:00:00.000Z", type: "break", duration: 300 })).json();
    const onBreak = await patch(cookie, pause.id, { outcome: "done" });
    expect(onBreak.statusCode).toBe(400);
    expect(onBreak.json().message).toBe("Only a focus session can be reflected on");
  });

  it("answers 401 without a signed-in session (a guest keeps their reflection in the browser)", async () => {
    t = await createTestApp();
    const res = await patch(undefined, 1, { outcome: "done" });
    expect(res.statusCode).toBe(401);
  });

  it("exports and imports the intention and the reflection: export, import elsewhere, export again gives the same sessions", async () => {
    t = await createTestApp();
    const first = await registerUser(t.app);
    const clientId = randomUUID();
    await post(first.cookie, { ...focus, clientId, intention: "Outline the talk" });
    await patch(first.cookie, clientId, { outcome: "stuck", rating: 2 });
    const exported = (await t.app.inject({ method: "GET", url: "/api/export?format=json", headers: { cookie: first.cookie } })).json();
    expect(exported.sessions).toEqual([{ ...focus, clientId, intention: "Outline the talk", outcome: "stuck", rating: 2 }]);

    const second = await registerUser(t.app);
    const imported = await t.app.inject({ method: "POST", url: "/api/import", headers: { cookie: second.cookie }, payload: exported });
    expect(imported.json()).toMatchObject({ imported: 1 });
    const again = (await t.app.inject({ method: "GET", url: "/api/export?format=json", headers: { cookie: second.cookie } })).json();
    expect(again.sessions).toEqual(exported.sessions);

    const bad = await t.app.inject({
      method: "POST",
      url: "/api/import",
      headers: { cookie: second.cookie },
      payload: { version: DATA_EXPORT_VERSION, exportedAt: new Date().toISOString(), settings: DEFAULT_SETTINGS, sessions: [{ ...focus, startTime: "2026-03-02T09:00:00.000Z", rating: 9 }] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("names the running focus session's intention for the extension's blocked page, and none without a session", async () => {
    t = await createTestApp();
    const { cookie, res } = await registerUser(t.app);
    const userId: number = res.json().user.id;
    expect((await t.app.inject({ method: "GET", url: "/api/shield", headers: { cookie } })).json().sessionIntention).toBeNull();
    const now = Date.now();
    const access = { isGuest: false, subscription: { subscriptionPlan: "premium", subscriptionStatus: "active", trialEndDate: null }, guestSessionUsedOn: null, focusSessionsToday: 0 } as const;
    const start = { id: "00000000-0000-4000-8000-000000000003", command: { type: "start" as const, intention: "Outline the talk" }, at: now };
    const { timer } = applyTimerCommands(newAccountTimer(DEFAULT_SETTINGS, newTimerSeed(), now), [start], 0, { settings: DEFAULT_SETTINGS, access, now });
    await saveAccountTimer(t.app.db, userId, timer, null);
    expect((await t.app.inject({ method: "GET", url: "/api/shield", headers: { cookie } })).json().sessionIntention).toBe("Outline the talk");
  });
});
