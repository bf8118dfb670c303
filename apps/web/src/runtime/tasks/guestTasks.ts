import { STORAGE_KEYS } from "@focus/core/constants";
import { taskSchema } from "@focus/core/schemas";
import { applyTaskChange, type TaskChange, type TaskItem } from "@focus/core/tasks";
import { useSyncExternalStore } from "react";
import { z } from "zod";
import { storageSubscription } from "@/lib/storageChanges";

/**
 * A guest's task list, kept in this browser only (nothing of a guest reaches the server,
 * `docs/product.md`), changed by the same rules as a user's (core's `applyTaskChange`). The
 * guest's completed focus sessions raise their task's actual count here.
 */

const KEY = STORAGE_KEYS.guestTasks;
const CHANGE_EVENT = "guest-tasks-change";
const listSchema = z.array(taskSchema.extend({ id: z.null() }));

let cached: { raw: string | null; tasks: TaskItem[] } = { raw: null, tasks: [] };

/** The guest's tasks (none when storage is empty, unreadable or malformed). */
export function loadGuestTasks(): TaskItem[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(KEY);
  } catch {
    return [];
  }
  if (raw === cached.raw) return cached.tasks;
  let tasks: TaskItem[] = [];
  try {
    const parsed = listSchema.safeParse(JSON.parse(raw ?? "[]"));
    tasks = parsed.success ? parsed.data : [];
  } catch {
    tasks = [];
  }
  cached = { raw, tasks };
  return tasks;
}

function saveGuestTasks(tasks: readonly TaskItem[]): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(tasks));
  } catch {
    // Storage full or disabled: the change is lost with the page, as a guest's data is.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Applies a change to the guest's list. */
export function changeGuestTasks(change: TaskChange): void {
  saveGuestTasks(applyTaskChange(loadGuestTasks(), change));
}

/** Counts a completed focus session of the guest for their task `clientId`, which ended at `endedAt` (epoch ms). */
export function recordGuestTaskSession(clientId: string, endedAt: number): void {
  const lastSessionAt = new Date(endedAt).toISOString();
  saveGuestTasks(loadGuestTasks().map((task) => (task.clientId === clientId ? { ...task, actual: task.actual + 1, lastSessionAt } : task)));
}

const subscribe = storageSubscription(CHANGE_EVENT);

const NONE: TaskItem[] = [];

/** The guest's tasks, following every change (this tab's, or another tab's). */
export function useGuestTasks(enabled: boolean): TaskItem[] {
  return useSyncExternalStore(subscribe, enabled ? loadGuestTasks : () => NONE, () => NONE);
}
