/**
 * "Audio follows the timer" (`docs/product.md`, Settings): the chosen mood plays with a focus
 * session, Relax plays in breaks (or the audio pauses, by choice), and the last seconds of a
 * running session fade out instead of stopping abruptly. Pure decisions; the web app's bridge
 * watches the timer and sends the results to the mood player.
 */
import type { TimerMode } from "../constants";
import { GUEST_AUDIO_MOOD } from "../audio/catalogue";
import type { AudioMoodId } from "../audio/schemas";
import type { AudioInBreaks } from "../schemas/settings";

/** How long the fade-out at the end of a running session lasts, ms. */
export const AUDIO_FADE_OUT_MS = 5000;
/** The mood played in breaks when the setting says "relax". */
const BREAK_AUDIO_MOOD: AudioMoodId = "relax";

/** The part of the timer the audio follows. */
export interface TimerPhase {
  mode: TimerMode;
  /** The clock runs (an auto-start's 1 s wait does not count). */
  running: boolean;
}

export interface FollowTimerOptions {
  enabled: boolean;
  inBreaks: AudioInBreaks;
  /** The mood the user chose for focus; Deep Work when none was chosen yet. */
  focusMood: AudioMoodId | null;
}

/** What the mood player should do after a change of the timer. */
type FollowTimerCommand = { type: "play"; mood: AudioMoodId } | { type: "pause" } | null;

function breakCommand(inBreaks: AudioInBreaks): FollowTimerCommand {
  return inBreaks === "relax" ? { type: "play", mood: BREAK_AUDIO_MOOD } : { type: "pause" };
}

/**
 * The mood player's command when the timer goes from `prev` to `next`, or null to leave it be.
 *
 * - A session starts (the clock starts, or runs in another mode): focus plays the chosen mood;
 *   a break plays Relax or pauses.
 * - A running session ends into another mode (completed, or the mode was switched): into a
 *   break, Relax or pause, as above (an auto-started break then keeps it); into focus, pause
 *   until the focus session starts.
 * - A running session is paused or reset: pause.
 * - Anything else (idle mode switches, ticks, the first sight of the timer): nothing, so audio
 *   the user started by hand outside sessions is left alone.
 */
export function followTimerCommand(prev: TimerPhase | null, next: TimerPhase, options: FollowTimerOptions): FollowTimerCommand {
  if (!options.enabled || prev === null) return null;
  const modeChanged = prev.mode !== next.mode;
  if (next.running && (!prev.running || modeChanged)) {
    return next.mode === "focus"
      ? { type: "play", mood: options.focusMood ?? GUEST_AUDIO_MOOD }
      : breakCommand(options.inBreaks);
  }
  if (prev.running && !next.running) {
    if (modeChanged && next.mode !== "focus") return breakCommand(options.inBreaks);
    return { type: "pause" };
  }
  return null;
}

/**
 * The fade multiplier for a session with `remainingMs` left: 1 until the last
 * `AUDIO_FADE_OUT_MS`, then down to 0 on a squared curve (close to an even fade to the ear).
 * 1 when the feature is off or the clock does not run.
 */
export function fadeGain(remainingMs: number, running: boolean, enabled = true, fadeMs = AUDIO_FADE_OUT_MS): number {
  if (!enabled || !running || !(remainingMs < fadeMs)) return 1;
  const x = Math.min(1, Math.max(0, remainingMs / fadeMs));
  return x * x;
}
