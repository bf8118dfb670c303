import { randomUUID } from "node:crypto";
import { sessionSchema } from "@focus/core/schemas";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, registerUser, type TestApp } from "./helpers";

const listSchema = sessionSchema.array();

/**
 * What a user sees of their sessions right after changing them, on both engines: on SQLite pages
 * of the list are kept in memory (`src/repositories/sessionPageCache.ts`) and sessions posted at
 * the same moment are committed together (`src/db/groupCommit.ts`); neither may show an old list
 * or lose a session.
 */
describe("a user's session list after changes", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  const focus = (hoursAgo: number, extra: object = {}) => ({
    startTime: new Date(Date.now() - hoursAgo * 3_600_000).toISOString(),
    duration: 1500,
    type: "focus",
    completed: true,
    clientId: randomUUID(),
    ...extra,
  });
  const record = (cookie: string, payload: object) => t.app.inject({ method: "POST", url: "/api/sessions", headers: { cookie }, payload });
  const listed = async (cookie: string) => listSchema.parse((await t.app.inject({ method: "GET", url: "/api/sessions", headers: { cookie } })).json());

  it("lists every change of the user's sessions at once, whatever made it", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const other = await registerUser(t.app);
    expect(await listed(cookie)).toEqual([]);

    const task = await t.app.inject({ method: "POST", url: "/api/tasks", headers: { cookie }, payload: { clientId: randomUUID(), title: "Write the report", estimate: 2 } });
    const taskId: number = task.json().id;
    expect((await record(cookie, focus(2, { taskId }))).statusCode).toBe(201);
    // Recorded: listed at once, read twice (the second read may come from memory).
    expect((await listed(cookie)).map((session) => session.taskId)).toEqual([taskId]);
    expect((await listed(cookie)).map((session) => session.taskId)).toEqual([taskId]);

    // Another user's session changes nothing of this list.
    expect((await record(other.cookie, focus(1))).statusCode).toBe(201);
    expect(await listed(cookie)).toHaveLength(1);

    // The task deleted: the session stays, for no task.
    expect((await t.app.inject({ method: "DELETE", url: `/api/tasks/${taskId}`, headers: { cookie } })).statusCode).toBe(204);
    expect((await listed(cookie)).map((session) => session.taskId)).toEqual([undefined]);

    // Imported: listed at once.
    const exported = (await t.app.inject({ method: "GET", url: "/api/export", headers: { cookie } })).json();
    const imported = await t.app.inject({ method: "POST", url: "/api/import", headers: { cookie }, payload: { ...exported, sessions: [...exported.sessions, focus(30)] } });
    expect(imported.statusCode).toBe(200);
    expect(await listed(cookie)).toHaveLength(2);

    // Recorded again: the newest first.
    const last = focus(0.5);
    expect((await record(cookie, last)).statusCode).toBe(201);
    expect((await listed(cookie))[0]?.clientId).toBe(last.clientId);
    expect(await listed(other.cookie)).toHaveLength(1);
  });

  it("records the sessions many users post at the same moment, and a Free-plan refusal among them undoes none of the others", async () => {
    t = await createTestApp();
    const users = await Promise.all(Array.from({ length: 8 }, () => registerUser(t.app)));
    const free = await registerUser(t.app);
    await t.app.db
      .updateTable("users")
      .set({ trial_end_date: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", free.res.json().user.id as number)
      .execute();

    // The Free plan's third focus session of a day (noon, two days ago, in UTC) comes in the same
    // moment as everyone's posts.
    const day = new Date(Date.now() - 2 * 86_400_000);
    day.setUTCHours(12, 0, 0, 0);
    const freeSession = (minute: number) => ({ ...focus(0), startTime: new Date(day.getTime() + minute * 60_000).toISOString() });
    const answers = await Promise.all([
      ...users.map(({ cookie }) => record(cookie, focus(1))),
      record(free.cookie, freeSession(0)),
      record(free.cookie, freeSession(30)),
      record(free.cookie, freeSession(60)),
      ...users.map(({ cookie }) => record(cookie, focus(2))),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(18);
    expect(statuses.filter((status) => status === 403)).toHaveLength(1);
    for (const { cookie } of users) expect(await listed(cookie)).toHaveLength(2);
    expect(await listed(free.cookie)).toHaveLength(2);
  });
});
