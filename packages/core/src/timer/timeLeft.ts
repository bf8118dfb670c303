import type { TimerContext } from "./types";

/** Time left in the chart's current session, ms, clamped to [0, duration]. */
export function remainingMsOf(context: Pick<TimerContext, "endsAt" | "remainingMs" | "now" | "durationMs">): number {
  const left = context.endsAt === null ? context.remainingMs : context.endsAt - context.now;
  return Math.min(Math.max(left, 0), context.durationMs);
}
