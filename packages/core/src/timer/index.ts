export { timerMachine, ticker, modeDurationMs, nextModeAfter, startBlockReason, type TimerMachine } from "./machine";
export * from "./view";
export * from "./persistence";
export type * from "./types";
