import { TASK_HISTORY_DAYS } from "../schemas/task";
import { addLocalDays } from "../stats/calendar";
import type { TaskItem } from "./list";

/**
 * Estimates against actual counts, for the Statistics tab (`docs/product.md`, Tasks): how many
 * focus sessions each recent task was estimated at and how many it took, so a user learns how
 * their estimates run.
 */

/**
 * How a task's actual count compares with its estimate: a done task took more sessions than
 * estimated ("over"), fewer ("under") or exactly as many ("onTarget"); an open task is "open"
 * until it is done, or "over" as soon as it has taken more than estimated.
 */
export type EstimateVerdict = "over" | "under" | "onTarget" | "open";

/** What the report reads of a task. */
export type EstimateTask = Pick<TaskItem, "clientId" | "title" | "estimate" | "actual" | "done" | "completedAt" | "lastSessionAt">;

/** One task of the report. `difference` = actual − estimate, focus sessions (negative: under). */
export interface TaskEstimateRow {
  clientId: string;
  title: string;
  estimate: number;
  actual: number;
  done: boolean;
  difference: number;
  verdict: EstimateVerdict;
}

/**
 * The totals over the report's done tasks (open tasks are not finished, so they are left out).
 * Sessions are focus sessions. `accuracy`: 100 × Σ min(estimate, actual) ÷ Σ max(estimate,
 * actual), rounded, in percent (100 when every done task took exactly its estimate); null
 * without a done task.
 */
export interface EstimateTotals {
  doneTasks: number;
  estimated: number;
  actual: number;
  /** actual − estimated. */
  difference: number;
  accuracy: number | null;
  onTarget: number;
  over: number;
  under: number;
}

export interface EstimateReport {
  /** The report's tasks, the most recently worked on or done first. */
  rows: TaskEstimateRow[];
  totals: EstimateTotals;
  /** Start of the window, epoch ms: local midnight `days − 1` days before today. */
  since: number;
}

function verdictOf(task: EstimateTask): EstimateVerdict {
  if (task.actual > task.estimate) return "over";
  if (!task.done) return "open";
  return task.actual < task.estimate ? "under" : "onTarget";
}

/**
 * The estimate-vs-actual report of the last `days` local days, today included, at `now` (epoch
 * ms): the tasks done in that window, and the open tasks with a completed focus session that
 * ended in it, each with its estimate, actual count and verdict, plus the totals of the done
 * ones. The actual count is the task's whole count (`Task.actual`), not only the window's.
 */
export function estimateReport(tasks: readonly EstimateTask[], now: number, days: number = TASK_HISTORY_DAYS): EstimateReport {
  const since = addLocalDays(now, -(Math.max(1, Math.floor(days)) - 1));
  const within = (iso: string | null) => iso !== null && Date.parse(iso) >= since;
  const recent = tasks.filter((task) => (task.done ? within(task.completedAt) : within(task.lastSessionAt)));
  const lastActivity = (task: EstimateTask) => Date.parse((task.done ? task.completedAt : task.lastSessionAt) ?? "") || 0;
  const rows = [...recent]
    .sort((a, b) => lastActivity(b) - lastActivity(a))
    .map((task) => ({
      clientId: task.clientId,
      title: task.title,
      estimate: task.estimate,
      actual: task.actual,
      done: task.done,
      difference: task.actual - task.estimate,
      verdict: verdictOf(task),
    }));

  const done = rows.filter((row) => row.done);
  const estimated = done.reduce((sum, row) => sum + row.estimate, 0);
  const actual = done.reduce((sum, row) => sum + row.actual, 0);
  const matched = done.reduce((sum, row) => sum + Math.min(row.estimate, row.actual), 0);
  const spread = done.reduce((sum, row) => sum + Math.max(row.estimate, row.actual), 0);
  return {
    rows,
    since,
    totals: {
      doneTasks: done.length,
      estimated,
      actual,
      difference: actual - estimated,
      accuracy: spread === 0 ? null : Math.round((100 * matched) / spread),
      onTarget: done.filter((row) => row.verdict === "onTarget").length,
      over: done.filter((row) => row.verdict === "over").length,
      under: done.filter((row) => row.verdict === "under").length,
    },
  };
}
