import { DEFAULT_TASK_ESTIMATE, TASK_MESSAGES, taskFormSchema, type TaskForm as TaskFormValues } from "@focus/core/schemas";
import { Plus } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useSchemaForm } from "@/lib/useSchemaForm";
import { EstimateStepper } from "./EstimateStepper";

/**
 * The task form's values (core's `taskFormSchema`): a task `onSubmit` refuses (the open-task
 * limit) shows the limit on the title; after adding one the form starts again, title focused.
 */
function useTaskForm(mode: "add" | "edit", initial: TaskFormValues | undefined, onSubmit: (values: TaskFormValues) => boolean) {
  return useSchemaForm(taskFormSchema, initial ?? { title: "", estimate: DEFAULT_TASK_ESTIMATE }, (values, next) => {
    if (!onSubmit(values)) {
      next.setError("title", TASK_MESSAGES.tooManyOpen);
      return;
    }
    if (mode === "add") {
      // A new task starts from the default estimate: the last task's says nothing of it.
      next.reset({ title: "", estimate: DEFAULT_TASK_ESTIMATE });
      next.focus("title");
    }
  });
}

/** "Add task" when adding; Cancel and Save when editing. */
function TaskFormButtons({ mode, onCancel }: { mode: "add" | "edit"; onCancel?: () => void }) {
  return mode === "add" ? (
    <Button type="submit" size="sm">
      <Plus aria-hidden />
      Add task
    </Button>
  ) : (
    <div className="flex gap-2">
      <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" size="sm">
        Save
      </Button>
    </div>
  );
}

/**
 * The form of a task: its title and its estimate in focus sessions (core's `taskFormSchema`).
 * Adding a task (`mode` "add") resets the form after each one (title empty, estimate back to
 * DEFAULT_TASK_ESTIMATE); editing one (`mode` "edit") has
 * Save and Cancel, and Escape cancels. `onSubmit` answers false when the task cannot be added
 * (the open-task limit), which the form says.
 */
export function TaskForm({
  mode,
  initial,
  onSubmit,
  onCancel,
}: {
  mode: "add" | "edit";
  initial?: TaskFormValues;
  onSubmit: (values: TaskFormValues) => boolean;
  onCancel?: () => void;
}) {
  const id = useId();
  const form = useTaskForm(mode, initial, onSubmit);
  const { errors } = form;
  const { error: _titleError, ...title } = form.field("title");
  const error = errors.title ?? errors.estimate;
  const errorId = `${id}-error`;
  const titleId = `${id}-title`;
  const estimateId = `${id}-estimate`;

  return (
    <form
      noValidate
      aria-label={mode === "add" ? "Add a task" : "Edit task"}
      className="grid gap-2"
      onKeyDown={(event) => {
        if (event.key === "Escape" && onCancel) {
          event.preventDefault();
          onCancel();
        }
      }}
      onSubmit={form.onSubmit}
    >
      <Label htmlFor={titleId} className={mode === "edit" ? "sr-only" : undefined}>
        {mode === "add" ? "What will you work on?" : "Task title"}
      </Label>
      <Input
        id={titleId}
        placeholder={mode === "add" ? "e.g. Draft the report intro" : undefined}
        autoComplete="off"
        autoFocus={mode === "edit"}
        aria-invalid={errors.title ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...title}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Label htmlFor={estimateId} className="text-sm font-normal text-muted-foreground">
            Estimate
          </Label>
          <EstimateStepper
            id={estimateId}
            value={form.value("estimate")}
            onChange={(estimate) => form.setValue("estimate", estimate)}
            invalid={Boolean(errors.estimate)}
            describedBy={errors.estimate ? errorId : `${estimateId}-unit`}
          />
          <span id={`${estimateId}-unit`} className="text-sm text-muted-foreground">
            sessions
          </span>
        </div>
        <TaskFormButtons mode={mode} onCancel={onCancel} />
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
