import { WAVE_POINTS, WAVE_TYPES } from "@focus/core/audio";

export type WaveType = keyof typeof WAVE_TYPES;
export const WAVE_TYPE_ORDER: readonly WaveType[] = ["alpha", "beta", "gamma", "theta"];

/** The rate each wave type is drawn at, Hz: the rate of the mood that uses the band. */
export const WAVE_DRAW_HZ: Record<WaveType, number> = { theta: 6, alpha: 10, beta: 16, gamma: 40 };
/** Cycles across the canvas: faster bands look denser, within what 20 points can draw. */
const CYCLES: Record<WaveType, number> = { theta: 1.5, alpha: 2.5, beta: 3.5, gamma: 4.5 };
/**
 * A 16 Hz wave drawn at its real speed is a blur, so the drawing runs 10 times slower: the
 * order of the speeds stays true (theta slowest, gamma fastest).
 */
export const WAVE_SLOWDOWN = 10;

/**
 * The wave's 20 points at `seconds`, in a `width`×`height` box: a sine of the type's cycles whose
 * amplitude swells slowly, like a modulated sound rather than a plot.
 */
export function wavePoints(type: WaveType, seconds: number, width: number, height: number, points = WAVE_POINTS): [number, number][] {
  const phase = (2 * Math.PI * WAVE_DRAW_HZ[type] * seconds) / WAVE_SLOWDOWN;
  const mid = height / 2;
  const maxAmplitude = height / 2 - 6;
  return Array.from({ length: points }, (_, i) => {
    const t = points === 1 ? 0 : i / (points - 1);
    const amplitude = maxAmplitude * (0.7 + 0.3 * Math.sin(phase / 4 + t * Math.PI));
    return [t * width, mid + amplitude * Math.sin(2 * Math.PI * CYCLES[type] * t - phase)];
  });
}
