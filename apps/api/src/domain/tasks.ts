/**
 * Task rules (`docs/product.md`, Tasks): a user's tasks are theirs alone (another user's id
 * answers 404 like a missing one), at most MAX_OPEN_TASKS are open at once (409 beyond, also when
 * reopening a done one), a create is recorded once per clientId, and deleting a task keeps its
 * sessions, which then count for no task. The actual count of a task is its completed focus
 * sessions; a session may name only the user's own task.
 */
import { DAY_MS } from "@focus/core/constants";
import { MAX_OPEN_TASKS, TASK_HISTORY_DAYS, TASK_MESSAGES, type SessionInput, type Task, type TaskCreate, type TaskUpdate } from "@focus/core/schemas";
import { reorderedPositions } from "@focus/core/tasks";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import {
  countOpenTasks,
  deleteTaskRow,
  findTask,
  findTaskByClientId,
  insertTask,
  listTasks,
  ownedTaskIds,
  taskPositions,
  updateTaskRow,
} from "../repositories/tasks";
import { unlinkSessionsFromTask } from "../repositories/sessions";
import { lockUserRow } from "../repositories/users";
import { HttpError } from "../httpError";

/** 404 for a task id the user does not own (another user's id looks the same as none). */
export const taskNotFound = () => new HttpError(404, TASK_MESSAGES.notFound);
const tooManyOpen = () => new HttpError(409, TASK_MESSAGES.tooManyOpen);

/**
 * The user's task list (`GET /api/tasks`): open tasks and those done in the last
 * TASK_HISTORY_DAYS days (before `now`, epoch ms), in list order, with their actual counts.
 */
export function listUserTasks(db: Kysely<Database>, userId: number, now: number): Promise<Task[]> {
  return listTasks(db, userId, new Date(now - TASK_HISTORY_DAYS * DAY_MS).toISOString());
}

/**
 * Adds a task at the end of the user's list, once per clientId: a repeat answers the original
 * with `created: false` (also when two copies race).
 * @param now epoch ms, the task's `createdAt`.
 * @throws HttpError 409 when the user already has MAX_OPEN_TASKS open tasks.
 */
export async function createTask(db: Kysely<Database>, userId: number, input: TaskCreate, now: number): Promise<{ task: Task; created: boolean }> {
  try {
    return await db.transaction().execute(async (trx) => {
      await lockUserRow(trx, userId);
      const existing = await findTaskByClientId(trx, userId, input.clientId);
      if (existing) return { task: existing, created: false };
      if ((await countOpenTasks(trx, userId)) >= MAX_OPEN_TASKS) throw tooManyOpen();
      return { task: await insertTask(trx, userId, input, new Date(now).toISOString()), created: true };
    });
  } catch (error) {
    // Lost a race with a concurrent copy of the same create: the unique index kept one.
    const winner = isUniqueViolation(error) ? await findTaskByClientId(db, userId, input.clientId) : undefined;
    if (winner) return { task: winner, created: false };
    throw error;
  }
}

/**
 * Changes the user's task: title, estimate, done. Marking it done dates it (`completedAt`, once);
 * reopening it clears the date.
 * @param now epoch ms, the `completedAt` of a task marked done.
 * @throws HttpError 404 for a task the user does not have; 409 when reopening it would pass
 *   MAX_OPEN_TASKS open tasks.
 */
export async function editTask(db: Kysely<Database>, userId: number, id: number, update: TaskUpdate, now: number): Promise<Task> {
  return db.transaction().execute(async (trx) => {
    await lockUserRow(trx, userId);
    const task = await findTask(trx, userId, id);
    if (!task) throw taskNotFound();
    const reopening = update.done === false && task.done;
    if (reopening && (await countOpenTasks(trx, userId)) >= MAX_OPEN_TASKS) throw tooManyOpen();
    const completedAt = update.done === undefined ? task.completedAt : update.done ? (task.completedAt ?? new Date(now).toISOString()) : null;
    await updateTaskRow(trx, userId, id, {
      ...(update.title === undefined ? {} : { title: update.title }),
      ...(update.estimate === undefined ? {} : { estimate: update.estimate }),
      ...(update.done === undefined ? {} : { done: update.done ? 1 : 0 }),
      completed_at: completedAt,
    });
    const changed = await findTask(trx, userId, id);
    if (!changed) throw taskNotFound();
    return changed;
  });
}

/**
 * Deletes the user's task; its sessions stay (in every statistic) and count for no task.
 * @throws HttpError 404 for a task the user does not have.
 */
export async function removeTask(db: Kysely<Database>, userId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await deleteTaskRow(trx, userId, id))) throw taskNotFound();
    await unlinkSessionsFromTask(trx, userId, id);
  });
}

/**
 * Puts the listed tasks in the order of `ids`, among the places they held (core's
 * `reorderedPositions`); every other task stays where it is. Answers the list.
 * @param now epoch ms, for the list's window of done tasks.
 * @throws HttpError 404 when an id is not one of the user's tasks (nothing moves).
 */
export async function reorderTasks(db: Kysely<Database>, userId: number, ids: readonly number[], now: number): Promise<Task[]> {
  await db.transaction().execute(async (trx) => {
    await lockUserRow(trx, userId);
    const held = await taskPositions(trx, userId, ids);
    if (held.size !== ids.length) throw taskNotFound();
    const places = reorderedPositions(ids.map((id) => held.get(id) ?? 0));
    for (const [i, id] of ids.entries()) {
      const position = places[i] ?? 0;
      if (held.get(id) !== position) await updateTaskRow(trx, userId, id, { position });
    }
  });
  return listUserTasks(db, userId, now);
}

/**
 * Checks the task a session names (`POST /api/sessions`): never trusted from the client.
 * @throws HttpError 400 when a session that is not a focus session names a task; 404 when the
 *   task is not one of the user's.
 */
export async function assertSessionTask(db: Kysely<Database>, userId: number, input: SessionInput): Promise<void> {
  if (input.taskId === undefined) return;
  if (input.type !== "focus") throw new HttpError(400, TASK_MESSAGES.focusOnly);
  if (!(await ownedTaskIds(db, userId, [input.taskId])).has(input.taskId)) throw taskNotFound();
}
