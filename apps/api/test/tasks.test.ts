import { randomUUID } from "node:crypto";
import { LIVE_PATH } from "@focus/core/protocol";
import { MAX_OPEN_TASKS, TASK_HISTORY_DAYS, TASK_MESSAGES, TASK_TITLE_MAX_LENGTH, taskListSchema, taskSchema, type Task } from "@focus/core/schemas";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, registerUser, type TestApp } from "./helpers";
import { connect, listen } from "./liveHelpers";

describe("tasks", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  const headers = (cookie: string) => ({ cookie });
  const list = (cookie: string) => t.app.inject({ method: "GET", url: "/api/tasks", headers: headers(cookie) });
  const create = (cookie: string, payload: object) => t.app.inject({ method: "POST", url: "/api/tasks", headers: headers(cookie), payload });
  const edit = (cookie: string, id: number | string, payload: object) =>
    t.app.inject({ method: "PUT", url: `/api/tasks/${id}`, headers: headers(cookie), payload });
  const remove = (cookie: string, id: number | string) => t.app.inject({ method: "DELETE", url: `/api/tasks/${id}`, headers: headers(cookie) });
  const reorder = (cookie: string, ids: unknown) => t.app.inject({ method: "POST", url: "/api/tasks/reorder", headers: headers(cookie), payload: { ids } });
  const record = (cookie: string, payload: object) => t.app.inject({ method: "POST", url: "/api/sessions", headers: headers(cookie), payload });

  /** Adds a task and returns it. */
  async function add(cookie: string, title: string, estimate = 2): Promise<Task> {
    const res = await create(cookie, { clientId: randomUUID(), title, estimate });
    if (res.statusCode !== 201) throw new Error(`add task: ${res.statusCode} ${res.body}`);
    return taskSchema.parse(res.json());
  }

  /** A completed focus session of 25 minutes starting `minutesAgo` minutes ago. */
  const focus = (minutesAgo: number, extra: object = {}) => ({
    startTime: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    duration: 1500,
    type: "focus",
    completed: true,
    clientId: randomUUID(),
    ...extra,
  });

  const titles = async (cookie: string) => taskListSchema.parse((await list(cookie)).json()).map((task) => task.title);

  it("adds, lists, edits, completes, reopens and deletes the user's tasks", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    expect((await list(cookie)).json()).toEqual([]);

    const clientId = randomUUID();
    const created = await create(cookie, { clientId, title: "  Write the report  ", estimate: 3 });
    expect(created.statusCode).toBe(201);
    const task = created.json();
    expect(task).toEqual({
      id: expect.any(Number),
      clientId,
      title: "Write the report",
      estimate: 3,
      done: false,
      position: 0,
      createdAt: expect.any(String),
      completedAt: null,
      actual: 0,
      lastSessionAt: null,
    });
    const second = await add(cookie, "Tidy the desk", 1);
    expect(second.position).toBe(1);
    expect(taskListSchema.parse((await list(cookie)).json())).toEqual([task, second]);

    const renamed = await edit(cookie, task.id, { title: "Write the final report", estimate: 4 });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ title: "Write the final report", estimate: 4, done: false, completedAt: null });

    const done = (await edit(cookie, task.id, { done: true })).json();
    expect(done).toMatchObject({ done: true, completedAt: expect.any(String) });
    // Done again keeps the first date; reopening clears it.
    expect((await edit(cookie, task.id, { done: true })).json().completedAt).toBe(done.completedAt);
    expect((await edit(cookie, task.id, { done: false })).json()).toMatchObject({ done: false, completedAt: null });

    const removed = await remove(cookie, second.id);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe("");
    expect(await titles(cookie)).toEqual(["Write the final report"]);
    expect((await remove(cookie, second.id)).statusCode).toBe(404);
    expect((await edit(cookie, second.id, { done: true })).statusCode).toBe(404);
  });

  it("creates a task once per clientId: a repeat answers 200 with the original", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const clientId = randomUUID();
    const first = await create(cookie, { clientId, title: "Once", estimate: 2 });
    const again = await create(cookie, { clientId, title: "Changed on the way", estimate: 5 });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await titles(cookie)).toEqual(["Once"]);
    // Another user may use the same key: it is per user.
    const other = await registerUser(t.app);
    expect((await create(other.cookie, { clientId, title: "Theirs", estimate: 1 })).statusCode).toBe(201);
  });

  it("keeps each user's tasks to themselves: another user's task answers 404 and stays as it was", async () => {
    t = await createTestApp();
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    const hers = await add(alice.cookie, "Alice's task");
    const his = await add(bob.cookie, "Bob's task");

    expect(await titles(bob.cookie)).toEqual(["Bob's task"]);
    expect((await edit(bob.cookie, hers.id, { title: "Taken" })).statusCode).toBe(404);
    expect((await edit(bob.cookie, hers.id, { title: "Taken" })).json()).toEqual({ message: TASK_MESSAGES.notFound });
    expect((await remove(bob.cookie, hers.id)).statusCode).toBe(404);
    expect((await reorder(bob.cookie, [his.id, hers.id])).statusCode).toBe(404);
    expect((await record(bob.cookie, focus(30, { taskId: hers.id }))).statusCode).toBe(404);
    expect(taskListSchema.parse((await list(alice.cookie)).json())).toEqual([hers]);
    // Without a session: 401.
    expect((await t.app.inject({ method: "GET", url: "/api/tasks" })).statusCode).toBe(401);
  });

  it("refuses bad input with 400 and a message", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const task = await add(cookie, "Valid");
    const bad = [
      await create(cookie, { clientId: randomUUID(), title: "   ", estimate: 2 }),
      await create(cookie, { clientId: randomUUID(), title: "x".repeat(TASK_TITLE_MAX_LENGTH + 1), estimate: 2 }),
      await create(cookie, { clientId: randomUUID(), title: "t", estimate: 0 }),
      await create(cookie, { clientId: randomUUID(), title: "t", estimate: 21 }),
      await create(cookie, { clientId: randomUUID(), title: "t", estimate: 2.5 }),
      await create(cookie, { clientId: "not-a-uuid", title: "t", estimate: 2 }),
      await create(cookie, { title: "t", estimate: 2 }),
      await edit(cookie, task.id, {}),
      await edit(cookie, task.id, { estimate: 30 }),
      await edit(cookie, task.id, { done: "yes" }),
      await edit(cookie, "01", { done: true }),
      await edit(cookie, "1e3", { done: true }),
      await remove(cookie, "abc"),
      await reorder(cookie, []),
      await reorder(cookie, [task.id, task.id]),
      await reorder(cookie, ["1"]),
    ];
    for (const res of bad) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(bad[0]?.json().message).toContain(TASK_MESSAGES.titleRequired);
    expect(bad[2]?.json().message).toContain(TASK_MESSAGES.estimate);
    expect(await titles(cookie)).toEqual(["Valid"]);
  });

  it("reorders the listed tasks among the places they held; the others stay where they are", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const [a, b, c, d] = [await add(cookie, "A"), await add(cookie, "B"), await add(cookie, "C"), await add(cookie, "D")];
    const res = await reorder(cookie, [d!.id, a!.id]);
    expect(res.statusCode).toBe(200);
    expect(taskListSchema.parse(res.json()).map((task) => task.title)).toEqual(["D", "B", "C", "A"]);
    await reorder(cookie, [c!.id, b!.id, d!.id, a!.id]);
    expect(await titles(cookie)).toEqual(["C", "B", "D", "A"]);
    // An unknown id moves nothing.
    expect((await reorder(cookie, [a!.id, 999_999])).statusCode).toBe(404);
    expect(await titles(cookie)).toEqual(["C", "B", "D", "A"]);
  });

  it(`allows ${MAX_OPEN_TASKS} open tasks: the next (or reopening one) is refused with 409 and a message`, async () => {
    t = await createTestApp();
    const { cookie, res } = await registerUser(t.app);
    const userId: number = res.json().user.id;
    const now = new Date().toISOString();
    await t.app.db
      .insertInto("tasks")
      .values(
        Array.from({ length: MAX_OPEN_TASKS - 1 }, (_, i) => ({
          user_id: userId,
          client_id: randomUUID(),
          title: `Task ${i}`,
          estimate: 1,
          done: 0,
          position: i,
          created_at: now,
          completed_at: null,
        })),
      )
      .execute();
    const last = await add(cookie, "The last one");
    expect(last.position).toBe(MAX_OPEN_TASKS - 1);
    const refused = await create(cookie, { clientId: randomUUID(), title: "One too many", estimate: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: TASK_MESSAGES.tooManyOpen });

    // A done task makes room; reopening it while the list is full again is refused.
    expect((await edit(cookie, last.id, { done: true })).statusCode).toBe(200);
    expect((await create(cookie, { clientId: randomUUID(), title: "Room again", estimate: 1 })).statusCode).toBe(201);
    const reopened = await edit(cookie, last.id, { done: false });
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json()).toEqual({ message: TASK_MESSAGES.tooManyOpen });
  });

  it("counts a task's completed focus sessions as its actual count, with when the latest ended", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const task = await add(cookie, "Counted", 2);
    const other = await add(cookie, "Other", 2);

    const first = await record(cookie, focus(90, { taskId: task.id }));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ taskId: task.id });
    const latest = focus(40, { taskId: task.id });
    await record(cookie, latest);
    // Not counted: unfinished, no task, another task.
    await record(cookie, focus(200, { taskId: task.id, completed: false }));
    await record(cookie, focus(300));
    await record(cookie, focus(400, { taskId: other.id }));

    const [counted, rest] = taskListSchema.parse((await list(cookie)).json());
    expect(counted).toMatchObject({ id: task.id, actual: 2, lastSessionAt: new Date(Date.parse(latest.startTime) + 1500 * 1000).toISOString() });
    expect(rest).toMatchObject({ id: other.id, actual: 1 });
    expect((await edit(cookie, task.id, { done: true })).json()).toMatchObject({ actual: 2 });

    // The session lists and a retried post carry the task.
    const sessions = (await t.app.inject({ method: "GET", url: "/api/sessions", headers: headers(cookie) })).json() as { taskId?: number }[];
    expect(sessions.filter((session) => session.taskId === task.id)).toHaveLength(3);
    const retried = await record(cookie, latest);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ taskId: task.id });
    const start = new Date(Date.now() - 24 * 60 * 60_000).toISOString();
    const range = await t.app.inject({ method: "GET", url: `/api/sessions/range?startDate=${start}&endDate=${new Date().toISOString()}`, headers: headers(cookie) });
    expect((range.json() as { taskId?: number }[]).filter((session) => session.taskId === task.id)).toHaveLength(3);
  });

  it("refuses a session naming a task that is not the user's (404) or a task on a break (400)", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const task = await add(cookie, "Mine");
    const missing = await record(cookie, focus(30, { taskId: 987_654 }));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: TASK_MESSAGES.notFound });
    const onBreak = await record(cookie, { ...focus(30, { taskId: task.id }), type: "break", duration: 300 });
    expect(onBreak.statusCode).toBe(400);
    expect(onBreak.json()).toEqual({ message: TASK_MESSAGES.focusOnly });
    expect((await record(cookie, focus(30, { taskId: "1" }))).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/sessions", headers: headers(cookie) })).json()).toEqual([]);
  });

  it("keeps a deleted task's sessions, counting for no task", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const task = await add(cookie, "Short-lived");
    await record(cookie, focus(30, { taskId: task.id }));
    expect((await remove(cookie, task.id)).statusCode).toBe(204);
    const sessions = (await t.app.inject({ method: "GET", url: "/api/sessions", headers: headers(cookie) })).json() as object[];
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).not.toHaveProperty("taskId");
  });

  it(`lists done tasks for ${TASK_HISTORY_DAYS} days after they were done`, async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const recent = await add(cookie, "Done lately");
    const old = await add(cookie, "Done long ago");
    await edit(cookie, recent.id, { done: true });
    await edit(cookie, old.id, { done: true });
    const longAgo = new Date(Date.now() - (TASK_HISTORY_DAYS + 1) * 24 * 60 * 60_000).toISOString();
    await t.app.db.updateTable("tasks").set({ completed_at: longAgo }).where("id", "=", old.id).execute();
    expect(await titles(cookie)).toEqual(["Done lately"]);
  });

  it("exports sessions with their task, and an import keeps only task ids of the importing user", async () => {
    t = await createTestApp();
    const alice = await registerUser(t.app);
    const task = await add(alice.cookie, "Exported");
    await record(alice.cookie, focus(60, { taskId: task.id }));
    await record(alice.cookie, focus(30));
    const document = (await t.app.inject({ method: "GET", url: "/api/export", headers: headers(alice.cookie) })).json();
    expect(document.sessions.map((session: { taskId?: number }) => session.taskId)).toEqual([task.id, undefined]);

    // Alice imports her own file into a fresh start: the task id is hers, so it is kept.
    await t.app.db.deleteFrom("focus_sessions").execute();
    expect((await t.app.inject({ method: "POST", url: "/api/import", headers: headers(alice.cookie), payload: document })).json()).toMatchObject({ imported: 2 });
    expect(taskListSchema.parse((await list(alice.cookie)).json())[0]).toMatchObject({ actual: 1 });

    // Bob imports it: Alice's task id is not his, so the session counts for no task.
    const bob = await registerUser(t.app);
    const mine = await add(bob.cookie, "Bob's own");
    const imported = await t.app.inject({ method: "POST", url: "/api/import", headers: headers(bob.cookie), payload: document });
    expect(imported.statusCode).toBe(200);
    const sessions = (await t.app.inject({ method: "GET", url: "/api/sessions", headers: headers(bob.cookie) })).json() as object[];
    expect(sessions).toHaveLength(2);
    for (const session of sessions) expect(session).not.toHaveProperty("taskId");
    expect(taskListSchema.parse((await list(bob.cookie)).json())).toMatchObject([{ id: mine.id, actual: 0 }]);
    expect(taskListSchema.parse((await list(alice.cookie)).json())[0]).toMatchObject({ actual: 1 });
  });

  it("deletes the user's tasks with the account", async () => {
    t = await createTestApp();
    const { cookie, res, credentials } = await registerUser(t.app);
    const task = await add(cookie, "Gone with the account");
    await record(cookie, focus(30, { taskId: task.id }));
    const deleted = await t.app.inject({ method: "DELETE", url: "/api/user", headers: headers(cookie), payload: { password: credentials.password } });
    expect(deleted.statusCode).toBe(200);
    expect(await t.app.db.selectFrom("tasks").selectAll().where("user_id", "=", res.json().user.id).execute()).toEqual([]);
  });

  it("tells the user's live connections, and nobody else's, each time the task list changes", async () => {
    t = await createTestApp();
    const { origin, wsBase } = await listen(t.app);
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    const aliceLive = await connect(`${wsBase}${LIVE_PATH}`, { cookie: alice.cookie, origin });
    const bobLive = await connect(`${wsBase}${LIVE_PATH}`, { cookie: bob.cookie, origin });
    const told = () => aliceLive.received.filter((message) => message.type === "tasks_changed").length;
    const after = async (change: Promise<unknown>, expected: number) => {
      await change;
      await expect.poll(told).toBe(expected);
    };

    const task = await add(alice.cookie, "Told everywhere");
    await expect.poll(told).toBe(1);
    await after(edit(alice.cookie, task.id, { estimate: 3 }), 2);
    await after(reorder(alice.cookie, [task.id]), 3);
    await after(record(alice.cookie, focus(30, { taskId: task.id })), 4);
    // A session for no task, a read and a refused change say nothing.
    await record(alice.cookie, focus(60));
    await list(alice.cookie);
    expect((await edit(alice.cookie, task.id, { estimate: 0 })).statusCode).toBe(400);
    expect((await edit(bob.cookie, task.id, { estimate: 1 })).statusCode).toBe(404);
    await after(remove(alice.cookie, task.id), 5);
    expect(await aliceLive.quiet()).toBe(true);
    expect(told()).toBe(5);
    expect(bobLive.received.filter((message) => message.type === "tasks_changed")).toEqual([]);
    aliceLive.ws.close();
    bobLive.ws.close();
  });
});
