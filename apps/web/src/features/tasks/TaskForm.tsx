import { DEFAULT_TASK_ESTIMATE, TASK_MESSAGES, taskFormSchema, type TaskForm as TaskFormValues, type TaskFormInput } from "@focus/core/schemas";
import { zodResolver } from "@hookform/resolvers/zod";
import { Plus } from "lucide-react";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { EstimateStepper } from "./EstimateStepper";

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
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<TaskFormInput, unknown, TaskFormValues>({
    resolver: zodResolver(taskFormSchema),
    defaultValues: initial ?? { title: "", estimate: DEFAULT_TASK_ESTIMATE },
  });
  const error = errors.title?.message ?? errors.estimate?.message;
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
      onSubmit={(event) =>
        void handleSubmit((values) => {
          if (!onSubmit(values)) {
            setError("title", { message: TASK_MESSAGES.tooManyOpen });
            return;
          }
          if (mode === "add") {
            // A new task starts from the default estimate: the last task's says nothing of it.
            reset({ title: "", estimate: DEFAULT_TASK_ESTIMATE });
            setFocus("title");
          }
        })(event)
      }
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
        {...register("title")}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Label htmlFor={estimateId} className="text-sm font-normal text-muted-foreground">
            Estimate
          </Label>
          <Controller
            control={control}
            name="estimate"
            render={({ field }) => (
              <EstimateStepper
                id={estimateId}
                value={field.value}
                onChange={field.onChange}
                invalid={Boolean(errors.estimate)}
                describedBy={errors.estimate ? errorId : `${estimateId}-unit`}
              />
            )}
          />
          <span id={`${estimateId}-unit`} className="text-sm text-muted-foreground">
            sessions
          </span>
        </div>
        {mode === "add" ? (
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
        )}
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
