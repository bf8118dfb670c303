import { useSyncExternalStore } from "react";
import { readUserValue, writeUserValue } from "@/runtime/userStorage";
import { storageSubscription } from "@/lib/storageChanges";

/**
 * The task the user works on now ("Working on: …" in the Focus Arena), one at a time, kept per
 * user in this browser by its clientId (a per-user value, forgotten at sign-out), so it survives
 * a reload and follows in every tab. The timer records each focus session with it (`TimerHost`,
 * core's `SET_TASK`).
 */

const NAME = "active-task";
const CHANGE_EVENT = "active-task-change";

/** The clientId of the user's active task, or null. */
export function loadActiveTask(userId: number): string | null {
  return readUserValue(userId, NAME);
}

/** Makes `clientId` the user's active task (null: none). */
export function setActiveTask(userId: number, clientId: string | null): void {
  writeUserValue(userId, NAME, clientId);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

const subscribe = storageSubscription(CHANGE_EVENT);

/** The clientId of the user's active task, following changes in this tab and others. */
export function useActiveTaskId(userId: number): string | null {
  return useSyncExternalStore(
    subscribe,
    () => loadActiveTask(userId),
    () => null,
  );
}
