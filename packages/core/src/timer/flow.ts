/**
 * Flowtime and Five more minutes (`docs/product.md`, The timer): the rules every screen, the
 * chart and the server ask. Flowtime: a focus session that counts up and earns its break as a
 * share of its focus. Five more minutes: "+5 min" near a Pomodoro focus session's end, or just
 * after it.
 */
import {
  EXTEND_OFFER_MS,
  FLOW_BREAK_MINUTES,
  FLOW_CUE_MINUTES,
  MAX_EXTENSIONS,
  STOPPED_SESSION_MIN_MS,
  type TimerMode,
} from "../constants";
import type { TimerSettings } from "../schemas/settings";
import { strictRefuses } from "./strict";
import type { TimerContext } from "./types";
import { remainingMsOf } from "./timeLeft";

/** The default share of a Flowtime session's focus its break earns (1/5). */
const DEFAULT_FLOW_BREAK_SHARE = 1 / 5;

/** Whether a new focus session starts as Flowtime: as the start asks (`flow`), else as the setting says. */
export function startsFlow(settings: Pick<TimerSettings, "focusStyle">, asked: boolean | undefined): boolean {
  return asked ?? settings.focusStyle === "flowtime";
}

/**
 * The focus so far of the Flowtime session under way, ms (0 when none): its running time,
 * which stops while it is paused.
 */
export function flowFocusedMs(context: Pick<TimerContext, "flow" | "mode" | "sessionStartTime" | "endsAt" | "remainingMs" | "now" | "durationMs">): number {
  if (!context.flow || context.mode !== "focus" || context.sessionStartTime === null) return 0;
  return Math.max(0, context.durationMs - remainingMsOf(context));
}

/**
 * The break a Flowtime session of `focusedMs` (ms) earns, ms: `share` of it in whole minutes
 * (rounded), at least 1 and at most 60; a long break (`nextMode`) is at least
 * `longBreakMinutes` (the long-break rule).
 */
export function earnedBreakMs(focusedMs: number, share: number, nextMode: TimerMode, longBreakMinutes: number): number {
  const minutes = Math.min(FLOW_BREAK_MINUTES.max, Math.max(FLOW_BREAK_MINUTES.min, Math.round((focusedMs * share) / 60_000)));
  return (nextMode === "longBreak" ? Math.max(minutes, longBreakMinutes) : minutes) * 60_000;
}

/** The share of a Flowtime session's focus its break earns, from the settings (default 1/5). */
export function flowBreakShareOf(settings: Pick<TimerSettings, "flowBreakShare">): number {
  return settings.flowBreakShare ?? DEFAULT_FLOW_BREAK_SHARE;
}

/**
 * Whether "Take a break" ends the Flowtime session under way now: always, except in a strict one
 * before `focusDuration` minutes of focus (then only End early).
 */
export function takeBreakAllowed(context: Pick<TimerContext, "flow" | "mode" | "sessionStartTime" | "endsAt" | "remainingMs" | "now" | "durationMs" | "strict" | "settings">): boolean {
  if (!context.flow || context.mode !== "focus" || context.sessionStartTime === null) return false;
  return !strictRefuses(context) || flowFocusedMs(context) >= context.settings.focusDuration * 60_000;
}

/** Whether "Take a break" now records the session: it had at least a minute of focus (else a false start). */
export function flowRecords(context: Parameters<typeof flowFocusedMs>[0]): boolean {
  return flowFocusedMs(context) >= STOPPED_SESSION_MIN_MS;
}

/** Whether the long-stretch cue is due after `focusedMs` (ms) of Flowtime focus, under the setting (minutes, default 90). */
export function flowCueDue(focusedMs: number, settings: Pick<TimerSettings, "flowCueMinutes">): boolean {
  return focusedMs >= (settings.flowCueMinutes ?? FLOW_CUE_MINUTES.default) * 60_000;
}

/** How many "+5 min" a session may have in a row, from the settings (default 2). */
function maxExtensionsOf(settings: Pick<TimerSettings, "maxExtensions">): number {
  return settings.maxExtensions ?? MAX_EXTENSIONS.default;
}

/**
 * Where "+5 min" is offered at `context.now`: `"running"` in a running Pomodoro focus session's
 * last EXTEND_OFFER_MS, `"ended"` while the focus session that just ended can come back
 * (`extendable`), null otherwise (a Flowtime session, a room's round, no extensions left).
 */
export function extensionOffer(context: Pick<TimerContext, "mode" | "flow" | "inRound" | "endsAt" | "now" | "extensions" | "extendable" | "settings">): "running" | "ended" | null {
  const max = maxExtensionsOf(context.settings);
  const { extendable } = context;
  if (extendable !== null && context.now < extendable.until && extendable.extensions < max) return "ended";
  if (context.mode !== "focus" || context.flow || context.inRound || context.endsAt === null) return null;
  const left = context.endsAt - context.now;
  return left > 0 && left <= EXTEND_OFFER_MS && context.extensions < max ? "running" : null;
}
