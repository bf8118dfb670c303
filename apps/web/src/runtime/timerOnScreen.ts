/**
 * Whether a session runs on this page now, for what lives outside the timer (the update prompt
 * says a reload keeps a running timer): the timer's watcher (`features/timer/timerEffects.ts`)
 * notes when the running session ends, in memory only. A guest's and a signed-in user's timer
 * alike; nothing here loads the timer's code.
 */
let runningUntil: number | null = null;

/** Notes when the session running on this page ends (epoch ms), or null when none runs. */
export function noteTimerOnScreen(endsAt: number | null): void {
  runningUntil = endsAt;
}

/** Whether a session runs on this page at `now` (epoch ms). */
export function timerRunsOnScreen(now = Date.now()): boolean {
  return runningUntil !== null && runningUntil > now;
}
