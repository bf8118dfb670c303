export {
  timerMachine,
  ticker,
  tickerWith,
  modeDurationMs,
  nextModeAfter,
  startBlockReason,
  undoOf,
  escapeOf,
  breakEarnedSoFarMs,
  type TimerMachine,
} from "./machine";
export { newTimerSeed, sessionIdOf, TIMER_SEED_PATTERN } from "./sessionId";
export * from "./accountTimer";
export * from "./accountTimerSchema";
export * from "./view";
export * from "./persistence";
export type * from "./types";
export * from "./disc";
export { escapesThisWeek } from "../stats/escapes";
export { entryLoosensShield, escapesTooSoon, escapeWaitMs, type EscapeAsk, loosensShield, STRICT_SHIELD_MESSAGES, strictRefuses, strictSessionHeld, strictSessionUnderWay } from "./strict";
export {
  BREAK_CALLBACK_INTERVAL_MS,
  BREAK_CALLBACK_MAX_PLAYS,
  BREAK_CALLBACK_NOTICE,
  breakCallBackAt,
  breakCallBackDue,
  breakCallBackMachine,
  callBackTickerWith,
  type BreakCallBackContext,
  type BreakCallBackEvent,
} from "./callBack";
export { activeEndWarning, warningOffsets, warningToAnnounce } from "./warnings";
export {
  DEFAULT_FLOW_BREAK_SHARE,
  earnedBreakMs,
  extensionOffer,
  flowBreakShareOf,
  flowCueDue,
  flowFocusedMs,
  flowRecords,
  maxExtensionsOf,
  startsFlow,
  takeBreakAllowed,
} from "./flow";
