/**
 * Filters: second-order sections designed with the RBJ Audio EQ Cookbook formulas, run in
 * transposed direct form II, and a one-pole lowpass. All process buffers in place.
 */

export type BiquadType = "lowpass" | "highpass" | "bandpass" | "lowshelf" | "highshelf" | "peaking";

/** Normalised coefficients of one biquad (a0 = 1). */
export interface BiquadCoefficients {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** Butterworth Q for a single second-order section. */
export const BUTTERWORTH_Q = Math.SQRT1_2;

/**
 * RBJ cookbook coefficients. `frequency` in Hz (clamped below Nyquist), `q` the quality
 * factor, `gainDb` only for shelves and peaking (shelves use slope S = 1 when q is omitted).
 */
export function biquadCoefficients(
  type: BiquadType,
  frequency: number,
  sampleRate: number,
  q = BUTTERWORTH_Q,
  gainDb = 0,
): BiquadCoefficients {
  const f = Math.min(Math.max(frequency, 1), sampleRate * 0.49);
  const w0 = (2 * Math.PI * f) / sampleRate;
  const cos = Math.cos(w0);
  const sin = Math.sin(w0);
  const alpha = sin / (2 * q);
  const A = Math.pow(10, gainDb / 40);
  let b0: number, b1: number, b2: number, a0: number, a1: number, a2: number;
  switch (type) {
    case "lowpass":
      b0 = (1 - cos) / 2;
      b1 = 1 - cos;
      b2 = (1 - cos) / 2;
      a0 = 1 + alpha;
      a1 = -2 * cos;
      a2 = 1 - alpha;
      break;
    case "highpass":
      b0 = (1 + cos) / 2;
      b1 = -(1 + cos);
      b2 = (1 + cos) / 2;
      a0 = 1 + alpha;
      a1 = -2 * cos;
      a2 = 1 - alpha;
      break;
    case "bandpass":
      b0 = alpha;
      b1 = 0;
      b2 = -alpha;
      a0 = 1 + alpha;
      a1 = -2 * cos;
      a2 = 1 - alpha;
      break;
    case "peaking":
      b0 = 1 + alpha * A;
      b1 = -2 * cos;
      b2 = 1 - alpha * A;
      a0 = 1 + alpha / A;
      a1 = -2 * cos;
      a2 = 1 - alpha / A;
      break;
    case "lowshelf":
    case "highshelf": {
      const sq = 2 * Math.sqrt(A) * alpha;
      const sign = type === "lowshelf" ? 1 : -1;
      b0 = A * (A + 1 - sign * (A - 1) * cos + sq);
      b1 = sign * 2 * A * (A - 1 - sign * (A + 1) * cos);
      b2 = A * (A + 1 - sign * (A - 1) * cos - sq);
      a0 = A + 1 + sign * (A - 1) * cos + sq;
      a1 = -sign * 2 * (A - 1 + sign * (A + 1) * cos);
      a2 = A + 1 + sign * (A - 1) * cos - sq;
      break;
    }
  }
  return { b0: b0 / a0, b1: b1 / a0, b2: b2 / a0, a1: a1 / a0, a2: a2 / a0 };
}

/** One biquad section with its state (transposed direct form II). */
export class Biquad {
  private z1 = 0;
  private z2 = 0;

  constructor(private c: BiquadCoefficients) {}

  static of(type: BiquadType, frequency: number, sampleRate: number, q?: number, gainDb?: number): Biquad {
    return new Biquad(biquadCoefficients(type, frequency, sampleRate, q, gainDb));
  }

  /** Replaces the coefficients, keeping the state (for slow sweeps). */
  set(c: BiquadCoefficients): void {
    this.c = c;
  }

  reset(): void {
    this.z1 = 0;
    this.z2 = 0;
  }

  /** Filters `buffer[start, end)` in place. */
  process(buffer: Float32Array, start = 0, end = buffer.length): Float32Array {
    const { b0, b1, b2, a1, a2 } = this.c;
    let z1 = this.z1;
    let z2 = this.z2;
    for (let i = start; i < end; i++) {
      const x = buffer[i] as number;
      const y = b0 * x + z1;
      z1 = b1 * x - a1 * y + z2;
      z2 = b2 * x - a2 * y;
      buffer[i] = y;
    }
    this.z1 = z1;
    this.z2 = z2;
    return buffer;
  }
}

/** A cascade of sections applied one after another. */
export function processCascade(sections: readonly Biquad[], buffer: Float32Array): Float32Array {
  for (const section of sections) section.process(buffer);
  return buffer;
}

/**
 * A lowpass whose cutoff follows `cutoffAt(i)` (Hz at sample i), recomputed every `block`
 * samples. Two cascaded Butterworth sections (−24 dB/octave).
 */
export function sweptLowpass(
  buffer: Float32Array,
  sampleRate: number,
  cutoffAt: (index: number) => number,
  block = 64,
): Float32Array {
  const first = new Biquad(biquadCoefficients("lowpass", cutoffAt(0), sampleRate));
  const second = new Biquad(biquadCoefficients("lowpass", cutoffAt(0), sampleRate));
  for (let start = 0; start < buffer.length; start += block) {
    const end = Math.min(buffer.length, start + block);
    const c = biquadCoefficients("lowpass", cutoffAt(start), sampleRate);
    first.set(c);
    second.set(c);
    first.process(buffer, start, end);
    second.process(buffer, start, end);
  }
  return buffer;
}

/** One-pole lowpass y += a (x − y) with a from a cutoff frequency. */
export class OnePole {
  private y = 0;
  private readonly a: number;

  constructor(cutoffHz: number, sampleRate: number) {
    this.a = 1 - Math.exp((-2 * Math.PI * cutoffHz) / sampleRate);
  }

  process(buffer: Float32Array): Float32Array {
    let y = this.y;
    const a = this.a;
    for (let i = 0; i < buffer.length; i++) {
      y += a * ((buffer[i] as number) - y);
      buffer[i] = y;
    }
    this.y = y;
    return buffer;
  }
}
