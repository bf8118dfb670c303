/**
 * Noise generators. White noise is uniform; pink is Paul Kellet's refined filter bank
 * (−3 dB/octave, within ±0.05 dB above 9 Hz at 44.1 kHz); brown is a leaky integrator
 * (−6 dB/octave above a few hertz). Each fills a buffer from a seeded source.
 */
import type { Rng } from "./prng";

export const NOISE_COLORS = ["white", "pink", "brown"] as const;
export type NoiseColor = (typeof NOISE_COLORS)[number];

/** Fills `out` with white noise in [−1, 1). */
export function fillWhite(out: Float32Array, rng: Rng): Float32Array {
  for (let i = 0; i < out.length; i++) out[i] = rng.next() * 2 - 1;
  return out;
}

/** Fills `out` with pink noise (about unit peak, RMS ≈ 0.1–0.2). */
export function fillPink(out: Float32Array, rng: Rng): Float32Array {
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  let b3 = 0;
  let b4 = 0;
  let b5 = 0;
  let b6 = 0;
  for (let i = 0; i < out.length; i++) {
    const white = rng.next() * 2 - 1;
    b0 = 0.99886 * b0 + white * 0.0555179;
    b1 = 0.99332 * b1 + white * 0.0750759;
    b2 = 0.969 * b2 + white * 0.153852;
    b3 = 0.8665 * b3 + white * 0.3104856;
    b4 = 0.55 * b4 + white * 0.5329522;
    b5 = -0.7616 * b5 - white * 0.016898;
    out[i] = (b0 + b1 + b2 + b3 + b4 + b5 + b6 + white * 0.5362) * 0.11;
    b6 = white * 0.115926;
  }
  return out;
}

/** Fills `out` with brown (red) noise from a leaky integrator of white noise. */
export function fillBrown(out: Float32Array, rng: Rng): Float32Array {
  let last = 0;
  for (let i = 0; i < out.length; i++) {
    const white = rng.next() * 2 - 1;
    last = (last + 0.02 * white) / 1.02;
    out[i] = last * 3.5;
  }
  return out;
}

/** Fills `out` with noise of the given colour. */
export function fillNoise(color: NoiseColor, out: Float32Array, rng: Rng): Float32Array {
  switch (color) {
    case "white":
      return fillWhite(out, rng);
    case "pink":
      return fillPink(out, rng);
    case "brown":
      return fillBrown(out, rng);
  }
}
