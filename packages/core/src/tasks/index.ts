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
  type TaskChange,
  type TaskItem,
} from "./list";
export type { TaskRef } from "../schemas/task";
export {
  estimateFactor,
  estimateReport,
  projectFinish,
  type EstimateFactor,
  type EstimateTask,
  type EstimateTotals,
  type EstimateVerdict,
  type FinishProjection,
  type TaskEstimateRow,
} from "./estimates";
