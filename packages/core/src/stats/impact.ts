/** Minutes it takes to refocus after one distraction (`docs/product.md`, Statistics). */
export const DISTRACTION_RECOVERY_MINUTES = 23;
/** Distractions a completed focus session is taken to prevent (`docs/product.md`). */
export const DISTRACTIONS_PREVENTED_PER_SESSION = 3;
/** Hours saved per hour of focus, applied as focus minutes × 0.4 / 60 (`docs/product.md`). */
export const FOCUS_TIME_SAVED_FACTOR = 0.4;

/** The productivity impact card of the Statistics tab. */
export interface ProductivityImpact {
  /** Completed focus sessions × 3. */
  distractionsPrevented: number;
  /** Distractions prevented × 23, minutes of recovery avoided. */
  recoveryMinutesSaved: number;
  /** Time saved in hours, unrounded: (prevented × 23 + focus minutes × 0.4) / 60. */
  timeSavedHours: number;
}

/**
 * Productivity impact (`docs/product.md`): 3 distractions prevented per completed focus session,
 * 23 minutes of recovery each, plus focus minutes × 0.4/60. The result is in hours: the
 * rule's 0.4/60 turns focus minutes into hours (0.4 h saved per focus hour), so the
 * recovery minutes are divided by 60 too and the two terms add up in one unit.
 * Inputs are usually all-time totals; `focusMinutes` is in minutes.
 */
export function productivityImpact(input: { completedFocusSessions: number; focusMinutes: number }): ProductivityImpact {
  const distractionsPrevented = input.completedFocusSessions * DISTRACTIONS_PREVENTED_PER_SESSION;
  const recoveryMinutesSaved = distractionsPrevented * DISTRACTION_RECOVERY_MINUTES;
  const timeSavedHours = recoveryMinutesSaved / 60 + (input.focusMinutes * FOCUS_TIME_SAVED_FACTOR) / 60;
  return { distractionsPrevented, recoveryMinutesSaved, timeSavedHours };
}
