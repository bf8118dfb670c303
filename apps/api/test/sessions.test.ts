import { afterEach, describe, expect, it } from "vitest";
import { ADMIN_ENV, createTestApp, loginAdmin, registerUser, type TestApp } from "./helpers";

describe("focus sessions", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  async function post(cookie: string, payload: object) {
    return t.app.inject({ method: "POST", url: "/api/sessions", headers: { cookie }, payload });
  }

  it("records a session and answers 201 with it", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const res = await post(cookie, { startTime: "2026-03-01T09:00:00.000Z", duration: 1500, type: "focus", completed: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      startTime: "2026-03-01T09:00:00.000Z",
      duration: 1500,
      type: "focus",
      completed: true,
    });
  });

  it("stores start times with an offset as UTC", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const res = await post(cookie, { startTime: "2026-03-01T11:00:00+02:00", duration: 300, type: "break", completed: false });
    expect(res.json().startTime).toBe("2026-03-01T09:00:00.000Z");
  });

  it("lists the user's sessions newest first", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    await post(cookie, { startTime: "2026-03-01T09:00:00Z", duration: 1500, type: "focus", completed: true });
    await post(cookie, { startTime: "2026-03-03T09:00:00Z", duration: 300, type: "break", completed: true });
    await post(cookie, { startTime: "2026-03-02T09:00:00Z", duration: 1500, type: "focus", completed: false });
    const res = await t.app.inject({ method: "GET", url: "/api/sessions", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: { startTime: string }) => s.startTime)).toEqual([
      "2026-03-03T09:00:00.000Z",
      "2026-03-02T09:00:00.000Z",
      "2026-03-01T09:00:00.000Z",
    ]);
  });

  it("returns an empty list before anything is recorded", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const res = await t.app.inject({ method: "GET", url: "/api/sessions", headers: { cookie } });
    expect(res.json()).toEqual([]);
  });

  it("returns the sessions that end within the range, bounds included: a session counts on the day it ends", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    // Each is 25 minutes long; listed by when it ends.
    for (const startTime of [
      "2026-03-01T23:10:00.000Z", // ends 23:35 the day before
      "2026-03-01T23:35:00.000Z", // ends exactly at the range's start
      "2026-03-01T23:50:00.000Z", // started the day before, ends 00:15
      "2026-03-02T12:00:00.000Z",
      "2026-03-02T23:34:59.999Z", // ends at the range's last instant
      "2026-03-02T23:50:00.000Z", // ends the day after
    ]) {
      await post(cookie, { startTime, duration: 1500, type: "focus", completed: true });
    }
    const query = new URLSearchParams({ startDate: "2026-03-02T00:00:00.000Z", endDate: "2026-03-02T23:59:59.999Z" });
    const res = await t.app.inject({ method: "GET", url: `/api/sessions/range?${query}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: { startTime: string }) => s.startTime)).toEqual([
      "2026-03-01T23:35:00.000Z",
      "2026-03-01T23:50:00.000Z",
      "2026-03-02T12:00:00.000Z",
      "2026-03-02T23:34:59.999Z",
    ]);
  });

  it("compares range bounds given with an offset in absolute time", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    await post(cookie, { startTime: "2026-03-02T22:30:00Z", duration: 1500, type: "focus", completed: true });
    // The local day 2026-03-03 in UTC+02:00 starts at 2026-03-02T22:00Z.
    const query = new URLSearchParams({ startDate: "2026-03-03T00:00:00+02:00", endDate: "2026-03-03T23:59:59+02:00" });
    const res = await t.app.inject({ method: "GET", url: `/api/sessions/range?${query}`, headers: { cookie } });
    expect(res.json()).toHaveLength(1);
  });
});

describe("focus sessions after the trial ('Trial Period Expired')", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  const FOCUS = { startTime: "2026-03-01T09:00:00.000Z", duration: 1500, type: "focus", completed: true };
  const BREAK = { startTime: "2026-03-01T09:25:00.000Z", duration: 300, type: "break", completed: true };
  const EXPIRED = "Your trial has expired. Please upgrade to premium to continue using the service.";

  async function post(cookie: string, payload: object) {
    return t.app.inject({ method: "POST", url: "/api/sessions", headers: { cookie }, payload });
  }

  /** Registers a user and moves their trial end into the past, directly in the database. */
  async function expiredTrialUser() {
    const registered = await registerUser(t.app);
    const id: number = registered.res.json().user.id;
    await t.app.db
      .updateTable("users")
      .set({ trial_end_date: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", id)
      .execute();
    return { id, cookie: registered.cookie };
  }

  it("refuses a focus session with 403 once the trial has ended, and still records breaks", async () => {
    t = await createTestApp();
    const { cookie } = await expiredTrialUser();
    const focus = await post(cookie, FOCUS);
    expect(focus.statusCode).toBe(403);
    expect(focus.json()).toEqual({ message: EXPIRED });
    expect((await post(cookie, BREAK)).statusCode).toBe(201);
    const list = await t.app.inject({ method: "GET", url: "/api/sessions", headers: { cookie } });
    expect(list.json().map((s: { type: string }) => s.type)).toEqual(["break"]);
  });

  it("records focus sessions again once an admin activates premium", async () => {
    t = await createTestApp(ADMIN_ENV);
    const { id, cookie } = await expiredTrialUser();
    const admin = await loginAdmin(t.app);
    await t.app.inject({ method: "POST", url: `/api/subscription/activate/${id}`, headers: { cookie: admin } });
    expect((await post(cookie, FOCUS)).statusCode).toBe(201);
  });

  it("refuses focus sessions after a cancellation, even with trial days left", async () => {
    t = await createTestApp(ADMIN_ENV);
    const { cookie, res } = await registerUser(t.app);
    const admin = await loginAdmin(t.app);
    await t.app.inject({ method: "POST", url: `/api/subscription/cancel/${res.json().user.id}`, headers: { cookie: admin } });
    expect((await post(cookie, FOCUS)).statusCode).toBe(403);
    expect((await post(cookie, BREAK)).statusCode).toBe(201);
  });
});
