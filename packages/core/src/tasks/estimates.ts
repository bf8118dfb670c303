import { TASK_HISTORY_DAYS } from "../schemas/task";
import { addLocalDays } from "../days/calendar";
import type { TaskItem } from "./list";

/**
 * Estimates against actual counts, for the Statistics tab (`docs/product.md`, Tasks): how many
 * focus sessions each recent task was estimated at and how many it took, so a user learns how
 * their estimates run.
 */

/**
 * How a task's actual count compares with its estimate: a done task took more sessions than
 * estimated ("over"), fewer ("under") or exactly as many ("onTarget"); a task ticked off without
 * a single focus session says nothing of the estimate ("noSessions"); an open task is "open"
 * until it is done, or "over" as soon as it has taken more than estimated.
 */
export type EstimateVerdict = "over" | "under" | "onTarget" | "noSessions" | "open";

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
 * The totals over the report's done tasks that took at least one focus session (open tasks are
 * not finished, and a task ticked off without a session measured nothing, so both are left out).
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

interface EstimateReport {
  /** The report's tasks, the most recently worked on or done first. */
  rows: TaskEstimateRow[];
  totals: EstimateTotals;
  /** Start of the window, epoch ms: local midnight `days − 1` days before today. */
  since: number;
}

function verdictOf(task: EstimateTask): EstimateVerdict {
  if (task.actual > task.estimate) return "over";
  if (!task.done) return "open";
  if (task.actual === 0) return "noSessions";
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

  const done = rows.filter((row) => row.done && row.verdict !== "noSessions");
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

/**
 * How many tasks' worth of "took exactly its estimate" the estimate factor starts from: with few
 * done tasks, one odd task cannot swing it far from 1.0 (`docs/product.md`, Tasks).
 */
const ESTIMATE_FACTOR_PRIOR_TASKS = 5;

/** The user's estimate factor: `factor` × an estimate is what a task is likely to take. */
export interface EstimateFactor {
  /** Likely sessions per estimated session, unrounded (1 = estimates hold). */
  factor: number;
  /** The done tasks it was learned from (each with at least one completed focus session). */
  basedOn: number;
}

/**
 * The estimate factor at `now` (epoch ms) from the done tasks of the estimate report's window
 * (`days` local days) that took at least one completed focus session: Σ actual ÷ Σ estimate,
 * pulled toward 1.0 by ESTIMATE_FACTOR_PRIOR_TASKS tasks that took exactly their estimate.
 * Null without such a task (`docs/product.md`, Tasks).
 */
export function estimateFactor(tasks: readonly EstimateTask[], now: number, days: number = TASK_HISTORY_DAYS): EstimateFactor | null {
  const learned = estimateReport(tasks, now, days).rows.filter((row) => row.done && row.actual > 0 && row.estimate > 0);
  if (learned.length === 0) return null;
  const actual = learned.reduce((sum, row) => sum + row.actual, 0);
  const estimated = learned.reduce((sum, row) => sum + row.estimate, 0);
  const n = learned.length;
  return { factor: (n * (actual / estimated) + ESTIMATE_FACTOR_PRIOR_TASKS) / (n + ESTIMATE_FACTOR_PRIOR_TASKS), basedOn: n };
}

/** The lengths a projection counts, whole minutes (the user's settings). */
interface ProjectionLengths {
  focusDuration: number;
  shortBreakDuration: number;
  longBreakDuration: number;
  longBreakInterval: number;
}

/** When the open tasks would be done. */
export interface FinishProjection {
  /** Focus sessions still needed. */
  sessions: number;
  /** Focus and break time from now to the end, ms. */
  durationMs: number;
  /** `now` + `durationMs`, epoch ms. */
  finishAt: number;
}

/**
 * When the open tasks would be done if started at `now` (epoch ms) and run back to back: each
 * task needs ⌈estimate × factor⌉ − actual focus sessions (at least 0); after each session but the
 * last comes a short break, or a long one after every `longBreakInterval`-th, counted as if a new
 * cycle starts now. Null when no open task needs a session (`docs/product.md`, Tasks).
 */
export function projectFinish(
  openTasks: readonly Pick<TaskItem, "estimate" | "actual">[],
  factor: number,
  lengths: ProjectionLengths,
  now: number,
): FinishProjection | null {
  // A factor like 1.2 × 5 is 6.000000000000001 in floating point: round to a millionth first.
  const needed = (task: Pick<TaskItem, "estimate" | "actual">) => Math.max(0, Math.ceil(Math.round(task.estimate * factor * 1e6) / 1e6) - task.actual);
  const sessions = openTasks.reduce((sum, task) => sum + needed(task), 0);
  if (sessions === 0) return null;
  const interval = Math.max(1, lengths.longBreakInterval);
  let minutes = sessions * lengths.focusDuration;
  for (let done = 1; done < sessions; done += 1) minutes += done % interval === 0 ? lengths.longBreakDuration : lengths.shortBreakDuration;
  const durationMs = minutes * 60_000;
  return { sessions, durationMs, finishAt: now + durationMs };
}
