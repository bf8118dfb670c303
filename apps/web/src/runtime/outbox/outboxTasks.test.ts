import type { SessionInput, Task } from "@focus/core/schemas";
import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryOutbox, type OutboxStore } from "./outbox";
import { OutboxSync } from "./outboxSync";

/**
 * Task changes in the outbox (`docs/offline.md`): they name their task by clientId, and the id
 * the server gave it is found when they are sent.
 */

type Call = { method: string; path: string; body?: Record<string, unknown> };

/** A fake API holding tasks and sessions; `refuse` makes a POST /api/tasks answer 409. */
function fakeServer() {
  const server = {
    calls: [] as Call[],
    tasks: [] as Task[],
    refuse: false,
    fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const method = init?.method ?? "GET";
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      server.calls.push({ method, path, body });
      const json = (status: number, answer: unknown) => new Response(answer === undefined ? null : JSON.stringify(answer), { status });
      if (path === "/api/tasks" && method === "GET") return json(200, server.tasks);
      if (path === "/api/tasks" && method === "POST") {
        if (server.refuse) return json(409, { message: "You can have at most 200 open tasks. Finish or delete one first." });
        const task: Task = {
          ...(body as Pick<Task, "clientId" | "title" | "estimate">),
          id: 40 + server.tasks.length,
          done: false,
          position: server.tasks.length,
          createdAt: "2026-03-02T09:00:00.000Z",
          completedAt: null,
          actual: 0,
          lastSessionAt: null,
        };
        server.tasks.push(task);
        return json(201, task);
      }
      if (path === "/api/sessions") {
        if (body?.taskId !== undefined && !server.tasks.some((t) => t.id === body.taskId)) return json(404, { message: "Task not found" });
        return json(201, { id: 1, ...body });
      }
      const task = server.tasks.find((t) => t.id === Number(path.split("/").at(-1)));
      if (!task) return json(404, { message: "Task not found" });
      if (method === "DELETE") {
        server.tasks = server.tasks.filter((t) => t !== task);
        return json(204, undefined);
      }
      Object.assign(task, body);
      return json(200, task);
    }),
  };
  return server;
}

const USER = 1;
const CLIENT_ID = "7d1c2a3b-0000-4000-8000-000000000001";
const create = { kind: "task", change: { type: "create", task: { clientId: CLIENT_ID, title: "Offline", estimate: 2 }, at: "2026-03-02T09:00:00.000Z" } } as const;
const session = (): SessionInput & { clientId: string } => ({
  startTime: "2026-03-02T09:00:00.000Z",
  duration: 1500,
  type: "focus",
  completed: true,
  clientId: crypto.randomUUID(),
});

describe("outbox: task changes", () => {
  let engines: OutboxSync[] = [];
  const engine = (server: ReturnType<typeof fakeServer>, store: OutboxStore) => {
    vi.stubGlobal("fetch", server.fetch);
    const created = new OutboxSync({ store });
    engines.push(created);
    return created;
  };
  afterEach(() => {
    engines.forEach((e) => e.stop());
    engines = [];
    vi.unstubAllGlobals();
  });

  it("sends a task added offline first, then its edit and the session that counts for it, with the id the server gave", async () => {
    const server = fakeServer();
    const store = memoryOutbox();
    // Made while the app had no user to send for (offline): they wait in order.
    await store.add(USER, create, 1);
    await store.add(USER, { kind: "task", change: { type: "update", task: { clientId: CLIENT_ID, id: null }, changes: { estimate: 3 }, at: "2026-03-02T09:05:00.000Z" } }, 2);
    await store.add(USER, { kind: "session", body: session(), taskClientId: CLIENT_ID }, 3);
    const sync = engine(server, store);
    await sync.setUser(USER);
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /api/tasks", "PUT /api/tasks/40", "POST /api/sessions"]);
    expect(server.calls[2]?.body).toMatchObject({ taskId: 40 });
    expect(sync.getState().items).toEqual([]);
  });

  it("finds the id of a task sent before a reload in GET /api/tasks", async () => {
    const server = fakeServer();
    server.tasks.push({ id: 7, clientId: CLIENT_ID, title: "Sent", estimate: 1, done: false, position: 0, createdAt: "", completedAt: null, actual: 0, lastSessionAt: null });
    const store = memoryOutbox();
    await store.add(USER, { kind: "task", change: { type: "delete", task: { clientId: CLIENT_ID, id: null } } }, 1);
    await engine(server, store).setUser(USER);
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /api/tasks", "DELETE /api/tasks/7"]);
  });

  it("drops the changes of a task the server refused, sending nothing for them, and records its session without it", async () => {
    const server = fakeServer();
    server.refuse = true;
    const store = memoryOutbox();
    await store.add(USER, create, 1);
    await store.add(USER, { kind: "task", change: { type: "update", task: { clientId: CLIENT_ID, id: null }, changes: { done: true }, at: "" } }, 2);
    await store.add(USER, { kind: "session", body: session(), taskClientId: CLIENT_ID }, 3);
    const sync = engine(server, store);
    const outcomes: string[] = [];
    sync.onOutcome((outcome) => outcomes.push(`${outcome.item.kind} ${outcome.status}`));
    await sync.setUser(USER);
    expect(outcomes).toEqual(["task refused", "task sent", "session sent"]);
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /api/tasks", "GET /api/tasks", "POST /api/sessions"]);
    expect(server.calls[2]?.body).not.toHaveProperty("taskId");
  });

  it("records a session whose task was deleted meanwhile (another device), without the task", async () => {
    const server = fakeServer();
    const store = memoryOutbox();
    await store.add(USER, { kind: "session", body: { ...session(), taskId: 99 } }, 1);
    const sync = engine(server, store);
    const outcomes: string[] = [];
    sync.onOutcome((outcome) => outcomes.push(outcome.status));
    await sync.setUser(USER);
    expect(outcomes).toEqual(["sent"]);
    expect(server.calls.map((c) => c.body?.taskId)).toEqual([99, undefined]);
  });
});
