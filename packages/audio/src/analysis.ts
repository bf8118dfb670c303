/**
 * Measurements of rendered audio, used by the tests and the render report: RMS, sample peak,
 * ITU-R BS.1770-4 integrated loudness (K-weighting, 400 ms blocks with 75 % overlap,
 * absolute −70 LUFS and relative −10 LU gates), spectral centroid, the modulation spectrum of
 * the amplitude envelope (its peak and the modulation depth there), and the loop seam.
 */
import FFT from "fft.js";
import { Biquad, type BiquadCoefficients } from "./filters";

/** Linear amplitude → dBFS (−Infinity for 0). */
export function dbfs(linear: number): number {
  return 20 * Math.log10(linear);
}

/** Root mean square over every sample of every channel (linear). */
export function rms(channels: readonly Float32Array[]): number {
  let sum = 0;
  let count = 0;
  for (const channel of channels) {
    for (let i = 0; i < channel.length; i++) sum += (channel[i] as number) ** 2;
    count += channel.length;
  }
  return count === 0 ? 0 : Math.sqrt(sum / count);
}

/** Largest absolute sample value over all channels (linear). */
export function samplePeak(channels: readonly Float32Array[]): number {
  let peak = 0;
  for (const channel of channels) {
    for (let i = 0; i < channel.length; i++) {
      const v = Math.abs(channel[i] as number);
      if (v > peak) peak = v;
    }
  }
  return peak;
}

/**
 * The two K-weighting stages of BS.1770 (the high shelf of the head model and the RLB
 * highpass) for any sample rate, from the analogue prototypes (as libebur128 derives them).
 */
export function kWeightingCoefficients(sampleRate: number): [BiquadCoefficients, BiquadCoefficients] {
  let f0 = 1681.974450955533;
  const G = 3.999843853973347;
  let Q = 0.7071752369554196;
  let K = Math.tan((Math.PI * f0) / sampleRate);
  const Vh = Math.pow(10, G / 20);
  const Vb = Math.pow(Vh, 0.4996667741545416);
  let a0 = 1 + K / Q + K * K;
  const shelf: BiquadCoefficients = {
    b0: (Vh + (Vb * K) / Q + K * K) / a0,
    b1: (2 * (K * K - Vh)) / a0,
    b2: (Vh - (Vb * K) / Q + K * K) / a0,
    a1: (2 * (K * K - 1)) / a0,
    a2: (1 - K / Q + K * K) / a0,
  };
  f0 = 38.13547087602444;
  Q = 0.5003270373238773;
  K = Math.tan((Math.PI * f0) / sampleRate);
  a0 = 1 + K / Q + K * K;
  const highpass: BiquadCoefficients = {
    b0: 1,
    b1: -2,
    b2: 1,
    a1: (2 * (K * K - 1)) / a0,
    a2: (1 - K / Q + K * K) / a0,
  };
  return [shelf, highpass];
}

/**
 * Integrated loudness (LUFS) of channels weighted 1 (mono, or left and right), after
 * BS.1770-4. −Infinity when every block is below the absolute gate.
 */
export function integratedLoudness(channels: readonly Float32Array[], sampleRate: number): number {
  const [shelf, highpass] = kWeightingCoefficients(sampleRate);
  const step = Math.round(sampleRate * 0.1);
  const length = channels[0]?.length ?? 0;
  const segments = Math.floor(length / step);
  // Mean square of the K-weighted signal per 100 ms segment, summed over channels.
  const segmentPower = new Float64Array(segments);
  for (const channel of channels) {
    const weighted = Float32Array.from(channel);
    new Biquad(shelf).process(weighted);
    new Biquad(highpass).process(weighted);
    for (let s = 0; s < segments; s++) {
      let sum = 0;
      for (let i = s * step, end = i + step; i < end; i++) sum += (weighted[i] as number) ** 2;
      segmentPower[s] = (segmentPower[s] as number) + sum / step;
    }
  }
  const blocks: number[] = [];
  for (let s = 0; s + 4 <= segments; s++) {
    blocks.push(
      ((segmentPower[s] as number) + (segmentPower[s + 1] as number) + (segmentPower[s + 2] as number) + (segmentPower[s + 3] as number)) /
        4,
    );
  }
  const loudness = (power: number) => -0.691 + 10 * Math.log10(power);
  const absoluteGated = blocks.filter((p) => loudness(p) > -70);
  if (absoluteGated.length === 0) return -Infinity;
  const relativeGate = loudness(mean(absoluteGated)) - 10;
  const gated = absoluteGated.filter((p) => loudness(p) > relativeGate);
  return loudness(mean(gated));
}

function mean(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

function hann(size: number): Float64Array {
  const w = new Float64Array(size);
  for (let i = 0; i < size; i++) w[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size);
  return w;
}

function nextPowerOfTwo(n: number): number {
  let p = 4;
  while (p < n) p *= 2;
  return p;
}

/**
 * Spectral centroid (Hz) of the mid signal: the magnitude-weighted mean frequency of the
 * average magnitude spectrum over up to `maxFrames` Hann-windowed frames spread evenly
 * through the signal.
 */
export function spectralCentroid(
  channels: readonly Float32Array[],
  sampleRate: number,
  options: { fftSize?: number; maxFrames?: number } = {},
): number {
  const size = options.fftSize ?? 4096;
  const length = channels[0]?.length ?? 0;
  const available = Math.floor(length / size);
  if (available === 0) return 0;
  const frames = Math.min(available, options.maxFrames ?? 64);
  const fft = new FFT(size);
  const taper = hann(size);
  const input = new Array<number>(size).fill(0);
  const output = fft.createComplexArray() as number[];
  const magnitude = new Float64Array(size / 2 + 1);
  for (let f = 0; f < frames; f++) {
    const start = Math.floor((f * (available - 1)) / Math.max(1, frames - 1)) * size;
    for (let i = 0; i < size; i++) {
      let v = 0;
      for (const channel of channels) v += channel[start + i] as number;
      input[i] = (v / channels.length) * (taper[i] as number);
    }
    fft.realTransform(output, input);
    for (let k = 0; k <= size / 2; k++) {
      magnitude[k] = (magnitude[k] as number) + Math.hypot(output[2 * k] as number, output[2 * k + 1] as number);
    }
  }
  let weighted = 0;
  let total = 0;
  for (let k = 1; k <= size / 2; k++) {
    const m = magnitude[k] as number;
    weighted += ((k * sampleRate) / size) * m;
    total += m;
  }
  return total === 0 ? 0 : weighted / total;
}

export interface ModulationSpectrum {
  /** Frequency of the strongest envelope component between minHz and maxHz, Hz. */
  peakHz: number;
  /**
   * Modulation depth at the peak: the amplitude of the envelope's sinusoid there divided by
   * the envelope's mean. For an envelope 1 + m·sin(2πft) this is m, the modulation index
   * (max − min) / (max + min).
   */
  depth: number;
  /** The spectrum, for plots: frequencies (Hz) and depths (same unit as `depth`). */
  frequencies: Float64Array;
  magnitudes: Float64Array;
}

/**
 * The modulation spectrum: the amplitude envelope (|left| + |right|, lowpassed at 200 Hz and
 * decimated to about 1 kHz) transformed with a Hann-windowed FFT; the peak is refined by
 * maximising an exact DFT over the whole signal, which also gives the depth.
 */
export function modulationSpectrum(
  channels: readonly Float32Array[],
  sampleRate: number,
  options: { minHz?: number; maxHz?: number } = {},
): ModulationSpectrum {
  const minHz = options.minHz ?? 2;
  const maxHz = options.maxHz ?? 64;
  const length = channels[0]?.length ?? 0;
  const rectified = new Float32Array(length);
  for (const channel of channels) {
    for (let i = 0; i < length; i++) rectified[i] = (rectified[i] as number) + Math.abs(channel[i] as number);
  }
  // Anti-alias lowpass (4th order Butterworth), warmed up on the tail so a loop has no start
  // transient.
  const cutoff = Math.min(200, sampleRate / 8);
  const sections = [Biquad.of("lowpass", cutoff, sampleRate, 0.5412), Biquad.of("lowpass", cutoff, sampleRate, 1.3066)];
  const warm = rectified.slice(Math.max(0, length - Math.round(sampleRate * 0.2)));
  for (const s of sections) s.process(warm);
  for (const s of sections) s.process(rectified);
  const factor = Math.max(1, Math.floor(sampleRate / 1000));
  const envelopeRate = sampleRate / factor;
  const m = Math.floor(length / factor);
  const envelope = new Float64Array(m);
  let envelopeMean = 0;
  for (let i = 0; i < m; i++) {
    envelope[i] = rectified[i * factor] as number;
    envelopeMean += envelope[i] as number;
  }
  envelopeMean /= Math.max(1, m);

  const size = nextPowerOfTwo(m) * 2;
  const fft = new FFT(size);
  const taper = hann(m);
  let windowSum = 0;
  const input = new Array<number>(size).fill(0);
  for (let i = 0; i < m; i++) {
    input[i] = ((envelope[i] as number) - envelopeMean) * (taper[i] as number);
    windowSum += taper[i] as number;
  }
  const output = fft.createComplexArray() as number[];
  fft.realTransform(output, input);
  const bins = size / 2 + 1;
  const frequencies = new Float64Array(bins);
  const magnitudes = new Float64Array(bins);
  for (let k = 0; k < bins; k++) {
    frequencies[k] = (k * envelopeRate) / size;
    const amplitude = (2 * Math.hypot(output[2 * k] as number, output[2 * k + 1] as number)) / windowSum;
    magnitudes[k] = envelopeMean > 0 ? amplitude / envelopeMean : 0;
  }
  const lo = Math.max(1, Math.ceil((minHz * size) / envelopeRate));
  const hi = Math.min(bins - 2, Math.floor((maxHz * size) / envelopeRate));
  let peak = lo;
  for (let k = lo; k <= hi; k++) if ((magnitudes[k] as number) > (magnitudes[peak] as number)) peak = k;

  // Golden-section search for the maximum of the exact DFT magnitude near the FFT peak.
  const binHz = envelopeRate / size;
  const dftAmplitude = (frequency: number) => sinusoidAmplitude(envelope, envelopeMean, frequency / envelopeRate);
  let a = frequencies[peak]! - binHz;
  let b = frequencies[peak]! + binHz;
  const ratio = (Math.sqrt(5) - 1) / 2;
  let c = b - ratio * (b - a);
  let d = a + ratio * (b - a);
  let fc = dftAmplitude(c);
  let fd = dftAmplitude(d);
  for (let iteration = 0; iteration < 30; iteration++) {
    if (fc > fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - ratio * (b - a);
      fc = dftAmplitude(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + ratio * (b - a);
      fd = dftAmplitude(d);
    }
  }
  const peakHz = (a + b) / 2;
  const depth = envelopeMean > 0 ? dftAmplitude(peakHz) / envelopeMean : 0;
  return { peakHz, depth, frequencies, magnitudes };
}

/** Amplitude of the sinusoid at `cycles` per sample in `signal − mean` (exact DFT). */
function sinusoidAmplitude(signal: Float64Array, signalMean: number, cycles: number): number {
  const omega = 2 * Math.PI * cycles;
  const cosD = Math.cos(omega);
  const sinD = Math.sin(omega);
  let c = 1;
  let s = 0;
  let re = 0;
  let im = 0;
  for (let i = 0; i < signal.length; i++) {
    if ((i & 1023) === 0) {
      c = Math.cos(omega * i);
      s = Math.sin(omega * i);
    }
    const v = (signal[i] as number) - signalMean;
    re += v * c;
    im -= v * s;
    const c2 = c * cosD - s * sinD;
    s = s * cosD + c * sinD;
    c = c2;
  }
  return (2 * Math.hypot(re, im)) / signal.length;
}

export interface LoopSeam {
  /** Largest step across the loop point (last sample → first sample) over the channels. */
  seamStep: number;
  /** The given percentile (default 99.9th) of all sample-to-sample steps inside the loop. */
  percentileStep: number;
}

/** How large the jump at the loop point is compared with the signal's own steps. */
export function loopSeam(channels: readonly Float32Array[], percentile = 0.999): LoopSeam {
  let seamStep = 0;
  let count = 0;
  for (const channel of channels) count += Math.max(0, channel.length - 1);
  const steps = new Float32Array(count);
  let k = 0;
  for (const channel of channels) {
    const n = channel.length;
    if (n === 0) continue;
    seamStep = Math.max(seamStep, Math.abs((channel[0] as number) - (channel[n - 1] as number)));
    for (let i = 1; i < n; i++) steps[k++] = Math.abs((channel[i] as number) - (channel[i - 1] as number));
  }
  const rank = Math.min(count - 1, Math.floor(percentile * count));
  return { seamStep, percentileStep: count === 0 ? 0 : quickselect(steps, rank) };
}

/** The k-th smallest value (0-based), reordering `values` (Hoare's selection). */
function quickselect(values: Float32Array, k: number): number {
  let left = 0;
  let right = values.length - 1;
  while (right > left) {
    const pivot = values[(left + right) >> 1] as number;
    let i = left;
    let j = right;
    while (i <= j) {
      while ((values[i] as number) < pivot) i++;
      while ((values[j] as number) > pivot) j--;
      if (i <= j) {
        const t = values[i] as number;
        values[i] = values[j] as number;
        values[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return values[k] as number;
  }
  return values[k] as number;
}

/** Every figure the tests and the render report use, for one stereo buffer. */
export interface AudioReport {
  rmsDbfs: number;
  samplePeakDbfs: number;
  loudnessLufs: number;
  spectralCentroidHz: number;
  modulationPeakHz: number;
  modulationDepth: number;
  seamStep: number;
  stepP999: number;
}

/** Measures a stereo buffer. */
export function analyse(left: Float32Array, right: Float32Array, sampleRate: number): AudioReport {
  const channels = [left, right];
  const modulation = modulationSpectrum(channels, sampleRate);
  const seam = loopSeam(channels);
  return {
    rmsDbfs: dbfs(rms(channels)),
    samplePeakDbfs: dbfs(samplePeak(channels)),
    loudnessLufs: integratedLoudness(channels, sampleRate),
    spectralCentroidHz: spectralCentroid(channels, sampleRate),
    modulationPeakHz: modulation.peakHz,
    modulationDepth: modulation.depth,
    seamStep: seam.seamStep,
    stepP999: seam.percentileStep,
  };
}
