import type { Generated, Insertable, Selectable, Updateable } from "kysely";

/** Table `tasks`: what a user works on, estimated in focus sessions (`docs/product.md`, Tasks). */
export interface TasksTable {
  id: Generated<number>;
  user_id: number;
  /** The client's idempotency key (a UUID), unique per user. */
  client_id: string;
  /** Trimmed, 1 to 120 characters. */
  title: string;
  /** Whole focus sessions, 1 to 20. */
  estimate: number;
  /** 0 or 1. */
  done: number;
  /** List order, smaller first (ties: the smaller id). */
  position: number;
  /** ISO 8601 UTC. */
  created_at: string;
  /** ISO 8601 UTC, when the task was marked done; null while it is open. */
  completed_at: string | null;
}

export type TaskRow = Selectable<TasksTable>;
export type NewTaskRow = Insertable<TasksTable>;
export type TaskRowUpdate = Updateable<TasksTable>;
