export {
  applyTaskChange,
  applyTaskChanges,
  mayAddOpenTask,
  moveTask,
  reorderedPositions,
  splitTasks,
  taskRefOf,
  toTaskItems,
  withPendingSessions,
  type PendingTaskSession,
  type TaskChange,
  type TaskItem,
} from "./list";
export type { TaskRef } from "../schemas/task";
export {
  ESTIMATE_FACTOR_PRIOR_TASKS,
  estimateFactor,
  estimateReport,
  projectFinish,
  type EstimateFactor,
  type EstimateReport,
  type EstimateTask,
  type EstimateTotals,
  type EstimateVerdict,
  type FinishProjection,
  type ProjectionLengths,
  type TaskEstimateRow,
} from "./estimates";
