/**
 * Sine oscillators as rotating phasors (two multiply-adds per sample instead of a Math.sin
 * call), re-anchored to the exact phase every block so millions of samples do not drift.
 * All writers add into stereo buffers and wrap around their end, so a note that starts near
 * the end of a loop rings on into its head.
 */

const RESYNC = 1024;

/** A stereo pair of equal-length channels. */
export interface Stereo {
  left: Float32Array;
  right: Float32Array;
}

/** A sine partial to add into a stereo buffer. */
export interface Partial {
  /** Frequency, Hz. */
  frequency: number;
  /** Start phase, radians. */
  phase?: number;
  /** Peak amplitude per channel. */
  left: number;
  right: number;
}

/**
 * Adds `count` samples of a sine starting at `offset` (wrapping modulo the buffer length),
 * each multiplied by `envelope[i]` when given (an envelope shorter than `count` ends the
 * partial early; the missing tail counts as zero).
 */
export function addSine(
  out: Stereo,
  offset: number,
  count: number,
  partial: Partial,
  sampleRate: number,
  envelope?: Float32Array,
): void {
  const n = out.left.length;
  const omega = (2 * Math.PI * partial.frequency) / sampleRate;
  if (omega >= Math.PI) return; // above Nyquist: would alias
  const phase0 = partial.phase ?? 0;
  const cosD = Math.cos(omega);
  const sinD = Math.sin(omega);
  const ampL = partial.left;
  const ampR = partial.right;
  const { left, right } = out;
  const total = envelope ? Math.min(count, envelope.length) : count;
  let index = ((offset % n) + n) % n;
  for (let blockStart = 0; blockStart < total; blockStart += RESYNC) {
    const blockEnd = Math.min(total, blockStart + RESYNC);
    const phase = phase0 + omega * blockStart;
    let c = Math.cos(phase);
    let s = Math.sin(phase);
    for (let i = blockStart; i < blockEnd; i++) {
      const v = envelope ? s * (envelope[i] as number) : s;
      left[index] = (left[index] as number) + ampL * v;
      right[index] = (right[index] as number) + ampR * v;
      index++;
      if (index === n) index = 0;
      const c2 = c * cosD - s * sinD;
      s = s * cosD + c * sinD;
      c = c2;
    }
  }
}

/**
 * Adds `count` samples of `amplitude`·sin(2π·frequency·t + phase) into a mono buffer from
 * `offset`, wrapping modulo its length: the tight loop behind drones and pads, which sum
 * partials first and apply envelopes and panning once.
 */
export function addSineMono(
  out: Float32Array,
  offset: number,
  count: number,
  frequency: number,
  phase: number,
  amplitude: number,
  sampleRate: number,
): void {
  const n = out.length;
  const omega = (2 * Math.PI * frequency) / sampleRate;
  if (omega >= Math.PI || n === 0) return;
  const cosD = Math.cos(omega);
  const sinD = Math.sin(omega);
  let index = ((offset % n) + n) % n;
  for (let blockStart = 0; blockStart < count; blockStart += RESYNC) {
    const blockEnd = Math.min(count, blockStart + RESYNC);
    const p = phase + omega * blockStart;
    let c = amplitude * Math.cos(p);
    let s = amplitude * Math.sin(p);
    let i = blockStart;
    while (i < blockEnd) {
      // Run to the block end or the buffer end, whichever comes first, without a wrap test.
      const run = Math.min(blockEnd - i, n - index);
      for (let k = 0; k < run; k++) {
        out[index + k] = (out[index + k] as number) + s;
        const c2 = c * cosD - s * sinD;
        s = s * cosD + c * sinD;
        c = c2;
      }
      i += run;
      index += run;
      if (index === n) index = 0;
    }
  }
}

/**
 * The nearest frequency that fits a whole number of cycles (at least one) into `samples`
 * samples, so a tone held through a loop joins its own start without a click.
 */
export function loopFrequency(frequency: number, samples: number, sampleRate: number): number {
  const cycles = Math.max(1, Math.round((frequency * samples) / sampleRate));
  return (cycles * sampleRate) / samples;
}

/**
 * Adds an exponentially decaying sine from `offset` for `count` samples: amplitude falls by
 * 60 dB over `decaySeconds`, after a raised-cosine attack of `attackSamples`.
 */
export function addDecayingSine(
  out: Stereo,
  offset: number,
  count: number,
  partial: Partial,
  decaySeconds: number,
  attackSamples: number,
  sampleRate: number,
): void {
  const n = out.left.length;
  const omega = (2 * Math.PI * partial.frequency) / sampleRate;
  if (omega >= Math.PI) return;
  // exp(-6.9078 t / T60) = −60 dB at T60.
  const decay = Math.exp(-6.907755 / (decaySeconds * sampleRate));
  const cosD = Math.cos(omega);
  const sinD = Math.sin(omega);
  const { left, right } = out;
  let index = ((offset % n) + n) % n;
  let gain = 1;
  for (let blockStart = 0; blockStart < count; blockStart += RESYNC) {
    const blockEnd = Math.min(count, blockStart + RESYNC);
    const phase = (partial.phase ?? 0) + omega * blockStart;
    let c = Math.cos(phase);
    let s = Math.sin(phase);
    gain = Math.pow(decay, blockStart);
    for (let i = blockStart; i < blockEnd; i++) {
      const attack = i < attackSamples ? 0.5 - 0.5 * Math.cos((Math.PI * i) / attackSamples) : 1;
      const v = s * gain * attack;
      left[index] = (left[index] as number) + partial.left * v;
      right[index] = (right[index] as number) + partial.right * v;
      index++;
      if (index === n) index = 0;
      gain *= decay;
      const c2 = c * cosD - s * sinD;
      s = s * cosD + c * sinD;
      c = c2;
    }
  }
}

/** Equal-power pan gains for a position in [−1 (left), 1 (right)]. */
export function panGains(pan: number): { left: number; right: number } {
  const angle = ((Math.max(-1, Math.min(1, pan)) + 1) * Math.PI) / 4;
  return { left: Math.cos(angle), right: Math.sin(angle) };
}

/** Frequency of a note `semitones` above `rootHz` in equal temperament. */
export function semitonesToHz(rootHz: number, semitones: number): number {
  return rootHz * Math.pow(2, semitones / 12);
}
