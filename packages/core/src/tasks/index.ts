export {
  applyTaskChange,
  applyTaskChanges,
  mayAddOpenTask,
  moveTask,
  reorderedPositions,
  splitTasks,
  taskRefOf,
  taskRefSchema,
  toTaskItems,
  withPendingSessions,
  type PendingTaskSession,
  type TaskChange,
  type TaskItem,
  type TaskRef,
} from "./list";
export { estimateReport, type EstimateReport, type EstimateTask, type EstimateTotals, type EstimateVerdict, type TaskEstimateRow } from "./estimates";
