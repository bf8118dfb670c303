/**
 * A look-ahead peak limiter for stereo buffers. The gain needed at each sample (ceiling /
 * peak) is turned into a smooth envelope: a sliding minimum over the look-ahead window,
 * averaged over the same window (so the gain has reached its target by the time the peak
 * arrives), then a release that lets the gain recover slowly. For loops (`circular`) the
 * envelope runs twice round the buffer so the gain at the head already knows the tail.
 */

export interface LimiterOptions {
  /** Largest allowed absolute sample value (linear, e.g. 10^(−1.2/20)). */
  ceiling: number;
  /** Look-ahead (attack) time, seconds. Default 5 ms. */
  lookaheadSeconds?: number;
  /** Time for the gain to recover about 63 % of the way to 1, seconds. Default 100 ms. */
  releaseSeconds?: number;
  /** Treat the buffer as one period of a loop. */
  circular?: boolean;
}

export interface LimiterReport {
  /** Whether any sample needed gain reduction. */
  engaged: boolean;
  /** Deepest gain reduction applied, dB (≤ 0). */
  maxReductionDb: number;
}

/** Limits `left`/`right` in place so no sample exceeds the ceiling. */
export function limit(left: Float32Array, right: Float32Array, sampleRate: number, options: LimiterOptions): LimiterReport {
  const n = left.length;
  const ceiling = options.ceiling;
  const required = new Float32Array(n);
  let engaged = false;
  for (let i = 0; i < n; i++) {
    const peak = Math.max(Math.abs(left[i] as number), Math.abs(right[i] as number));
    const g = peak > ceiling ? ceiling / peak : 1;
    required[i] = g;
    if (g < 1) engaged = true;
  }
  if (!engaged || n === 0) return { engaged: false, maxReductionDb: 0 };

  const lookahead = Math.max(1, Math.round((options.lookaheadSeconds ?? 0.005) * sampleRate));
  const release = 1 - Math.exp(-1 / ((options.releaseSeconds ?? 0.1) * sampleRate));
  const circular = options.circular ?? false;
  const laps = circular ? 2 : 1;
  const total = laps * n;
  const reqAt = (j: number): number => {
    if (circular) return required[j % n] as number;
    return j < n ? (required[j] as number) : 1;
  };

  // Monotonic deque (indices of increasing values) for the forward sliding minimum.
  const capacity = lookahead + 2;
  const dequeIndex = new Float64Array(capacity);
  let head = 0;
  let tail = 0; // count pushed; size = tail - head
  // Ring of the last lookahead + 1 window minima for the moving average.
  const ring = new Float64Array(lookahead + 1).fill(1);
  let ringSum = lookahead + 1;
  let ringPos = 0;
  let gain = 1;
  let minGain = 1;

  for (let k = 0; k < total + lookahead; k++) {
    const value = reqAt(k);
    while (tail > head && reqAt(dequeIndex[(tail - 1) % capacity] as number) >= value) tail--;
    dequeIndex[tail % capacity] = k;
    tail++;
    const j = k - lookahead; // the sample whose window [j, j + lookahead] is now complete
    if (j < 0) continue;
    while ((dequeIndex[head % capacity] as number) < j) head++;
    const windowMin = reqAt(dequeIndex[head % capacity] as number);
    ringSum += windowMin - (ring[ringPos] as number);
    ring[ringPos] = windowMin;
    ringPos = ringPos === lookahead ? 0 : ringPos + 1;
    gain = Math.min(ringSum / (lookahead + 1), gain + (1 - gain) * release);
    if (circular && j < n) continue; // first lap only warms the envelope up
    const index = j % n;
    // The envelope is at or below the required gain at every sample; the clamp only guards
    // the first look-ahead window of a non-circular buffer and rounding.
    left[index] = clamp((left[index] as number) * gain, ceiling);
    right[index] = clamp((right[index] as number) * gain, ceiling);
    if (gain < minGain) minGain = gain;
  }
  return { engaged: true, maxReductionDb: 20 * Math.log10(minGain) };
}

function clamp(value: number, ceiling: number): number {
  return value > ceiling ? ceiling : value < -ceiling ? -ceiling : value;
}
