import { type User } from "@focus/core/schemas";
import { estimateFactor, projectFinish, splitTasks, type TaskItem } from "@focus/core/tasks";
import { ArrowDown, ArrowUp, Check, CloudOff, Pencil, RotateCcw, RotateCw, Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { ToastAction } from "@/components/ui/toastAction";
import { toast } from "@/components/ui/use-toast";
import { useNow } from "@/lib/useNow";
import { cn } from "@/lib/utils";
import { useCurrentSettings } from "@/runtime/currentSettings";
import { useActiveTaskId } from "@/runtime/tasks/activeTask";
import { factorLine, projectionLine } from "@/runtime/tasks/estimateCopy";
import { deleteLater, undoDelete, useHiddenTasks } from "./deferredDelete";
import { TaskForm } from "./TaskForm";
import { useTaskActions, useTaskList, type TaskActions } from "@/runtime/tasks/useTasks";

/** "2 / 3" with what it means for a screen reader, amber once a task has taken more than estimated. */
export function TaskCount({ task }: { task: Pick<TaskItem, "actual" | "estimate"> }) {
  const over = task.actual > task.estimate;
  return (
    <span className={cn("shrink-0 text-sm tabular-nums", over ? "font-medium text-amber-700 dark:text-amber-300" : "text-muted-foreground")} data-testid="task-count">
      <span aria-hidden>
        {task.actual} / {task.estimate}
      </span>
      <span className="sr-only">
        {task.actual} of {task.estimate} estimated focus sessions
      </span>
    </span>
  );
}

/**
 * Deletes a task with Undo in a toast: it leaves the list at once and is deleted once the toast
 * has had its time (deferredDelete.ts); the task being worked on (`activeId`) is let go, and
 * picked again on Undo.
 */
function deleteWithUndo(task: TaskItem, actions: TaskActions, activeId: string | null): void {
  const wasActive = activeId === task.clientId;
  if (wasActive) actions.activate(null);
  deleteLater(task.clientId, () => actions.remove(task));
  toast({
    title: "Task deleted",
    description: task.title,
    action: (
      <ToastAction
        altText="Undo deleting the task"
        onClick={() => {
          if (undoDelete(task.clientId) && wasActive) actions.activate(task);
        }}
      >
        Undo
      </ToastAction>
    ),
  });
}

/**
 * The task list beside the Focus Arena's timer (`docs/product.md`, Tasks): add a task with its
 * estimate in focus sessions, pick the one to work on (one at a time; each focus session is
 * recorded with it), see "actual / estimate" on each, edit, move up and down, mark done, delete
 * with Undo. Works offline (changes wait in the outbox) and for guests (kept in this browser).
 */
export function TasksCard({ user }: { user: User }) {
  const list = useTaskList(user);
  const hidden = useHiddenTasks();
  const shown = list.tasks.filter((task) => !hidden.has(task.clientId));
  const actions = useTaskActions(user, shown);
  const activeId = useActiveTaskId(user.id);
  const { open, done } = splitTasks(shown);
  const waiting = shown.some((task) => task.id === null) && !user.isGuest;

  const remove = (task: TaskItem) => deleteWithUndo(task, actions, activeId);

  return (
    <Card aria-labelledby="tasks-title">
      <CardHeader className="gap-1 pb-3">
        <CardTitle id="tasks-title" className="text-base">
          Tasks
        </CardTitle>
        <CardDescription>Estimate each task in focus sessions, then see what it really took.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <TaskForm mode="add" onSubmit={actions.add} />
        {list.status === "loading" ? (
          <div className="grid place-items-center py-4">
            <Spinner className="size-5" label="Loading your tasks" showLabel />
          </div>
        ) : (
          <>
            {list.status === "error" && (
              <ErrorAlert>
                <p className="font-medium">Couldn't load your tasks.</p>
                <p className="text-muted-foreground">{list.error.message}</p>
                <Button variant="outline" size="sm" className="mt-2" onClick={list.retry}>
                  <RotateCw aria-hidden />
                  Try again
                </Button>
              </ErrorAlert>
            )}
            {open.length === 0 ? (
              list.status === "ready" && <p className="text-sm text-muted-foreground">No open tasks. Add what you will work on next.</p>
            ) : (
              <fieldset className="min-w-0">
                <legend className="sr-only">Task to work on</legend>
                <ol className="grid gap-2" aria-label="Open tasks">
                  {open.map((task, index) => (
                    <OpenTaskRow
                      key={task.clientId}
                      task={task}
                      active={task.clientId === activeId}
                      first={index === 0}
                      last={index === open.length - 1}
                      actions={actions}
                      onDelete={remove}
                    />
                  ))}
                </ol>
              </fieldset>
            )}
            <ProjectedFinish tasks={shown} open={open} />
            {done.length > 0 && <DoneTasks tasks={done} actions={actions} onDelete={remove} />}
            {waiting && (
              <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <CloudOff className="size-3.5" aria-hidden />
                Some changes wait to be sent; they are kept on this device until then.
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * When the open tasks would be done, at the user's lengths and with their estimate factor
 * (`docs/product.md`, Tasks: core's `estimateFactor` and `projectFinish`); nothing when no
 * open task needs a session.
 */
function ProjectedFinish({ tasks, open }: { tasks: readonly TaskItem[]; open: readonly TaskItem[] }) {
  const settings = useCurrentSettings();
  const now = useNow(60_000);
  const factor = estimateFactor(tasks, now);
  const projection = projectFinish(open, factor?.factor ?? 1, settings, now);
  if (!projection) return null;
  return (
    <p className="text-xs text-muted-foreground" data-testid="tasks-projection">
      {projectionLine(projection, now)}
      {factor && <span className="block">{factorLine(factor)}</span>}
    </p>
  );
}

/** An open task: pick it to work on, its count, and its actions (done, up, down, edit, delete). */
function OpenTaskRow({
  task,
  active,
  first,
  last,
  actions,
  onDelete,
}: {
  task: TaskItem;
  active: boolean;
  first: boolean;
  last: boolean;
  actions: TaskActions;
  onDelete: (task: TaskItem) => void;
}) {
  const [editing, setEditing] = useState(false);
  const radioId = `task-${task.clientId}`;
  if (editing) {
    return (
      <li className="rounded-lg border bg-muted/40 p-3">
        <TaskForm
          mode="edit"
          initial={{ title: task.title, estimate: task.estimate }}
          onSubmit={(values) => {
            actions.edit(task, values);
            setEditing(false);
            return true;
          }}
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  }
  return (
    <li
      className={cn("grid gap-1 rounded-lg border p-2.5 transition-colors", active ? "border-primary/60 bg-primary/10" : "bg-muted/30")}
      data-testid="open-task"
    >
      <div className="flex items-start gap-2.5">
        <input
          id={radioId}
          type="radio"
          name="active-task"
          checked={active}
          onChange={() => actions.activate(task)}
          className="mt-1 size-4 shrink-0 accent-primary"
        />
        <label htmlFor={radioId} className="min-w-0 flex-1 cursor-pointer text-sm leading-6 font-medium wrap-anywhere pointer-coarse:min-h-11">
          {task.title}
        </label>
        <TaskCount task={task} />
      </div>
      <div className="flex flex-wrap items-center justify-end gap-0.5">
        <IconButton label={`Mark "${task.title}" done`} onClick={() => actions.edit(task, { done: true })}>
          <Check aria-hidden />
        </IconButton>
        <IconButton label={`Move "${task.title}" up`} disabled={first} onClick={() => actions.move(task, -1)}>
          <ArrowUp aria-hidden />
        </IconButton>
        <IconButton label={`Move "${task.title}" down`} disabled={last} onClick={() => actions.move(task, 1)}>
          <ArrowDown aria-hidden />
        </IconButton>
        <IconButton label={`Edit "${task.title}"`} onClick={() => setEditing(true)}>
          <Pencil aria-hidden />
        </IconButton>
        <IconButton label={`Delete "${task.title}"`} onClick={() => onDelete(task)}>
          <Trash2 aria-hidden />
        </IconButton>
      </div>
    </li>
  );
}

/** The done tasks, folded away: each with its count, Reopen and Delete. */
function DoneTasks({ tasks, actions, onDelete }: { tasks: TaskItem[]; actions: TaskActions; onDelete: (task: TaskItem) => void }) {
  return (
    <details className="group rounded-lg border px-3 py-2">
      <summary className="cursor-pointer text-sm font-medium text-muted-foreground select-none">Done ({tasks.length})</summary>
      <ul className="mt-2 grid gap-1" aria-label="Done tasks">
        {tasks.map((task) => (
          <li key={task.clientId} className="flex items-center gap-2" data-testid="done-task">
            <span className="min-w-0 flex-1 text-sm wrap-anywhere text-muted-foreground line-through">{task.title}</span>
            <TaskCount task={task} />
            <IconButton label={`Reopen "${task.title}"`} onClick={() => actions.edit(task, { done: false })}>
              <RotateCcw aria-hidden />
            </IconButton>
            <IconButton label={`Delete "${task.title}"`} onClick={() => onDelete(task)}>
              <Trash2 aria-hidden />
            </IconButton>
          </li>
        ))}
      </ul>
    </details>
  );
}

function IconButton({ label, children, ...props }: { label: string; children: ReactNode; disabled?: boolean; onClick: () => void }) {
  return (
    <Button type="button" variant="ghost" size="icon" className="size-9 text-muted-foreground hover:text-foreground pointer-coarse:size-11" aria-label={label} title={label} {...props}>
      {children}
    </Button>
  );
}
