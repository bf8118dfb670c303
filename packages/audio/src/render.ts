/**
 * The offline renderer: `render(preset, seed, seconds, sampleRate)` → one seamless loop of
 * stereo Float32 PCM.
 *
 * Chain: noise layers (filtered) and tonal layers (drone, pad, bells → lowpass → reverb) →
 * loop → amplitude modulation → loudness normalisation to −23 LUFS and a safety limiter at
 * −1.5 dBFS. The modulation comes after everything that smears time (filters, reverb), so
 * the pulse stays as sharp as the preset says.
 *
 * Seamless loops: the loop length is a whole number of cycles of the modulation rate; tones
 * held through the loop are tuned to whole cycles too; everything periodic is written into a
 * circular buffer (a note near the end rings on into the head), and filters and the reverb
 * are run in over the loop's own tail first, so their tails wrap into the head. Noise, which
 * is not periodic, is rendered a few seconds past the loop end and that overhang is
 * cross-faded (equal power) into the head.
 */
import { integratedLoudness, samplePeak } from "./analysis";
import { Biquad, biquadCoefficients, sweptLowpass } from "./filters";
import { limit, type LimiterReport } from "./limiter";
import { fillNoise } from "./noise";
import { addDecayingSine, addSineMono, loopFrequency, panGains, semitonesToHz, type Stereo } from "./oscillator";
import type { BellPreset, DronePreset, NoiseLayerPreset, PadPreset, Preset } from "./presets";
import { createRng, hashSeed, type Rng } from "./prng";
import { Reverb } from "./reverb";

export const DEFAULT_SAMPLE_RATE = 44100;
/** Loudness every track is normalised to, LUFS (EBU R128). */
export const TARGET_LOUDNESS_LUFS = -23;
/** The limiter's ceiling, dBFS (the promise is ≤ −1 dBFS; the rest is margin). */
export const LIMITER_CEILING_DBFS = -1.5;

/** Noise rendered before the loop start so filters have settled, seconds. */
const NOISE_PREROLL_SECONDS = 0.5;
/** Noise overhang cross-faded into the head, seconds (at most a quarter of the loop). */
const CROSSFADE_SECONDS = 3;
/** Loop tail fed through the reverb before the loop itself, seconds. */
const REVERB_PREROLL_SECONDS = 6;
/** Loop tail fed through the tone filter before the loop itself, seconds. */
const FILTER_PREROLL_SECONDS = 0.5;

export interface RenderedAudio {
  left: Float32Array;
  right: Float32Array;
  sampleRate: number;
  /** Length of the loop, seconds (whole cycles of the modulation). */
  loopSeconds: number;
  /** Gain applied to reach the target loudness, dB. */
  gainDb: number;
  limiter: LimiterReport;
}

export interface RenderOptions {
  targetLufs?: number;
  ceilingDbfs?: number;
}

/**
 * The smallest whole number of seconds holding a whole number of cycles of the preset's
 * modulation rate (1 for integer rates, 2 for x.5 Hz, ...).
 */
export function loopGridSeconds(preset: Preset): number {
  const rate = preset.modulation.rateHz;
  for (let seconds = 1; seconds <= 1000; seconds++) {
    const cycles = rate * seconds;
    if (Math.abs(cycles - Math.round(cycles)) < 1e-9) return seconds;
  }
  throw new RangeError(`modulation rate ${rate} Hz has no whole-cycle loop under 1000 s`);
}

/** The loop length used for a request of `seconds`: rounded up to the preset's grid. */
export function loopSecondsFor(preset: Preset, seconds: number): number {
  const grid = loopGridSeconds(preset);
  return Math.max(grid, Math.ceil(seconds / grid - 1e-9) * grid);
}

/** Renders one seamless loop of at least `seconds` (see `loopSecondsFor`). */
export function render(
  preset: Preset,
  seed: number,
  seconds: number,
  sampleRate: number = DEFAULT_SAMPLE_RATE,
  options: RenderOptions = {},
): RenderedAudio {
  const loopSeconds = loopSecondsFor(preset, seconds);
  const n = Math.round(loopSeconds * sampleRate);
  const rng = createRng(hashSeed(seed, preset.id));

  const bus = renderNoiseBus(preset.noise, rng.fork("noise"), n, sampleRate);
  const tones = renderToneBus(preset, rng.fork("tones"), n, sampleRate);
  for (let i = 0; i < n; i++) {
    bus.left[i] = (bus.left[i] as number) + (tones.left[i] as number);
    bus.right[i] = (bus.right[i] as number) + (tones.right[i] as number);
  }
  applyModulation(bus, preset.modulation.rateHz, preset.modulation.depth, sampleRate);
  const { gainDb, limiter } = normalise(bus, sampleRate, {
    targetLufs: options.targetLufs ?? TARGET_LOUDNESS_LUFS,
    ceilingDbfs: options.ceilingDbfs ?? LIMITER_CEILING_DBFS,
    circular: true,
  });
  return { left: bus.left, right: bus.right, sampleRate, loopSeconds, gainDb, limiter };
}

function stereo(length: number): Stereo {
  return { left: new Float32Array(length), right: new Float32Array(length) };
}

/** Adds `source` scaled so its RMS becomes `10^(levelDb/20)`; returns nothing for silence. */
function addAtLevel(target: Stereo, source: Stereo, levelDb: number): void {
  let sum = 0;
  const n = source.left.length;
  for (let i = 0; i < n; i++) sum += (source.left[i] as number) ** 2 + (source.right[i] as number) ** 2;
  const current = Math.sqrt(sum / (2 * n));
  if (current === 0) return;
  const gain = Math.pow(10, levelDb / 20) / current;
  for (let i = 0; i < n; i++) {
    target.left[i] = (target.left[i] as number) + gain * (source.left[i] as number);
    target.right[i] = (target.right[i] as number) + gain * (source.right[i] as number);
  }
}

// ---------------------------------------------------------------------------------------
// Noise

/**
 * Every noise layer, rendered from before the loop start to past its end, the overhang
 * cross-faded into the head: a loop of `n` samples.
 */
function renderNoiseBus(layers: readonly NoiseLayerPreset[], rng: Rng, n: number, sampleRate: number): Stereo {
  const preroll = Math.round(NOISE_PREROLL_SECONDS * sampleRate);
  const overhang = Math.min(Math.round(CROSSFADE_SECONDS * sampleRate), Math.floor(n / 4));
  const total = preroll + n + overhang;
  const bus = stereo(n + overhang);
  const first = new Float32Array(total);
  const second = new Float32Array(total);
  layers.forEach((layer, index) => {
    const layerRng = rng.fork(`layer-${index}`);
    for (const [buffer, label] of [
      [first, "a"],
      [second, "b"],
    ] as const) {
      fillNoise(layer.color, buffer, layerRng.fork(label));
      filterNoise(buffer, layer, n, preroll, sampleRate);
    }
    // Mid/side mix of two independent noises: correlation between the ears is 1 − width.
    const theta = Math.acos(1 - Math.max(0, Math.min(1, layer.width))) / 2;
    const a = Math.cos(theta);
    const b = Math.sin(theta);
    const scale = Math.pow(10, layer.levelDb / 20) / rmsOf(first, preroll);
    for (let j = 0; j < n + overhang; j++) {
      const x = first[preroll + j] as number;
      const y = second[preroll + j] as number;
      bus.left[j] = (bus.left[j] as number) + scale * (a * x + b * y);
      bus.right[j] = (bus.right[j] as number) + scale * (a * x - b * y);
    }
  });
  return { left: crossfadeLoop(bus.left, n, overhang), right: crossfadeLoop(bus.right, n, overhang) };
}

function filterNoise(buffer: Float32Array, layer: NoiseLayerPreset, n: number, preroll: number, sampleRate: number): void {
  Biquad.of("highpass", layer.highpassHz, sampleRate).process(buffer);
  const sweep = layer.sweep;
  if (sweep) {
    // The cutoff is a function of the position in the loop, so the overhang and the head see
    // the same filter and cross-fade cleanly.
    sweptLowpass(buffer, sampleRate, (index) => {
      const position = (((index - preroll) % n) + n) % n;
      const octaves = (sweep.octaves / 2) * Math.sin((2 * Math.PI * sweep.cyclesPerLoop * position) / n);
      return layer.lowpassHz * Math.pow(2, octaves);
    });
  } else {
    const c = biquadCoefficients("lowpass", layer.lowpassHz, sampleRate);
    new Biquad(c).process(buffer);
    new Biquad(c).process(buffer);
  }
}

function rmsOf(buffer: Float32Array, start: number): number {
  let sum = 0;
  for (let i = start; i < buffer.length; i++) sum += (buffer[i] as number) ** 2;
  return Math.sqrt(sum / Math.max(1, buffer.length - start)) || 1;
}

/**
 * Folds the `overhang` samples after the loop end into its head with an equal-power
 * cross-fade: sample 0 is the sample that followed the last one, and by `overhang` the head
 * is the original signal again.
 */
export function crossfadeLoop(buffer: Float32Array, n: number, overhang: number): Float32Array {
  const out = buffer.slice(0, n);
  for (let i = 0; i < overhang; i++) {
    const w = 0.5 - 0.5 * Math.cos((Math.PI * i) / overhang);
    const angle = (Math.PI / 2) * w;
    out[i] = Math.sin(angle) * (buffer[i] as number) + Math.cos(angle) * (buffer[n + i] as number);
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Tones

function renderToneBus(preset: Preset, rng: Rng, n: number, sampleRate: number): Stereo {
  const bus = stereo(n);
  const scratch = stereo(n);
  const clear = () => {
    scratch.left.fill(0);
    scratch.right.fill(0);
  };
  const maxHz = Math.min(preset.toneLowpassHz * 2, sampleRate * 0.45);
  if (preset.drone) {
    clear();
    addDrone(scratch, preset.drone, rng.fork("drone"), n, sampleRate, maxHz);
    addAtLevel(bus, scratch, preset.drone.levelDb);
  }
  if (preset.pad) {
    clear();
    addPad(scratch, preset.pad, rng.fork("pad"), n, sampleRate, maxHz);
    addAtLevel(bus, scratch, preset.pad.levelDb);
  }
  if (preset.bells) {
    clear();
    addBells(scratch, preset.bells, rng.fork("bells"), n, sampleRate);
    addAtLevel(bus, scratch, preset.bells.levelDb);
  }
  if (!preset.drone && !preset.pad && !preset.bells) return bus;

  const lowpass = biquadCoefficients("lowpass", preset.toneLowpassHz, sampleRate);
  for (const channel of [bus.left, bus.right]) {
    circularFilter(channel, Math.round(FILTER_PREROLL_SECONDS * sampleRate), (buffer) => {
      return [new Biquad(lowpass), new Biquad(lowpass)].reduce((b, section) => section.process(b), buffer);
    });
  }
  applyReverb(bus, preset, n, sampleRate);
  return bus;
}

/**
 * Runs a stateful filter over a loop as if it had been playing forever: first over the
 * loop's last `preroll` samples (repeating the loop if it is shorter), then over the loop.
 */
function circularFilter(channel: Float32Array, preroll: number, filter: (buffer: Float32Array) => Float32Array): void {
  const n = channel.length;
  const joined = new Float32Array(preroll + n);
  for (let i = 0; i < preroll; i++) joined[i] = channel[(((i - preroll) % n) + n) % n] as number;
  joined.set(channel, preroll);
  filter(joined);
  channel.set(joined.subarray(preroll));
}

function applyReverb(bus: Stereo, preset: Preset, n: number, sampleRate: number): void {
  const { mix, roomSize, damping } = preset.reverb;
  if (mix <= 0) return;
  const preroll = Math.round(REVERB_PREROLL_SECONDS * sampleRate);
  const reverb = new Reverb(sampleRate, { roomSize, damping });
  const warmLeft = new Float32Array(preroll);
  const warmRight = new Float32Array(preroll);
  for (let i = 0; i < preroll; i++) {
    const index = (((i - preroll) % n) + n) % n;
    warmLeft[i] = bus.left[index] as number;
    warmRight[i] = bus.right[index] as number;
  }
  const scratchLeft = new Float32Array(preroll);
  const scratchRight = new Float32Array(preroll);
  reverb.process(warmLeft, warmRight, scratchLeft, scratchRight);
  const wet = stereo(n);
  reverb.process(bus.left, bus.right, wet.left, wet.right);
  // Mix by level: the wet signal is scaled to the dry signal's RMS first.
  const dryRms = Math.sqrt(energy(bus) / (2 * n));
  const wetRms = Math.sqrt(energy(wet) / (2 * n));
  if (wetRms === 0) return;
  const wetGain = (mix * dryRms) / wetRms;
  const dryGain = 1 - mix;
  for (let i = 0; i < n; i++) {
    bus.left[i] = dryGain * (bus.left[i] as number) + wetGain * (wet.left[i] as number);
    bus.right[i] = dryGain * (bus.right[i] as number) + wetGain * (wet.right[i] as number);
  }
}

function energy(s: Stereo): number {
  let sum = 0;
  for (let i = 0; i < s.left.length; i++) sum += (s.left[i] as number) ** 2 + (s.right[i] as number) ** 2;
  return sum;
}

/** Held voices, each with harmonics and a detuned left/right pair, swelling slowly. */
function addDrone(out: Stereo, drone: DronePreset, rng: Rng, n: number, sampleRate: number, maxHz: number): void {
  const { cyclesPerLoop, depth } = drone.swell;
  const [cos, sin] = cosSinTables(n, cyclesPerLoop);
  const pair = stereo(n);
  const envelope = new Float32Array(n);
  const voices = drone.intervals.length;
  drone.intervals.forEach((interval, voice) => {
    // Voices swell one after another: cos(a + φ) = cos a·cos φ − sin a·sin φ.
    const phi = (2 * Math.PI * voice) / voices;
    const cosPhi = Math.cos(phi);
    const sinPhi = Math.sin(phi);
    for (let i = 0; i < n; i++) {
      envelope[i] = 1 - depth / 2 + (depth / 2) * ((cos[i] as number) * cosPhi - (sin[i] as number) * sinPhi);
    }
    pair.left.fill(0);
    pair.right.fill(0);
    const base = semitonesToHz(drone.rootHz, interval);
    for (let h = 1; h <= drone.harmonics; h++) {
      const frequency = base * h;
      if (frequency > maxHz) break;
      addDetunedPair(pair, frequency, drone.detuneCents, 1 / Math.pow(h, drone.rolloff), rng, sampleRate, n);
    }
    mixPair(out, pair, 0, envelope);
  });
}

/** cos and sin of 2π·cycles·i/n for i < n. */
function cosSinTables(n: number, cycles: number): [Float32Array, Float32Array] {
  const cos = new Float32Array(n);
  const sin = new Float32Array(n);
  const omega = (2 * Math.PI * cycles) / n;
  for (let i = 0; i < n; i++) {
    cos[i] = Math.cos(omega * i);
    sin[i] = Math.sin(omega * i);
  }
  return [cos, sin];
}

/**
 * A partial as two copies detuned ± cents: `up` into `pair.left`, `down` into `pair.right`
 * (mixed to the ears by `mixPair`). With `wholeLoop`, both are tuned to a whole number of
 * cycles in that many samples (for tones held through the loop).
 */
function addDetunedPair(
  pair: Stereo,
  frequency: number,
  cents: number,
  amplitude: number,
  rng: Rng,
  sampleRate: number,
  wholeLoop?: number,
): void {
  const ratio = Math.pow(2, cents / 1200);
  const tune = (f: number) => (wholeLoop ? loopFrequency(f, wholeLoop, sampleRate) : f);
  const count = pair.left.length;
  addSineMono(pair.left, 0, count, tune(frequency * ratio), rng.next() * 2 * Math.PI, amplitude, sampleRate);
  addSineMono(pair.right, 0, count, tune(frequency / ratio), rng.next() * 2 * Math.PI, amplitude, sampleRate);
}

/**
 * Adds a detuned pair into `out` from `offset` (wrapping), shaped by `envelope`: the upper
 * copy leans left and the lower right, for a slow, wide chorus that stays mono-compatible.
 */
function mixPair(out: Stereo, pair: Stereo, offset: number, envelope: Float32Array): void {
  const n = out.left.length;
  const near = 1;
  const far = 0.3;
  let index = ((offset % n) + n) % n;
  for (let i = 0; i < pair.left.length; i++) {
    const e = envelope[i] as number;
    const up = (pair.left[i] as number) * e;
    const down = (pair.right[i] as number) * e;
    out.left[index] = (out.left[index] as number) + near * up + far * down;
    out.right[index] = (out.right[index] as number) + far * up + near * down;
    if (++index === n) index = 0;
  }
}

/** The chord progression, each chord faded in over the previous one. */
function addPad(out: Stereo, pad: PadPreset, rng: Rng, n: number, sampleRate: number, maxHz: number): void {
  const segments = pad.chords.length * pad.repeats;
  const segmentLength = n / segments;
  const fade = Math.max(1, Math.round(pad.overlap * segmentLength));
  for (let s = 0; s < segments; s++) {
    const chord = pad.chords[s % pad.chords.length] ?? [];
    const start = Math.round(s * segmentLength) - Math.floor(fade / 2);
    const end = Math.round((s + 1) * segmentLength) + Math.ceil(fade / 2);
    const length = Math.min(end - start, n);
    const envelope = new Float32Array(length);
    for (let i = 0; i < length; i++) {
      const rise = i < fade ? 0.5 - 0.5 * Math.cos((Math.PI * i) / fade) : 1;
      const fall = i >= length - fade ? 0.5 - 0.5 * Math.cos((Math.PI * (length - i)) / fade) : 1;
      envelope[i] = rise * fall;
    }
    const pair = stereo(length);
    for (const semitones of chord) {
      const base = semitonesToHz(pad.rootHz, semitones);
      for (let h = 1; h <= pad.harmonics; h++) {
        const frequency = base * h;
        if (frequency > maxHz) break;
        addDetunedPair(pair, frequency, pad.detuneCents, 1 / Math.pow(h, pad.rolloff), rng, sampleRate);
      }
    }
    mixPair(out, pair, start, envelope);
  }
}

/** Struck tones at seeded times (one per slot, so they never bunch up) and pitches. */
function addBells(out: Stereo, bells: BellPreset, rng: Rng, n: number, sampleRate: number): void {
  const loopSeconds = n / sampleRate;
  const count = Math.max(1, Math.round((bells.perMinute * loopSeconds) / 60));
  const slot = n / count;
  const length = Math.min(n, Math.round(bells.decaySeconds * sampleRate));
  const attack = Math.round(0.004 * sampleRate);
  for (let k = 0; k < count; k++) {
    const start = Math.round((k + rng.range(0.1, 0.9)) * slot);
    const frequency = semitonesToHz(bells.rootHz, rng.pick(bells.scale));
    const velocity = rng.range(0.5, 1);
    const pan = panGains(rng.range(-bells.spread, bells.spread));
    for (const ratio of bells.partials) {
      const amplitude = velocity / ratio;
      const decay = bells.decaySeconds / (1 + 0.6 * (ratio - 1));
      addDecayingSine(
        out,
        start,
        length,
        { frequency: frequency * ratio, phase: 0, left: amplitude * pan.left, right: amplitude * pan.right },
        decay,
        attack,
        sampleRate,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------
// Modulation and level

/**
 * The AM stage: multiplies both channels by 1 + depth·sin(2π·rate·t), normalised to a peak
 * gain of 1. With a whole number of cycles in the buffer the gain joins its own start.
 */
export function applyModulation(bus: Stereo, rateHz: number, depth: number, sampleRate: number): void {
  const omega = (2 * Math.PI * rateHz) / sampleRate;
  const scale = 1 / (1 + depth);
  for (let i = 0; i < bus.left.length; i++) {
    const gain = (1 + depth * Math.sin(omega * i)) * scale;
    bus.left[i] = (bus.left[i] as number) * gain;
    bus.right[i] = (bus.right[i] as number) * gain;
  }
}

/**
 * Scales to the target integrated loudness, then limits to the ceiling; repeats (at most
 * three times) when limiting lowered the loudness by more than 0.05 LU.
 */
export function normalise(
  bus: Stereo,
  sampleRate: number,
  options: { targetLufs: number; ceilingDbfs: number; circular: boolean },
): { gainDb: number; limiter: LimiterReport } {
  const ceiling = Math.pow(10, options.ceilingDbfs / 20);
  let gainDb = 0;
  let limiter: LimiterReport = { engaged: false, maxReductionDb: 0 };
  for (let pass = 0; pass < 3; pass++) {
    const loudness = integratedLoudness([bus.left, bus.right], sampleRate);
    if (!Number.isFinite(loudness)) break;
    const correction = options.targetLufs - loudness;
    if (pass > 0 && Math.abs(correction) < 0.05) break;
    scaleBy(bus, Math.pow(10, correction / 20));
    gainDb += correction;
    if (samplePeak([bus.left, bus.right]) > ceiling) {
      const report = limit(bus.left, bus.right, sampleRate, { ceiling, circular: options.circular });
      limiter = { engaged: true, maxReductionDb: Math.min(limiter.maxReductionDb, report.maxReductionDb) };
    } else {
      break;
    }
  }
  return { gainDb, limiter };
}

function scaleBy(bus: Stereo, gain: number): void {
  for (let i = 0; i < bus.left.length; i++) {
    bus.left[i] = (bus.left[i] as number) * gain;
    bus.right[i] = (bus.right[i] as number) * gain;
  }
}
