import { DEFAULT_SETTINGS, type Task, type User } from "@focus/core/schemas";
import { reorderedPositions } from "@focus/core/tasks";
import type { TimerCommandBatch } from "@focus/core/timer";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { outboxSync } from "@/runtime/outbox/sync";
import { FakeLiveSocket } from "@/test/fakeLiveSocket";
import { TEST_USER, renderRoute } from "@/test/render";
import { accountTimerServer } from "@/test/accountTimerServer";

const user: User = { ...TEST_USER, trialEndDate: new Date(Date.now() + 7 * 86_400_000).toISOString() };
const guest: User = { ...TEST_USER, id: 0, username: "Guest", email: null, isGuest: true };

type Call = { method: string; path: string; body?: Record<string, unknown> };

/**
 * A fake API for /app with a task list kept as the server keeps it: creates once per clientId,
 * edits, deletes, reorders among held places, counts sessions recorded with a task, and runs
 * the account's timer (`account.batches`: the commands the page sent). `down` makes every call
 * fail as with no network.
 */
function taskServer(who: User = user, initial: Partial<Task>[] = []) {
  const now = new Date().toISOString();
  const state = {
    down: false,
    calls: [] as Call[],
    sessions: [] as Record<string, unknown>[],
    tasks: initial.map((t, i): Task => ({
      id: i + 1,
      clientId: `00000000-0000-4000-8000-00000000000${i + 1}`,
      title: `Task ${i + 1}`,
      estimate: 2,
      done: false,
      position: i,
      createdAt: now,
      completedAt: null,
      actual: 0,
      lastSessionAt: null,
      ...t,
    })),
  };
  const account = accountTimerServer(who.id);
  let nextId = 100;
  const listed = () => [...state.tasks].sort((a, b) => a.position - b.position || a.id - b.id);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const method = init?.method ?? "GET";
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      const json = (status: number, answer: unknown) => new Response(answer === undefined ? null : JSON.stringify(answer), { status, headers: { "Content-Type": "application/json" } });
      if (state.down) throw new TypeError("Failed to fetch");
      if (path === "/api/me") return json(200, { user: who });
      if (path === "/api/settings") return json(200, DEFAULT_SETTINGS);
      if (path === "/api/timer/commands") return json(200, account.answer(body as unknown as TimerCommandBatch));
      if (path === "/api/sessions" || path.startsWith("/api/sessions/range")) {
        if (method !== "POST") return json(200, []);
        state.calls.push({ method, path, body });
        state.sessions.push(body ?? {});
        const task = state.tasks.find((t) => t.id === body?.taskId);
        if (task) task.actual += 1;
        return json(201, { id: state.sessions.length, ...body });
      }
      if (!path.startsWith("/api/tasks")) return json(404, { message: "not found" });
      if (method !== "GET") state.calls.push({ method, path, body });
      if (method === "GET") return json(200, listed());
      if (path === "/api/tasks/reorder") {
        const ids = body?.ids as number[];
        const places = reorderedPositions(ids.map((id) => state.tasks.find((t) => t.id === id)?.position ?? 0));
        ids.forEach((id, i) => {
          const task = state.tasks.find((t) => t.id === id);
          if (task) task.position = places[i] ?? task.position;
        });
        return json(200, listed());
      }
      if (method === "POST") {
        const existing = state.tasks.find((t) => t.clientId === body?.clientId);
        if (existing) return json(200, existing);
        const position = Math.max(-1, ...state.tasks.map((t) => t.position)) + 1;
        const task: Task = { ...(body as Pick<Task, "clientId" | "title" | "estimate">), id: nextId++, done: false, position, createdAt: now, completedAt: null, actual: 0, lastSessionAt: null };
        state.tasks.push(task);
        return json(201, task);
      }
      const id = Number(path.split("/").at(-1));
      const task = state.tasks.find((t) => t.id === id);
      if (!task) return json(404, { message: "Task not found" });
      if (method === "DELETE") {
        state.tasks = state.tasks.filter((t) => t !== task);
        return json(204, undefined);
      }
      Object.assign(task, body);
      if (body?.done === true) task.completedAt ??= new Date().toISOString();
      if (body?.done === false) task.completedAt = null;
      return json(200, task);
    }),
  );
  return Object.assign(state, { account });
}

/** The open tasks' titles and counts, top to bottom. */
function openRows() {
  return screen.queryAllByTestId("open-task").map((row) => `${within(row).getByRole("radio").closest("div")?.querySelector("label")?.textContent} ${within(row).getByTestId("task-count").textContent?.slice(0, 5).trim()}`);
}

const tasksCard = async () => within((await screen.findByRole("heading", { name: "Tasks" })).closest("div[aria-labelledby]") as HTMLElement);

async function addTask(title: string, estimateClicks = 0) {
  const card = await tasksCard();
  await userEvent.type(card.getByLabelText("What will you work on?"), title);
  for (let i = 0; i < estimateClicks; i++) await userEvent.click(card.getByRole("button", { name: "One session more" }));
  await userEvent.click(card.getByRole("button", { name: "Add task" }));
}

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? "online" : "offline"));
  });
}

beforeEach(() => window.localStorage.clear());
afterEach(async () => {
  vi.useRealTimers();
  outboxSync.stop();
  await outboxSync.clearUser(user.id);
  await outboxSync.setUser(null);
  setOnline(true);
});

describe("tasks beside the Focus Arena's timer", () => {
  it("adds a task with its estimate in focus sessions and shows 0 / estimate", async () => {
    const server = taskServer();
    renderRoute("/app");
    expect(await screen.findByText("No open tasks. Add what you will work on next.")).toBeTruthy();
    await addTask("Draft the intro", 2);
    await waitFor(() => expect(openRows()).toEqual(["Draft the intro 0 / 3"]));
    await waitFor(() => expect(server.calls).toEqual([{ method: "POST", path: "/api/tasks", body: { clientId: expect.any(String), title: "Draft the intro", estimate: 3 } }]));
    // The form is ready for the next task, the estimate back at 1 session: nothing of the last one is kept.
    const card = await tasksCard();
    expect((card.getByLabelText("What will you work on?") as HTMLInputElement).value).toBe("");
    expect((card.getByLabelText("Estimate") as HTMLInputElement).value).toBe("1");
    await addTask("Reply to Sam");
    await waitFor(() => expect(openRows()).toEqual(["Draft the intro 0 / 3", "Reply to Sam 0 / 1"]));
    await waitFor(() => expect(server.calls.at(-1)).toMatchObject({ body: { title: "Reply to Sam", estimate: 1 } }));
  });

  it("projects when the open tasks would be done, allowing for how the user's estimates run", async () => {
    const doneAt = new Date(Date.now() - 60 * 60_000).toISOString();
    taskServer(user, [
      { title: "Open A", estimate: 3, actual: 1 },
      { title: "Open B", estimate: 2 },
      // Two done tasks that took twice their estimates: (2 × 2 + 5) ÷ 7 = 1.29.
      { title: "Done A", estimate: 1, actual: 2, done: true, completedAt: doneAt, lastSessionAt: doneAt },
      { title: "Done B", estimate: 2, actual: 4, done: true, completedAt: doneAt, lastSessionAt: doneAt },
    ]);
    renderRoute("/app");
    const card = await tasksCard();
    // ⌈3 × 1.29⌉ − 1 = 3 and ⌈2 × 1.29⌉ = 3: 6 focus sessions.
    const projection = await card.findByTestId("tasks-projection");
    expect(projection.textContent).toMatch(/^About 6 focus sessions left · done around .+Your tasks take 1\.3× your estimates \(from 2 done tasks\)\.$/);
  });

  it("says why a task cannot be added: an empty title, an estimate outside 1-20", async () => {
    taskServer();
    renderRoute("/app");
    const card = await tasksCard();
    await userEvent.click(card.getByRole("button", { name: "Add task" }));
    expect(await card.findByText("Task title is required")).toBeTruthy();
    await userEvent.type(card.getByLabelText("What will you work on?"), "Too big");
    await userEvent.clear(card.getByLabelText("Estimate"));
    await userEvent.type(card.getByLabelText("Estimate"), "25");
    await userEvent.click(card.getByRole("button", { name: "Add task" }));
    expect(await card.findByText("Estimate must be a whole number of focus sessions from 1 to 20")).toBeTruthy();
    expect(openRows()).toEqual([]);
  });

  it("edits a task, marks it done (it moves to Done) and reopens it", async () => {
    const server = taskServer(user, [{ title: "Write tests", estimate: 2 }]);
    renderRoute("/app");
    await waitFor(() => expect(openRows()).toEqual(["Write tests 0 / 2"]));
    await userEvent.click(screen.getByRole("button", { name: 'Edit "Write tests"' }));
    const form = within(screen.getByRole("form", { name: "Edit task" }));
    const title = form.getByLabelText("Task title");
    await userEvent.clear(title);
    await userEvent.type(title, "Write more tests");
    await userEvent.click(form.getByRole("button", { name: "One session more" }));
    await userEvent.click(form.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(openRows()).toEqual(["Write more tests 0 / 3"]));

    await userEvent.click(screen.getByRole("button", { name: 'Mark "Write more tests" done' }));
    await waitFor(() => expect(openRows()).toEqual([]));
    expect(screen.getByText("Done (1)")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: 'Reopen "Write more tests"' }));
    await waitFor(() => expect(openRows()).toEqual(["Write more tests 0 / 3"]));
    await waitFor(() =>
      expect(server.calls.map((c) => [c.method, c.path, c.body])).toEqual([
        ["PUT", "/api/tasks/1", { title: "Write more tests", estimate: 3 }],
        ["PUT", "/api/tasks/1", { done: true }],
        ["PUT", "/api/tasks/1", { done: false }],
      ]),
    );
  });

  it("reorders with the keyboard: move up and move down buttons", async () => {
    const server = taskServer(user, [{ title: "First" }, { title: "Second" }, { title: "Third" }]);
    renderRoute("/app");
    await waitFor(() => expect(openRows()).toHaveLength(3));
    expect((screen.getByRole("button", { name: 'Move "First" up' }) as HTMLButtonElement).disabled).toBe(true);
    screen.getByRole("button", { name: 'Move "Third" up' }).focus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(openRows().map((row) => row.split(" ")[0])).toEqual(["First", "Third", "Second"]));
    screen.getByRole("button", { name: 'Move "First" down' }).focus();
    await userEvent.keyboard(" ");
    await waitFor(() => expect(openRows().map((row) => row.split(" ")[0])).toEqual(["Third", "First", "Second"]));
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === "/api/tasks/reorder").map((c) => c.body)).toEqual([{ ids: [1, 3, 2] }, { ids: [3, 1, 2] }]),
    );
  });

  it("deletes a task with a way back: Undo keeps it, otherwise it is deleted once the toast is gone", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = taskServer(user, [{ title: "Keep me" }, { title: "Drop me" }]);
    renderRoute("/app");
    await waitFor(() => expect(openRows()).toHaveLength(2));
    // The clock stands still from the delete to the Undo, so the Undo comes within the toast's
    // 5 s however slowly the page answers. Clicks without a pointer: the test DOM lacks the pointer
    // capture the toast's swipe handling asks for.
    vi.setTimerTickMode("manual");
    act(() => screen.getByRole("button", { name: 'Delete "Keep me"' }).click());
    expect(openRows().map((row) => row.split(" ")[0])).toEqual(["Drop"]);
    act(() => screen.getByRole("button", { name: "Undo" }).click());
    expect(openRows()).toHaveLength(2);
    vi.setTimerTickMode("interval");

    await userEvent.click(screen.getByRole("button", { name: 'Delete "Drop me"' }));
    await act(() => vi.advanceTimersByTimeAsync(6000));
    await waitFor(() => expect(server.calls).toEqual([{ method: "DELETE", path: "/api/tasks/2", body: undefined }]));
    expect(openRows().map((row) => row.split(" ")[0])).toEqual(["Keep"]);
  });

  it("starts the focus session with the active task, shown near the timer, and counts it once the server records it: 0 / 2 becomes 1 / 2", async () => {
    vi.stubGlobal("WebSocket", FakeLiveSocket);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = taskServer(user, [{ title: "Deep work", estimate: 2 }, { title: "Email" }]);
    renderRoute("/app");
    await waitFor(() => expect(openRows()).toHaveLength(2));
    await userEvent.click(screen.getByRole("radio", { name: "Deep work" }));
    expect((await screen.findByTestId("working-on")).textContent).toContain("Working on: Deep work");
    // One at a time: picking another task moves the mark.
    await userEvent.click(screen.getByRole("radio", { name: "Email" }));
    await userEvent.click(screen.getByRole("radio", { name: "Deep work" }));
    expect(screen.getAllByRole("radio", { checked: true })).toHaveLength(1);

    await userEvent.click(screen.getByRole("button", { name: "Start Focus" }));
    // The start names the task: the server records the session with it when the timer ends it.
    await waitFor(() => expect(server.account.batches.flatMap((b) => b.commands.map((c) => c.command))).toContainEqual(
      expect.objectContaining({ type: "start", task: expect.objectContaining({ clientId: server.tasks[0]!.clientId }) }),
    ));
    // Fast-forward: the clock jumps to the session's end and the next tick completes it here.
    vi.setSystemTime(Date.now() + DEFAULT_SETTINGS.focusDuration * 60_000);
    await act(() => vi.advanceTimersByTimeAsync(1500));
    await waitFor(() => expect(screen.getByTestId("today-sessions").textContent).toBe("1"));
    // The server records it with the task and says the tasks changed.
    server.tasks[0]!.actual = 1;
    await waitFor(() => expect(FakeLiveSocket.to("/ws/timer")?.readyState).toBe(1));
    FakeLiveSocket.to("/ws/timer")!.receive({ type: "tasks_changed" });
    await waitFor(() => expect(openRows()[0]).toBe("Deep work 1 / 2"));
    expect(within(screen.getByTestId("working-on")).getByTestId("task-count").textContent).toContain("1 / 2");
    expect(server.sessions).toHaveLength(0);
  });

  it("starts without a task when none is picked here, so a pick made on another device stands", async () => {
    vi.stubGlobal("WebSocket", FakeLiveSocket);
    const server = taskServer(user, [{ title: "Deep work", estimate: 2 }]);
    renderRoute("/app");
    await waitFor(() => expect(openRows()).toHaveLength(1));
    expect(screen.queryByTestId("working-on")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Start Focus" }));
    const started = async () => server.account.batches.flatMap((b) => b.commands.map((c) => c.command)).find((command) => command.type === "start");
    await waitFor(async () => expect(await started()).toBeDefined());
    // No `task` at all: `task: null` would unpick the account's task on every device.
    expect(Object.keys((await started())!)).not.toContain("task");
  });

  it("keeps changes made offline in the outbox, shows them at once, and sends them in order when back online", async () => {
    const server = taskServer(user, [{ title: "Online task", estimate: 1 }]);
    renderRoute("/app");
    await waitFor(() => expect(openRows()).toEqual(["Online task 0 / 1"]));
    server.down = true;
    setOnline(false);

    await addTask("Offline task", 1);
    await waitFor(() => expect(openRows()).toEqual(["Online task 0 / 1", "Offline task 0 / 2"]));
    expect(screen.getByText("Some changes wait to be sent; they are kept on this device until then.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: 'Move "Offline task" up' }));
    await userEvent.click(screen.getByRole("button", { name: 'Mark "Online task" done' }));
    await waitFor(() => expect(openRows()).toEqual(["Offline task 0 / 2"]));
    expect(server.calls).toEqual([]);

    server.down = false;
    setOnline(true);
    await waitFor(() => expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /api/tasks", "POST /api/tasks/reorder", "PUT /api/tasks/1"]));
    // The task added offline got its id from the server before the reorder named it.
    expect(server.calls[1]?.body).toEqual({ ids: [100, 1] });
    await waitFor(() => expect(screen.queryByText("Some changes wait to be sent; they are kept on this device until then.")).toBeNull());
    expect(openRows()).toEqual(["Offline task 0 / 2"]);
  });

  it("loads the list again when the server says it changed on another device", async () => {
    vi.stubGlobal("WebSocket", FakeLiveSocket);
    const server = taskServer(user, [{ title: "Here first" }]);
    renderRoute("/app");
    await waitFor(() => expect(openRows()).toEqual(["Here first 0 / 2"]));
    await waitFor(() => expect(FakeLiveSocket.last?.readyState).toBe(1));
    // On the phone: a session for the first task, and a new task.
    const [first] = server.tasks;
    server.tasks.push({ ...first!, id: 2, clientId: "00000000-0000-4000-8000-000000000002", title: "From the phone", estimate: 1, position: 1 });
    first!.actual = 1;
    expect(openRows()).toEqual(["Here first 0 / 2"]);
    FakeLiveSocket.last!.receive({ type: "tasks_changed" });
    await waitFor(() => expect(openRows()).toEqual(["Here first 1 / 2", "From the phone 0 / 1"]));
  });

  it("keeps a guest's tasks in this browser only: nothing is sent", async () => {
    const server = taskServer(guest);
    const fetchMock = vi.mocked(fetch);
    renderRoute("/app");
    await addTask("Guest task");
    await waitFor(() => expect(openRows()).toEqual(["Guest task 0 / 1"]));
    expect(JSON.parse(window.localStorage.getItem("guest-tasks") ?? "[]")).toEqual([expect.objectContaining({ title: "Guest task", estimate: 1, id: null })]);
    expect(server.calls).toEqual([]);
    expect(fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith("/api/tasks"))).toEqual([]);
  });
});
