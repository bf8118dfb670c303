import { useSyncExternalStore } from "react";
import { TOAST_DURATION } from "@/components/ui/use-toast";

/**
 * Deleting a task with a way back: the task leaves the list at once and is deleted for good
 * only when the undo toast has had its time (TOAST_DURATION), or when the page goes away; Undo
 * brings it back untouched (its sessions stay linked). Kept outside any component, so a delete
 * survives a move to another page.
 */

interface Pending {
  timer: ReturnType<typeof setTimeout>;
  commit: () => void;
}

const pending = new Map<string, Pending>();
let hidden: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

function publish(): void {
  hidden = new Set(pending.keys());
  listeners.forEach((listener) => listener());
}

/** Hides the task `clientId` and runs `commit` (the delete) once the undo time is over. */
export function deleteLater(clientId: string, commit: () => void): void {
  if (pending.has(clientId)) return;
  const timer = setTimeout(() => settle(clientId), TOAST_DURATION);
  pending.set(clientId, { timer, commit });
  publish();
}

/** Deletes the hidden task now (its undo time is over). */
function settle(clientId: string): void {
  const entry = pending.get(clientId);
  if (!entry) return;
  clearTimeout(entry.timer);
  pending.delete(clientId);
  entry.commit();
  publish();
}

/** Brings the hidden task back; false when it was already deleted. */
export function undoDelete(clientId: string): boolean {
  const entry = pending.get(clientId);
  if (!entry) return false;
  clearTimeout(entry.timer);
  pending.delete(clientId);
  publish();
  return true;
}

/** Deletes every hidden task now (the page is going away). */
export function settleAllDeletes(): void {
  for (const clientId of [...pending.keys()]) settle(clientId);
}

if (typeof window !== "undefined") window.addEventListener("pagehide", settleAllDeletes);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The clientIds of the tasks waiting out their undo time (not shown). */
export function useHiddenTasks(): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, () => hidden, () => hidden);
}
