import type { User } from "@focus/core/schemas";
import { Target, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { setActiveTask, useActiveTaskId } from "@/runtime/tasks/activeTask";
import { TaskCount } from "./TasksCard";
import { useTaskList } from "@/runtime/tasks/useTasks";

/**
 * "Working on: <title>" near the timer, with the task's count and a way to stop working on it;
 * nothing while no open task is picked.
 */
export function WorkingOn({ user }: { user: User }) {
  const activeId = useActiveTaskId(user.id);
  const task = useTaskList(user).tasks.find((t) => t.clientId === activeId && !t.done);
  if (!task) return null;
  return (
    <div className="mx-auto flex w-full max-w-md items-center gap-2 rounded-lg border bg-muted/40 py-1.5 pr-1.5 pl-3 text-sm" data-testid="working-on">
      <Target className="size-4 shrink-0 text-primary" aria-hidden />
      <p className="min-w-0 flex-1 truncate">
        <span className="text-muted-foreground">Working on: </span>
        <span className="font-medium" title={task.title}>
          {task.title}
        </span>
      </p>
      <TaskCount task={task} />
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={`Stop working on "${task.title}"`}
        title="Stop working on this task"
        onClick={() => setActiveTask(user.id, null)}
      >
        <X aria-hidden />
      </Button>
    </div>
  );
}
