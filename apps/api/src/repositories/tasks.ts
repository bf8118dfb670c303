/** Tasks repository: every query is scoped to one user. */
import { type Task, type TaskCreate } from "@focus/core/schemas";
import { sessionEndMs } from "@focus/core/stats";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import type { TaskRow, TaskRowUpdate } from "../db/tables/tasks";

const columns = ["id", "client_id", "title", "estimate", "done", "position", "created_at", "completed_at"] as const;
type TaskColumns = Pick<TaskRow, (typeof columns)[number]>;

/** What the sessions say of a task: completed focus sessions recorded with it, and when the latest ended. */
export interface TaskActivity {
  actual: number;
  /** ISO 8601 UTC, or null before the first session. */
  lastSessionAt: string | null;
}

const NO_ACTIVITY: TaskActivity = { actual: 0, lastSessionAt: null };

/** Row and its activity → API shape (taskSchema of core). */
function toTask(row: TaskColumns, activity: TaskActivity = NO_ACTIVITY): Task {
  return {
    id: row.id,
    clientId: row.client_id,
    title: row.title,
    estimate: row.estimate,
    done: row.done === 1,
    position: row.position,
    createdAt: row.created_at,
    completedAt: row.completed_at,
    actual: activity.actual,
    lastSessionAt: activity.lastSessionAt,
  };
}

/** Task ids per query of the sessions: well under the bound-parameter limits of SQLite and PostgreSQL. */
const IDS_PER_QUERY = 500;

/**
 * The activity of the user's tasks `taskIds`, by id: each task's completed focus sessions (its
 * actual count) and the end of the latest (start + duration, the day rule of
 * `docs/product.md`). Tasks without a session are absent.
 */
export async function taskActivity(db: Kysely<Database>, userId: number, taskIds: readonly number[]): Promise<Map<number, TaskActivity>> {
  const activity = new Map<number, TaskActivity>();
  for (let i = 0; i < taskIds.length; i += IDS_PER_QUERY) {
    const rows = await db
      .selectFrom("focus_sessions")
      .select(["task_id", "start_time", "duration"])
      .where("user_id", "=", userId)
      .where("task_id", "in", taskIds.slice(i, i + IDS_PER_QUERY))
      .where("type", "=", "focus")
      .where("completed", "=", 1)
      .execute();
    for (const row of rows) {
      if (row.task_id === null) continue;
      const endMs = sessionEndMs({ startTime: row.start_time, duration: row.duration, type: "focus", completed: true });
      const seen = activity.get(row.task_id) ?? NO_ACTIVITY;
      const latest = seen.lastSessionAt === null || endMs > Date.parse(seen.lastSessionAt) ? new Date(endMs).toISOString() : seen.lastSessionAt;
      activity.set(row.task_id, { actual: seen.actual + 1, lastSessionAt: Number.isNaN(endMs) ? seen.lastSessionAt : latest });
    }
  }
  return activity;
}

/** Rows → tasks with their activity. */
async function withActivity(db: Kysely<Database>, userId: number, rows: readonly TaskColumns[]): Promise<Task[]> {
  const activity = await taskActivity(db, userId, rows.map((row) => row.id));
  return rows.map((row) => toTask(row, activity.get(row.id)));
}

/**
 * The user's open tasks and those done at or after `doneSince` (ISO 8601 UTC), in list order
 * (position, then id), with their activity.
 */
export async function listTasks(db: Kysely<Database>, userId: number, doneSince: string): Promise<Task[]> {
  const rows = await db
    .selectFrom("tasks")
    .select(columns)
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("done", "=", 0), eb("completed_at", ">=", doneSince)]))
    .orderBy("position")
    .orderBy("id")
    .execute();
  return withActivity(db, userId, rows);
}

/** The user's task with this id, with its activity; undefined when the user has none. */
export async function findTask(db: Kysely<Database>, userId: number, id: number): Promise<Task | undefined> {
  const row = await db.selectFrom("tasks").select(columns).where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
  return row ? (await withActivity(db, userId, [row]))[0] : undefined;
}

/** The user's task created with this idempotency key, with its activity; undefined when none. */
export async function findTaskByClientId(db: Kysely<Database>, userId: number, clientId: string): Promise<Task | undefined> {
  const row = await db.selectFrom("tasks").select(columns).where("user_id", "=", userId).where("client_id", "=", clientId).executeTakeFirst();
  return row ? (await withActivity(db, userId, [row]))[0] : undefined;
}

/** The user's tasks among `ids` (those that exist), as id → position. */
export async function taskPositions(db: Kysely<Database>, userId: number, ids: readonly number[]): Promise<Map<number, number>> {
  const positions = new Map<number, number>();
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
    const rows = await db
      .selectFrom("tasks")
      .select(["id", "position"])
      .where("user_id", "=", userId)
      .where("id", "in", ids.slice(i, i + IDS_PER_QUERY))
      .execute();
    for (const row of rows) positions.set(row.id, row.position);
  }
  return positions;
}

/** Which of `ids` are the user's tasks. */
export async function ownedTaskIds(db: Kysely<Database>, userId: number, ids: readonly number[]): Promise<Set<number>> {
  return new Set((await taskPositions(db, userId, ids)).keys());
}

/** How many of the user's tasks are open (not done). */
export async function countOpenTasks(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom("tasks")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("user_id", "=", userId)
    .where("done", "=", 0)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The position after the user's last task (0 when the user has none). */
async function nextPosition(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom("tasks")
    .select((eb) => eb.fn.max<number | string | null>("position").as("last"))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

/**
 * Adds an open task at the end of the user's list.
 * @throws the driver's unique-violation error when the user already has a task with this clientId.
 */
export async function insertTask(db: Kysely<Database>, userId: number, input: TaskCreate, createdAt: string): Promise<Task> {
  const row = await db
    .insertInto("tasks")
    .values({
      user_id: userId,
      client_id: input.clientId,
      title: input.title,
      estimate: input.estimate,
      done: 0,
      position: await nextPosition(db, userId),
      created_at: createdAt,
      completed_at: null,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toTask(row);
}

/** Changes the user's task; false when the user has no task with this id. */
export async function updateTaskRow(db: Kysely<Database>, userId: number, id: number, patch: Omit<TaskRowUpdate, "id" | "user_id">): Promise<boolean> {
  const result = await db.updateTable("tasks").set(patch).where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the user's task; false when the user has no task with this id. Its sessions are the caller's. */
export async function deleteTaskRow(db: Kysely<Database>, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom("tasks").where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes every task of the user; returns how many. */
export async function deleteTasksOfUser(db: Kysely<Database>, userId: number): Promise<number> {
  const result = await db.deleteFrom("tasks").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
