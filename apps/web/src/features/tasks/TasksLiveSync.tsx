import { queryKeys } from "@/lib/queryKeys";
import { useLiveReload } from "@/runtime/useLiveReload";

/**
 * Loads the task list again when the server says it changed (`tasks_changed` on the live
 * connection, `docs/offline.md`): a task added, edited, reordered or finished on another device,
 * or a session recorded for one there; and on every reconnection after the first. Renders
 * nothing; a no-op without a live connection (guests).
 */
export function TasksLiveSync() {
  useLiveReload(["tasks_changed"], [queryKeys.tasks]);
  return null;
}
