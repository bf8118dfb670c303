import { z } from "zod";
import { recordIdSchema } from "./ids";
import { showsWhatItSays } from "./plainText";

/**
 * Tasks estimated in focus sessions (`docs/product.md`, Tasks; routes in `docs/api.md`): a user
 * names what they will work on, estimates it in whole focus sessions, and sees how many it took.
 * The "actual" count of a task is the number of completed focus sessions recorded with its id.
 */

/** Longest task title, characters (after trimming). */
export const TASK_TITLE_MAX_LENGTH = 120;
/** A task's estimate, whole focus sessions. */
export const TASK_ESTIMATE = { min: 1, max: 20 } as const;
/** Estimate a new task starts with in the add form, focus sessions. */
export const DEFAULT_TASK_ESTIMATE = 1;
/** Most open (not done) tasks one user may have; a sanity bound, the same on every plan. */
export const MAX_OPEN_TASKS = 200;
/**
 * Days a done task stays listed by `GET /api/tasks`, and the days the estimate report looks
 * back over (the last 30 local days, today included).
 */
export const TASK_HISTORY_DAYS = 30;
/** Most ids one `POST /api/tasks/reorder` may carry. */
const MAX_TASK_REORDER_IDS = 1000;

/** Messages of the task form and the task routes, word for word. */
export const TASK_MESSAGES = {
  titleRequired: "Task title is required",
  titleTooLong: `Task title must be at most ${TASK_TITLE_MAX_LENGTH} characters`,
  titleNul: "Task title must not contain a NUL character",
  estimate: `Estimate must be a whole number of focus sessions from ${TASK_ESTIMATE.min} to ${TASK_ESTIMATE.max}`,
  emptyUpdate: "Send at least one of title, estimate or done",
  duplicateIds: "ids must not repeat a task",
  notFound: "Task not found",
  tooManyOpen: `You can have at most ${MAX_OPEN_TASKS} open tasks. Finish or delete one first.`,
  focusOnly: "Only a focus session can count for a task",
} as const;

/** A task's title: trimmed, 1 to TASK_TITLE_MAX_LENGTH characters, no NUL character, nothing hidden (`plainText.ts`). */
const taskTitleSchema = z
  .string({ message: TASK_MESSAGES.titleRequired })
  .trim()
  .min(1, TASK_MESSAGES.titleRequired)
  .max(TASK_TITLE_MAX_LENGTH, TASK_MESSAGES.titleTooLong)
  .refine((title) => !title.includes("\u0000"), TASK_MESSAGES.titleNul)
  .refine(...showsWhatItSays("Task title"));

/** A task's estimate: whole focus sessions, TASK_ESTIMATE.min to TASK_ESTIMATE.max. */
const taskEstimateSchema = z
  .number({ message: TASK_MESSAGES.estimate })
  .int(TASK_MESSAGES.estimate)
  .min(TASK_ESTIMATE.min, TASK_MESSAGES.estimate)
  .max(TASK_ESTIMATE.max, TASK_MESSAGES.estimate);

/** The add-task form (the client adds the `clientId`). */
export const taskFormSchema = z.object({ title: taskTitleSchema, estimate: taskEstimateSchema });
export type TaskForm = z.output<typeof taskFormSchema>;

/**
 * Body of `POST /api/tasks`. `clientId` is the idempotency key, as for sessions (`docs/offline.md`):
 * a UUID the client makes when the task is added; the server creates one task per (user,
 * clientId) and answers a repeat with the original.
 */
export const taskCreateSchema = taskFormSchema.extend({ clientId: z.uuid("clientId must be a UUID") });
export type TaskCreate = z.output<typeof taskCreateSchema>;

/** Body of `PUT /api/tasks/{id}`: any of title, estimate and done, at least one. */
export const taskUpdateSchema = z
  .object({ title: taskTitleSchema.optional(), estimate: taskEstimateSchema.optional(), done: z.boolean().optional() })
  .refine((body) => body.title !== undefined || body.estimate !== undefined || body.done !== undefined, TASK_MESSAGES.emptyUpdate);
export type TaskUpdate = z.output<typeof taskUpdateSchema>;

/**
 * Body of `POST /api/tasks/reorder`: task ids in their new order. The listed tasks take the
 * places they held, in this order; every other task stays where it is (`reorderPositions`).
 */
export const taskReorderSchema = z.object({
  ids: z
    .array(recordIdSchema("ids must be a list of task ids"), { message: "ids must be a list of task ids" })
    .min(1, "ids must name at least one task")
    .max(MAX_TASK_REORDER_IDS, `ids must name at most ${MAX_TASK_REORDER_IDS} tasks`)
    .refine((ids) => new Set(ids).size === ids.length, TASK_MESSAGES.duplicateIds),
});

/**
 * A task as the API returns it. Dates are ISO 8601 (UTC). `position` orders the list (smaller
 * first). `actual`: the completed focus sessions recorded with this task, all time;
 * `lastSessionAt`: when the latest of them ended, or null before the first.
 */
export const taskSchema = z.object({
  id: z.number().int(),
  clientId: z.string(),
  title: z.string(),
  estimate: z.number().int(),
  done: z.boolean(),
  position: z.number().int(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  actual: z.number().int().min(0),
  lastSessionAt: z.string().nullable(),
});
export type Task = z.infer<typeof taskSchema>;

/** Answer of `GET /api/tasks` and `POST /api/tasks/reorder`: open tasks and those done in the last TASK_HISTORY_DAYS days, in list order. */
export const taskListSchema = z.array(taskSchema);

/** A task named by a change or by the timer: its clientId, and its server id once known. */
export const taskRefSchema = z.object({ clientId: z.string().min(1).max(64), id: z.number().int().positive().nullable() });
export type TaskRef = z.infer<typeof taskRefSchema>;
