import { describe, expect, it } from "vitest";
import { MAX_OPEN_TASKS } from "../schemas/task";
import { applyTaskChange, applyTaskChanges, mayAddOpenTask, moveTask, reorderedPositions, splitTasks, withPendingSessions, type TaskItem } from "./list";

const AT = "2026-03-02T09:00:00.000Z";
const LATER = "2026-03-02T10:00:00.000Z";

function task(n: number, extra: Partial<TaskItem> = {}): TaskItem {
  return {
    id: n,
    clientId: `c${n}`,
    title: `Task ${n}`,
    estimate: 2,
    done: false,
    position: n,
    createdAt: AT,
    completedAt: null,
    actual: 0,
    lastSessionAt: null,
    ...extra,
  };
}

const ref = (t: TaskItem) => ({ clientId: t.clientId, id: t.id });

describe("task list changes (as the server applies them)", () => {
  it("adds a task at the end, without an id until the server has it, and only once per clientId", () => {
    const created = { type: "create", task: { clientId: "new", title: "Write report", estimate: 3 }, at: AT } as const;
    const once = applyTaskChange([task(1), task(4)], created);
    expect(once.at(-1)).toEqual({
      id: null,
      clientId: "new",
      title: "Write report",
      estimate: 3,
      done: false,
      position: 5,
      createdAt: AT,
      completedAt: null,
      actual: 0,
      lastSessionAt: null,
    });
    expect(applyTaskChange(once, created)).toEqual(once);
    expect(applyTaskChange([], created)[0]?.position).toBe(0);
  });

  it("edits the title and estimate, and dates a task when it is done (not again when it already was)", () => {
    const [edited] = applyTaskChange([task(1)], { type: "update", task: ref(task(1)), changes: { title: "Renamed", estimate: 5 }, at: AT });
    expect(edited).toMatchObject({ title: "Renamed", estimate: 5, done: false, completedAt: null });
    const [done] = applyTaskChange([task(1)], { type: "update", task: ref(task(1)), changes: { done: true }, at: AT });
    expect(done).toMatchObject({ done: true, completedAt: AT });
    const [still] = applyTaskChange([done as TaskItem], { type: "update", task: ref(task(1)), changes: { done: true }, at: LATER });
    expect(still?.completedAt).toBe(AT);
    const [reopened] = applyTaskChange([done as TaskItem], { type: "update", task: ref(task(1)), changes: { done: false }, at: LATER });
    expect(reopened).toMatchObject({ done: false, completedAt: null });
  });

  it("finds a task by its clientId, so changes made before the server gave it an id apply", () => {
    const list = applyTaskChanges([], [
      { type: "create", task: { clientId: "x", title: "Offline", estimate: 1 }, at: AT },
      { type: "update", task: { clientId: "x", id: null }, changes: { estimate: 4 }, at: AT },
    ]);
    expect(list).toMatchObject([{ clientId: "x", id: null, estimate: 4 }]);
    expect(applyTaskChange(list, { type: "delete", task: { clientId: "x", id: null } })).toEqual([]);
  });

  it("changes nothing for a change naming a task that is gone", () => {
    const list = [task(1)];
    expect(applyTaskChange(list, { type: "update", task: { clientId: "gone", id: 9 }, changes: { title: "x" }, at: AT })).toEqual(list);
    expect(applyTaskChange(list, { type: "delete", task: { clientId: "gone", id: 9 } })).toEqual(list);
  });

  it("reorders the listed tasks among the places they held, leaving the others where they are", () => {
    const list = [task(1), task(2, { done: true }), task(3), task(4)];
    const moved = applyTaskChange(list, { type: "reorder", order: [ref(task(4)), ref(task(1)), ref(task(3))] });
    expect(moved.map((t) => [t.clientId, t.position])).toEqual([
      ["c1", 3],
      ["c2", 2],
      ["c3", 4],
      ["c4", 1],
    ]);
    expect(splitTasks(moved).open.map((t) => t.clientId)).toEqual(["c4", "c1", "c3"]);
  });

  it("gives each listed task the next of the places they held, smallest first", () => {
    expect(reorderedPositions([7, 3, 5])).toEqual([3, 5, 7]);
    expect(reorderedPositions([])).toEqual([]);
  });
});

describe("task list view", () => {
  it("lists open tasks by position and done tasks most recently done first", () => {
    const list = [
      task(1, { position: 5 }),
      task(2, { done: true, completedAt: AT }),
      task(3, { position: 1 }),
      task(4, { done: true, completedAt: LATER }),
      { ...task(5, { position: 1 }), id: null },
    ];
    const { open, done } = splitTasks(list);
    expect(open.map((t) => t.clientId)).toEqual(["c3", "c5", "c1"]);
    expect(done.map((t) => t.clientId)).toEqual(["c4", "c2"]);
  });

  it("moves an open task one place up or down, and not past either end", () => {
    const open = [task(1), task(2), task(3)];
    expect(moveTask(open, "c2", -1)?.map((r) => r.clientId)).toEqual(["c2", "c1", "c3"]);
    expect(moveTask(open, "c2", 1)?.map((r) => r.clientId)).toEqual(["c1", "c3", "c2"]);
    expect(moveTask(open, "c1", -1)).toBeNull();
    expect(moveTask(open, "c3", 1)).toBeNull();
    expect(moveTask(open, "missing", 1)).toBeNull();
  });

  it(`allows at most ${MAX_OPEN_TASKS} open tasks; done tasks do not count`, () => {
    const open = Array.from({ length: MAX_OPEN_TASKS - 1 }, (_, i) => task(i));
    expect(mayAddOpenTask(open)).toBe(true);
    expect(mayAddOpenTask([...open, task(999)])).toBe(false);
    expect(mayAddOpenTask([...open, task(999, { done: true })])).toBe(true);
  });

  it("adds completed focus sessions still waiting to be sent to their task's actual count, by id or clientId", () => {
    const list = [task(1, { actual: 2 }), { ...task(2), id: null }, task(3)];
    const counted = withPendingSessions(list, [
      { type: "focus", completed: true, taskId: 1 },
      { type: "focus", completed: true, taskClientId: "c2" },
      { type: "focus", completed: true, taskId: 1, taskClientId: "c1" },
      { type: "break", completed: true, taskId: 3 },
      { type: "focus", completed: false, taskId: 3 },
      { type: "focus", completed: true },
    ]);
    expect(counted.map((t) => t.actual)).toEqual([4, 1, 0]);
  });
});
