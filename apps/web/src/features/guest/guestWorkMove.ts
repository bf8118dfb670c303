/**
 * Moving a guest's work into the account they signed in to (`docs/product.md`, Guests): apart
 * from guestWork.ts, so the sign-in page, which only counts the guest's work, does not load the
 * import's schemas.
 */
import { DATA_EXPORT_VERSION, importResultSchema, taskSchema, type DataExport } from "@focus/core/schemas";
import { api } from "@/lib/api";
import { loadGuestTasks } from "@/runtime/tasks/guestTasks";
import { forgetGuestWork } from "./guestWork";
import { loadGuestSessions } from "@/runtime/guestSessions";

/**
 * Moves the guest's work into the signed-in account, then forgets the guest's copy.
 * @returns how many sessions the import added, and how many tasks there were.
 * @throws ApiError with the server's message when a task or the import is refused (e.g. the Free
 *   plan's daily limit); the guest's copy is then kept.
 */
export async function moveGuestWork(): Promise<{ sessions: number; tasks: number }> {
  const tasks = loadGuestTasks();
  const idOf = new Map<string, number>();
  for (const task of tasks) {
    const created = taskSchema.parse(await api.post("/api/tasks", { clientId: task.clientId, title: task.title, estimate: task.estimate }));
    if (task.done && !created.done) await api.put(`/api/tasks/${created.id}`, { done: true });
    idOf.set(task.clientId, created.id);
  }
  const sessions = loadGuestSessions().map(({ id: _id, taskClientId, ...session }) => {
    const taskId = taskClientId ? idOf.get(taskClientId) : undefined;
    return taskId === undefined ? session : { ...session, taskId };
  });
  let imported = 0;
  if (sessions.length > 0) {
    const document: DataExport = { version: DATA_EXPORT_VERSION, exportedAt: new Date().toISOString(), sessions };
    imported = importResultSchema.parse(await api.post("/api/import", document)).imported;
  }
  forgetGuestWork();
  return { sessions: imported, tasks: tasks.length };
}
