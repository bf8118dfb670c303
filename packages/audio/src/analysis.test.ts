import { describe, expect, it } from "vitest";
import { dbfs, integratedLoudness, loopSeam, modulationSpectrum, rms, samplePeak, spectralCentroid } from "./analysis";
import { limit } from "./limiter";
import { fillBrown, fillPink, fillWhite } from "./noise";
import { createRng } from "./prng";

const SR = 48000;

function sine(frequency: number, seconds: number, amplitude = 1, sampleRate = SR): Float32Array {
  const out = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < out.length; i++) out[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate);
  return out;
}

describe("level measurements", () => {
  it("measures RMS and sample peak of a sine", () => {
    const s = sine(1000, 1, 0.5);
    expect(dbfs(rms([s]))).toBeCloseTo(dbfs(0.5 / Math.SQRT2), 2);
    expect(samplePeak([s])).toBeCloseTo(0.5, 3);
  });

  it("gives −3.01 LUFS for a 0 dBFS 997 Hz sine in one channel (BS.1770-4 reference)", () => {
    const left = sine(997, 5);
    const right = new Float32Array(left.length);
    expect(integratedLoudness([left, right], SR)).toBeCloseTo(-3.01, 1);
    expect(integratedLoudness([sine(997, 5, 1, 44100), new Float32Array(5 * 44100)], 44100)).toBeCloseTo(-3.01, 1);
  });

  it("gates out silence: a tone followed by silence measures as the tone alone", () => {
    const tone = sine(997, 4, 0.1);
    const padded = new Float32Array(tone.length * 3);
    padded.set(tone);
    expect(integratedLoudness([padded], SR)).toBeCloseTo(integratedLoudness([tone], SR), 0);
    expect(integratedLoudness([new Float32Array(SR * 2)], SR)).toBe(-Infinity);
  });
});

describe("spectral centroid", () => {
  it("finds a pure tone's frequency", () => {
    expect(spectralCentroid([sine(1000, 2)], SR)).toBeGreaterThan(950);
    expect(spectralCentroid([sine(1000, 2)], SR)).toBeLessThan(1050);
  });

  it("puts brown noise below pink noise below white noise", () => {
    const rng = createRng(3);
    const n = SR * 2;
    const centroid = (fill: (b: Float32Array, r: typeof rng) => Float32Array) => spectralCentroid([fill(new Float32Array(n), rng)], SR);
    const brown = centroid(fillBrown);
    const pink = centroid(fillPink);
    const white = centroid(fillWhite);
    expect(brown).toBeLessThan(pink);
    expect(pink).toBeLessThan(white);
  });
});

describe("modulation spectrum", () => {
  it.each([
    [6, 0.3],
    [16, 0.5],
    [40, 0.25],
  ])("finds %d Hz amplitude modulation of noise with depth %d", (rate, depth) => {
    const rng = createRng(rate);
    const n = SR * 8;
    const left = fillWhite(new Float32Array(n), rng);
    const right = fillWhite(new Float32Array(n), rng);
    for (let i = 0; i < n; i++) {
      const g = 1 + depth * Math.sin((2 * Math.PI * rate * i) / SR);
      left[i] = (left[i] as number) * g;
      right[i] = (right[i] as number) * g;
    }
    const result = modulationSpectrum([left, right], SR);
    expect(result.peakHz).toBeCloseTo(rate, 1);
    expect(result.depth).toBeGreaterThan(depth * 0.95);
    expect(result.depth).toBeLessThan(depth * 1.05);
  });

  it("reports no real depth for unmodulated noise", () => {
    const noise = fillPink(new Float32Array(SR * 4), createRng(9));
    expect(modulationSpectrum([noise], SR).depth).toBeLessThan(0.05);
  });
});

describe("loop seam", () => {
  it("is tiny for a whole number of cycles and large for a cut-off cycle", () => {
    const whole = sine(100, 1); // 100 whole cycles
    const cut = sine(100.25, 1); // stops at a peak, restarts at zero
    const wholeSeam = loopSeam([whole]);
    expect(wholeSeam.seamStep).toBeLessThanOrEqual(wholeSeam.percentileStep);
    const cutSeam = loopSeam([cut]);
    expect(cutSeam.seamStep).toBeGreaterThan(10 * cutSeam.percentileStep);
  });
});

describe("limiter", () => {
  it("keeps every sample under the ceiling and leaves quiet parts alone", () => {
    const left = sine(200, 1, 0.2);
    const right = sine(200, 1, 0.2);
    for (let i = 20000; i < 20100; i++) {
      left[i] = 1.5;
      right[i] = -1.2;
    }
    const ceiling = Math.pow(10, -1.5 / 20);
    const report = limit(left, right, SR, { ceiling, circular: true });
    expect(report.engaged).toBe(true);
    expect(samplePeak([left, right])).toBeLessThanOrEqual(ceiling + 1e-6);
    // Far from the peak the gain has recovered (to within the release's exponential tail).
    expect(left[5000]).toBeCloseTo(0.2 * Math.sin((2 * Math.PI * 200 * 5000) / SR), 3);
  });

  it("does nothing when nothing exceeds the ceiling", () => {
    const left = sine(200, 0.1, 0.5);
    const copy = left.slice();
    expect(limit(left, left.slice(), SR, { ceiling: 0.9 }).engaged).toBe(false);
    expect(left).toEqual(copy);
  });
});
