import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, registerUser, type TestApp } from "./helpers";

describe("focus sessions: idempotency key (clientId)", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  const session = (clientId?: string) => ({
    startTime: "2026-03-01T09:00:00.000Z",
    duration: 1500,
    type: "focus",
    completed: true,
    ...(clientId ? { clientId } : {}),
  });

  function post(cookie: string, payload: object) {
    return t.app.inject({ method: "POST", url: "/api/sessions", headers: { cookie }, payload });
  }

  async function countRows(userId: number) {
    const rows = await t.app.db.selectFrom("focus_sessions").select("id").where("user_id", "=", userId).execute();
    return rows.length;
  }

  it("records a session once per clientId and answers a repeat with the original record (200)", async () => {
    t = await createTestApp();
    const { cookie, res: registered } = await registerUser(t.app);
    const clientId = randomUUID();
    const first = await post(cookie, session(clientId));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ ...session(clientId), id: expect.any(Number) });

    const repeat = await post(cookie, session(clientId));
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(first.json());
    expect(await countRows(registered.json().user.id)).toBe(1);
  });

  it("answers the original even when the repeat's body differs", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const clientId = randomUUID();
    const first = await post(cookie, session(clientId));
    const repeat = await post(cookie, { ...session(clientId), duration: 60 });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().duration).toBe(1500);
    expect(repeat.json().id).toBe(first.json().id);
  });

  it("records one row when copies of the same post race", async () => {
    t = await createTestApp();
    const { cookie, res: registered } = await registerUser(t.app);
    const clientId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(cookie, session(clientId))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await countRows(registered.json().user.id)).toBe(1);
  });

  it("keeps keys per user: another user's same clientId is a new session", async () => {
    t = await createTestApp();
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const clientId = randomUUID();
    const mine = await post(a.cookie, session(clientId));
    const theirs = await post(b.cookie, session(clientId));
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(mine.json().id);
  });

  it("records posts without a key every time, as before", async () => {
    t = await createTestApp();
    const { cookie, res: registered } = await registerUser(t.app);
    expect((await post(cookie, session())).statusCode).toBe(201);
    expect((await post(cookie, session())).statusCode).toBe(201);
    expect(await countRows(registered.json().user.id)).toBe(2);
  });

  it("answers a repeat with the original after the Free plan's daily limit is reached, but refuses a new focus session", async () => {
    t = await createTestApp();
    const { cookie, res: registered } = await registerUser(t.app);
    // Three sessions of one day (UTC, as the requests name no time zone), whatever the time now.
    const at = (hour: number) => ({ ...session(), startTime: `2026-03-01T${String(hour).padStart(2, "0")}:00:00.000Z` });
    const clientId = randomUUID();
    const first = await post(cookie, { ...at(9), clientId });
    expect((await post(cookie, { ...at(10), clientId: randomUUID() })).statusCode).toBe(201);
    await t.app.db
      .updateTable("users")
      .set({ trial_end_date: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", registered.json().user.id)
      .execute();
    const repeat = await post(cookie, { ...at(9), clientId });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().id).toBe(first.json().id);
    expect((await post(cookie, { ...at(11), clientId: randomUUID() })).statusCode).toBe(403);
  });

  it("refuses a clientId that is not a UUID with 400", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const res = await post(cookie, { ...session(), clientId: "not-a-uuid" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("clientId must be a UUID");
  });

  it("lists the clientId with the session", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const clientId = randomUUID();
    await post(cookie, session(clientId));
    await post(cookie, { ...session(), startTime: "2026-03-01T10:00:00.000Z" });
    const list = await t.app.inject({ method: "GET", url: "/api/sessions", headers: { cookie } });
    expect(list.json()).toEqual([
      expect.not.objectContaining({ clientId: expect.anything() }),
      expect.objectContaining({ clientId }),
    ]);
  });
});
