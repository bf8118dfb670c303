import type { SessionInput } from "../schemas/session";
import { MAX_OPEN_TASKS, type Task, type TaskCreate, type TaskRef, type TaskUpdate } from "../schemas/task";

/**
 * The task list as a client holds it (`docs/product.md`, Tasks): the server's tasks with the
 * changes still waiting to reach it (the outbox, `docs/offline.md`) applied over them, or, for a
 * guest, the list kept in the browser and changed by the same rules. A task is known by its
 * `clientId` from the moment it is added; its server `id` only once the server has it.
 */

/** A task on a client: one the server has (`id`), or one still waiting to be sent (`id` null). */
export type TaskItem = Omit<Task, "id"> & { id: number | null };

/**
 * A change to the list, as the client makes it and the outbox keeps it. `at` is when it was
 * made (ISO 8601): a new task's `createdAt`, or the `completedAt` of a task marked done.
 */
export type TaskChange =
  | { type: "create"; task: TaskCreate; at: string }
  | { type: "update"; task: TaskRef; changes: TaskUpdate; at: string }
  | { type: "delete"; task: TaskRef }
  | { type: "reorder"; order: TaskRef[] };

/** The reference of a task, for a change or the timer. */
export function taskRefOf(task: Pick<TaskItem, "clientId" | "id">): TaskRef {
  return { clientId: task.clientId, id: task.id };
}

/**
 * The places of reordered tasks (`POST /api/tasks/reorder`): the listed tasks take the places
 * they held, in the order asked, and every other task keeps its own. `positions` are the listed
 * tasks' current positions, in the new order; the answer is the position each one gets.
 */
export function reorderedPositions(positions: readonly number[]): number[] {
  return [...positions].sort((a, b) => a - b);
}

/** List order: smaller position first, then the older id (a task without an id, not yet sent, last). */
function byPosition(a: TaskItem, b: TaskItem): number {
  return a.position - b.position || (a.id ?? Number.MAX_SAFE_INTEGER) - (b.id ?? Number.MAX_SAFE_INTEGER) || a.createdAt.localeCompare(b.createdAt);
}

/** The open tasks in list order, and the done ones, the most recently done first. */
export function splitTasks(tasks: readonly TaskItem[]): { open: TaskItem[]; done: TaskItem[] } {
  const open = tasks.filter((task) => !task.done).sort(byPosition);
  const done = tasks.filter((task) => task.done).sort((a, b) => (b.completedAt ?? "").localeCompare(a.completedAt ?? "") || byPosition(a, b));
  return { open, done };
}

/** Whether one more open task may be added (MAX_OPEN_TASKS, as the server refuses with 409). */
export function mayAddOpenTask(tasks: readonly Pick<TaskItem, "done">[]): boolean {
  return tasks.filter((task) => !task.done).length < MAX_OPEN_TASKS;
}

/**
 * The open tasks' new order after moving one of them `offset` places (-1 up, +1 down), as the
 * references a reorder change carries; null when it cannot move that way.
 */
export function moveTask(open: readonly TaskItem[], clientId: string, offset: -1 | 1): TaskRef[] | null {
  const from = open.findIndex((task) => task.clientId === clientId);
  const to = from + offset;
  if (from < 0 || to < 0 || to >= open.length) return null;
  const order = open.map(taskRefOf);
  const [moved] = order.splice(from, 1);
  if (moved) order.splice(to, 0, moved);
  return order;
}

/**
 * `tasks` with `change` applied, as the server will apply it: a create adds the task at the end
 * (a repeat of a clientId changes nothing), an update sets what it names (done sets
 * `completedAt` to when it was done, not done clears it), a delete drops the task, a reorder
 * moves the listed tasks among the places they held. A change naming no task changes nothing.
 */
export function applyTaskChange(tasks: readonly TaskItem[], change: TaskChange): TaskItem[] {
  switch (change.type) {
    case "create": {
      if (tasks.some((task) => task.clientId === change.task.clientId)) return [...tasks];
      const position = tasks.reduce((max, task) => Math.max(max, task.position + 1), 0);
      return [
        ...tasks,
        {
          id: null,
          clientId: change.task.clientId,
          title: change.task.title,
          estimate: change.task.estimate,
          done: false,
          position,
          createdAt: change.at,
          completedAt: null,
          actual: 0,
          lastSessionAt: null,
        },
      ];
    }
    case "update":
      return tasks.map((task) => {
        if (task.clientId !== change.task.clientId) return task;
        const { title, estimate, done } = change.changes;
        const completedAt = done === undefined ? task.completedAt : done ? (task.done ? task.completedAt : change.at) : null;
        return { ...task, title: title ?? task.title, estimate: estimate ?? task.estimate, done: done ?? task.done, completedAt };
      });
    case "delete":
      return tasks.filter((task) => task.clientId !== change.task.clientId);
    case "reorder": {
      const listed = change.order.flatMap((ref) => tasks.filter((task) => task.clientId === ref.clientId).slice(0, 1));
      const places = reorderedPositions(listed.map((task) => task.position));
      const moved = new Map(listed.map((task, i) => [task.clientId, places[i] ?? task.position]));
      return tasks.map((task) => (moved.has(task.clientId) ? { ...task, position: moved.get(task.clientId) ?? task.position } : task));
    }
  }
}

/** `tasks` with every change applied in order (`applyTaskChange`). */
export function applyTaskChanges(tasks: readonly TaskItem[], changes: readonly TaskChange[]): TaskItem[] {
  return changes.reduce<TaskItem[]>((list, change) => applyTaskChange(list, change), [...tasks]);
}

/** The server's tasks as client items. */
export function toTaskItems(tasks: readonly Task[]): TaskItem[] {
  return tasks.map((task) => ({ ...task }));
}

/**
 * A completed session that has not reached the server yet, with the task it counts for: by id,
 * or by clientId when the task itself was still waiting to be sent when the session ended.
 */
type PendingTaskSession = Pick<SessionInput, "type" | "completed" | "taskId"> & { taskClientId?: string };

/**
 * `tasks` with the completed focus sessions still waiting to be sent added to their actual
 * counts, so a session finished offline shows at once (the server counts it once it has it).
 */
export function withPendingSessions(tasks: readonly TaskItem[], sessions: readonly PendingTaskSession[]): TaskItem[] {
  const counted = sessions.filter((session) => session.type === "focus" && session.completed);
  if (counted.length === 0) return [...tasks];
  return tasks.map((task) => {
    const extra = counted.filter(
      (session) => (task.id !== null && session.taskId === task.id) || (session.taskClientId !== undefined && session.taskClientId === task.clientId),
    ).length;
    return extra === 0 ? task : { ...task, actual: task.actual + extra };
  });
}
