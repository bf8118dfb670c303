export {
  timerMachine,
  tickerWith,
  modeDurationMs,
  nextModeAfter,
  startBlockReason,
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
  breakCallBackDue,
  breakCallBackMachine,
  callBackTickerWith,
  type BreakCallBackEvent,
} from "./callBack";
export { activeEndWarning, warningToAnnounce } from "./warnings";
export {
  earnedBreakMs,
  extensionOffer,
  flowBreakShareOf,
  flowCueDue,
  flowFocusedMs,
  flowRecords,
  startsFlow,
  takeBreakAllowed,
} from "./flow";
