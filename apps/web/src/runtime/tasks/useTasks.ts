import { taskListSchema, taskSchema, type Task, type TaskForm, type TaskUpdate, type User } from "@focus/core/schemas";
import { applyTaskChanges, mayAddOpenTask, moveTask, splitTasks, taskRefOf, toTaskItems, withPendingSessions, type TaskChange, type TaskItem, type TaskRef } from "@focus/core/tasks";
import { useQuery, type QueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo } from "react";
import { newClientId } from "@/runtime/outbox/clientId";
import type { Outcome } from "@/runtime/outbox/outboxSync";
import { outboxSync, submitTaskChange } from "@/runtime/outbox/sync";
import { useOutboxState } from "@/runtime/outbox/useOutbox";
import { api } from "@/lib/api";
import { queryKeys } from "@/lib/queryKeys";
import { loadActiveTask, setActiveTask, useActiveTaskId } from "./activeTask";
import { changeGuestTasks, useGuestTasks } from "./guestTasks";
import { announceTaskChange } from "./taskChannel";

/**
 * The task list on the client (`docs/product.md`, Tasks): the server's list (`GET /api/tasks`)
 * with the changes and completed sessions still waiting in the outbox applied over it (core's
 * `applyTaskChanges`, `withPendingSessions`), so a change shows at once, online or not. A guest's
 * list lives in this browser (`guestTasks.ts`). Every change goes through `useTaskActions`.
 */

export type TaskListState =
  | { status: "loading"; tasks: TaskItem[] }
  | { status: "error"; tasks: TaskItem[]; error: Error; retry: () => void }
  | { status: "ready"; tasks: TaskItem[] };

/** The server's task list; guests have none. */
function useServerTasks(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.tasks,
    enabled,
    queryFn: async ({ signal }) => taskListSchema.parse(await api.get("/api/tasks", { signal })),
  });
}

/** The user's tasks as the screens show them (see the module comment). */
export function useTaskList(user: User): TaskListState {
  const query = useServerTasks(!user.isGuest);
  const guestTasks = useGuestTasks(user.isGuest);
  const { items } = useOutboxState();
  const { data, isPending, isError, error, refetch } = query;

  useEffect(() => {
    if (data) outboxSync.knowTasks(data);
  }, [data]);

  const changes = useMemo(() => items.flatMap((item) => (item.kind === "task" ? [item.change] : [])), [items]);
  const tasks = useMemo(() => {
    if (user.isGuest) return guestTasks;
    const sessions = items.flatMap((item) => (item.kind === "session" ? [{ ...item.body, taskClientId: item.taskClientId }] : []));
    return withPendingSessions(applyTaskChanges(toTaskItems(data ?? []), changes), sessions);
  }, [user.isGuest, guestTasks, items, data, changes]);

  if (user.isGuest || data) return { status: "ready", tasks };
  if (isError) return { status: "error", tasks, error, retry: () => void refetch() };
  // Offline before the list ever loaded: what waits in the outbox is still the user's.
  return isPending && changes.length === 0 ? { status: "loading", tasks } : { status: "ready", tasks };
}

/** What the task list can do, for the signed-in user or the guest. */
export interface TaskActions {
  /** Adds a task; false (nothing added) when the user already has MAX_OPEN_TASKS open tasks. */
  add: (form: TaskForm) => boolean;
  edit: (task: TaskItem, changes: TaskUpdate) => void;
  remove: (task: TaskItem) => void;
  /** Moves an open task one place up (-1) or down (+1) among the open tasks. */
  move: (task: TaskItem, offset: -1 | 1) => void;
  /** Makes the task the one the user works on (null: none). */
  activate: (task: TaskItem | null) => void;
}

/** The changes of the task list (see the module comment); `tasks` is the list the user sees. */
export function useTaskActions(user: User, tasks: readonly TaskItem[]): TaskActions {
  const commit = useCallback(
    (change: TaskChange) => {
      if (user.isGuest) changeGuestTasks(change);
      else void submitTaskChange(user.id, change).catch((error: unknown) => console.error("Failed to keep the task change for sending", error));
      announceTaskChange();
    },
    [user],
  );
  const letGo = useCallback(
    (task: TaskItem) => {
      if (loadActiveTask(user.id) === task.clientId) setActiveTask(user.id, null);
    },
    [user.id],
  );

  return useMemo<TaskActions>(
    () => ({
      add: (form) => {
        if (!mayAddOpenTask(tasks)) return false;
        commit({ type: "create", task: { clientId: newClientId(), ...form }, at: new Date().toISOString() });
        return true;
      },
      edit: (task, changes) => {
        // A finished task is no longer the one being worked on (its session under way still counts).
        if (changes.done === true) letGo(task);
        commit({ type: "update", task: taskRefOf(task), changes, at: new Date().toISOString() });
      },
      remove: (task) => {
        letGo(task);
        commit({ type: "delete", task: taskRefOf(task) });
      },
      move: (task, offset) => {
        const order = moveTask(splitTasks(tasks).open, task.clientId, offset);
        if (order) commit({ type: "reorder", order });
      },
      activate: (task) => setActiveTask(user.id, task?.clientId ?? null),
    }),
    [commit, letGo, tasks, user.id],
  );
}

/**
 * The task the user works on, as the timer takes it: the active task while it is open in the
 * list, with its server id once it has one. Before the list has loaded, the remembered clientId
 * alone (the outbox finds the id when it sends the session).
 */
export function useActiveTaskRef(user: User, list: TaskListState): TaskRef | null {
  const clientId = useActiveTaskId(user.id);
  const task = list.tasks.find((t) => t.clientId === clientId && !t.done);
  const id = task?.id ?? null;
  return useMemo(() => {
    if (clientId === null) return null;
    if (list.status !== "ready") return { clientId, id: null };
    return task ? { clientId, id } : null;
  }, [clientId, id, list.status, task]);
}

/** Puts a task the server answered with into the cached list, replacing the one with its clientId. */
function upsertTask(client: QueryClient, task: Task): void {
  client.setQueryData<Task[]>(queryKeys.tasks, (list) => {
    if (!list) return list;
    const at = list.findIndex((t) => t.clientId === task.clientId);
    return at < 0 ? [...list, task] : list.map((t, i) => (i === at ? task : t));
  });
}

/**
 * Applies the server's answer to a task change (an outbox outcome) to the cached list, so it
 * takes the waiting change's place without a reload; refused changes reload the list. Sessions
 * recorded with a task raise its count at once, then the list is reloaded for the true counts.
 * Returns true when the list changed.
 */
export function applyTaskOutcome(client: QueryClient, outcome: Outcome): boolean {
  const { item } = outcome;
  if (item.kind === "session") {
    if (outcome.status !== "sent") return false;
    const taskId = (outcome.response as { taskId?: unknown } | null)?.taskId;
    if (typeof taskId !== "number") return false;
    client.setQueryData<Task[]>(queryKeys.tasks, (list) => list?.map((t) => (t.id === taskId ? { ...t, actual: t.actual + 1 } : t)));
    void client.invalidateQueries({ queryKey: queryKeys.tasks });
    return true;
  }
  if (item.kind !== "task") return false;
  if (outcome.status !== "sent") {
    void client.invalidateQueries({ queryKey: queryKeys.tasks });
    return true;
  }
  const { change } = item;
  if (change.type === "reorder") {
    const list = taskListSchema.safeParse(outcome.response);
    if (list.success) client.setQueryData(queryKeys.tasks, list.data);
    else void client.invalidateQueries({ queryKey: queryKeys.tasks });
    return true;
  }
  const task = taskSchema.safeParse(outcome.response);
  if (task.success) upsertTask(client, task.data);
  else {
    // Deleted, or a change to a task the server never had: it is gone from the list.
    client.setQueryData<Task[]>(queryKeys.tasks, (list) => list?.filter((t) => t.clientId !== change.task.clientId));
  }
  return true;
}
