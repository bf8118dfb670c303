import type { User } from "@focus/core/schemas";
import { useActiveTaskId } from "@/runtime/tasks/activeTask";
import { useTaskList } from "@/runtime/tasks/useTasks";

/** The title of the open task the user works on now, or null: what fills in the Focus Arena's intention. */
export function usePickedTaskTitle(user: User): string | null {
  const activeId = useActiveTaskId(user.id);
  return useTaskList(user).tasks.find((t) => t.clientId === activeId && !t.done)?.title ?? null;
}
