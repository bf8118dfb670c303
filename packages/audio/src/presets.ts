/**
 * Presets: the complete description of a generated track as data. A preset names its mood,
 * the amplitude modulation it carries (band, rate, depth) and the layers of its bed: noise
 * layers, a held drone, a chord pad and scattered bell tones, then a reverb for the tonal
 * layers. `MOOD_PRESETS` holds one base preset per mood; the tracks vary them.
 */
import type { NoiseColor } from "./noise";

/** The four moods: the mood ids the API lists and the library's folder names. */
export const MOODS = ["deep-work", "light-work", "creative", "relax"] as const;
export type MoodId = (typeof MOODS)[number];

export type Band = "delta" | "theta" | "alpha" | "beta" | "gamma";

/** Amplitude modulation of the whole mix (the last stage before level control). */
export interface ModulationPreset {
  band: Band;
  /** Rate, Hz. */
  rateHz: number;
  /** Modulation index (max − min) / (max + min) of the gain, 0..1. */
  depth: number;
}

export interface NoiseLayerPreset {
  color: NoiseColor;
  /** RMS level relative to the other layers, dB. */
  levelDb: number;
  highpassHz: number;
  lowpassHz: number;
  /** Stereo width: 0 the same noise in both ears, 1 independent noise per ear. */
  width: number;
  /** The lowpass cutoff moves ±octaves/2 around `lowpassHz`, `cyclesPerLoop` times a loop. */
  sweep?: { cyclesPerLoop: number; octaves: number };
}

/** Held tones for the whole loop (tuned so they join their own start). */
export interface DronePreset {
  rootHz: number;
  /** One voice per interval, semitones above the root. */
  intervals: readonly number[];
  harmonics: number;
  /** Harmonic h has amplitude 1 / h^rolloff. */
  rolloff: number;
  /** Left and right copies are detuned by ± this much, cents (slow chorus). */
  detuneCents: number;
  levelDb: number;
  /** Each voice swells `cyclesPerLoop` times a loop by ±depth/2, voices out of phase. */
  swell: { cyclesPerLoop: number; depth: number };
}

/** A chord progression of soft additive tones, cross-faded chord to chord. */
export interface PadPreset {
  rootHz: number;
  /** Chords as semitones above the root. */
  chords: readonly (readonly number[])[];
  /** How many times the progression plays per loop. */
  repeats: number;
  harmonics: number;
  rolloff: number;
  detuneCents: number;
  levelDb: number;
  /** Share of a chord's length spent fading in (and out, overlapping its neighbours), 0..1. */
  overlap: number;
}

/** Sparse struck tones at seeded times and pitches. */
export interface BellPreset {
  rootHz: number;
  /** Pitches to choose from, semitones above the root. */
  scale: readonly number[];
  /** Average notes per minute. */
  perMinute: number;
  /** Time to decay by 60 dB, seconds (partials above the first decay faster). */
  decaySeconds: number;
  /** Frequency ratios of the partials to the note; amplitudes fall as 1/ratio. */
  partials: readonly number[];
  levelDb: number;
  /** How far notes are panned from the centre, 0..1. */
  spread: number;
}

export interface ReverbPreset {
  /** Share of the wet signal in the tonal layers, 0..1. */
  mix: number;
  roomSize: number;
  damping: number;
}

export interface Preset {
  id: string;
  mood: MoodId;
  modulation: ModulationPreset;
  noise: readonly NoiseLayerPreset[];
  drone?: DronePreset;
  pad?: PadPreset;
  bells?: BellPreset;
  /** Lowpass on the tonal layers, Hz. */
  toneLowpassHz: number;
  reverb: ReverbPreset;
}

/** A preset with some parts replaced (parts are replaced whole, not merged). */
export function variant(base: Preset, changes: Partial<Preset>): Preset {
  return { ...base, ...changes };
}

/** The base preset of each mood (deep-work beta 16 Hz, light-work alpha 10 Hz, creative gamma
 * 40 Hz, relax theta 6 Hz; see `packages/audio/README.md`). */
export const MOOD_PRESETS: Record<MoodId, Preset> = {
  "deep-work": {
    id: "deep-work",
    mood: "deep-work",
    modulation: { band: "beta", rateHz: 16, depth: 0.5 },
    noise: [
      { color: "brown", levelDb: 0, highpassHz: 35, lowpassHz: 1800, width: 0.7 },
      { color: "pink", levelDb: -7, highpassHz: 120, lowpassHz: 5000, width: 1 },
    ],
    drone: {
      rootHz: 55,
      intervals: [0, 7, 12, 19],
      harmonics: 6,
      rolloff: 1.3,
      detuneCents: 3,
      levelDb: -4,
      swell: { cyclesPerLoop: 3, depth: 0.35 },
    },
    toneLowpassHz: 1400,
    reverb: { mix: 0.3, roomSize: 0.6, damping: 0.6 },
  },
  "light-work": {
    id: "light-work",
    mood: "light-work",
    modulation: { band: "alpha", rateHz: 10, depth: 0.4 },
    noise: [
      { color: "pink", levelDb: 0, highpassHz: 150, lowpassHz: 7000, width: 1 },
      { color: "brown", levelDb: -6, highpassHz: 40, lowpassHz: 1500, width: 0.6 },
    ],
    pad: {
      rootHz: 130.81,
      chords: [
        [0, 4, 7, 11, 14],
        [-3, 0, 4, 7, 11],
        [5, 9, 12, 16],
        [7, 11, 14, 16],
      ],
      repeats: 2,
      harmonics: 5,
      rolloff: 1.6,
      detuneCents: 6,
      levelDb: -5,
      overlap: 0.5,
    },
    toneLowpassHz: 3000,
    reverb: { mix: 0.35, roomSize: 0.7, damping: 0.5 },
  },
  creative: {
    id: "creative",
    mood: "creative",
    modulation: { band: "gamma", rateHz: 40, depth: 0.3 },
    noise: [
      { color: "pink", levelDb: 0, highpassHz: 100, lowpassHz: 6000, width: 1, sweep: { cyclesPerLoop: 2, octaves: 1 } },
      { color: "white", levelDb: -16, highpassHz: 4000, lowpassHz: 12000, width: 1 },
    ],
    pad: {
      rootHz: 146.83,
      chords: [
        [0, 4, 7, 11, 18],
        [2, 6, 9, 14],
        [-3, 4, 7, 11],
        [-1, 2, 6, 9],
      ],
      repeats: 2,
      harmonics: 5,
      rolloff: 1.4,
      detuneCents: 8,
      levelDb: -4,
      overlap: 0.6,
    },
    bells: {
      rootHz: 587.33,
      scale: [0, 2, 4, 7, 9, 12, 14],
      perMinute: 14,
      decaySeconds: 3.5,
      partials: [1, 2.76, 5.4],
      levelDb: -9,
      spread: 0.8,
    },
    toneLowpassHz: 5000,
    reverb: { mix: 0.45, roomSize: 0.8, damping: 0.4 },
  },
  relax: {
    id: "relax",
    mood: "relax",
    modulation: { band: "theta", rateHz: 6, depth: 0.3 },
    noise: [{ color: "brown", levelDb: 0, highpassHz: 30, lowpassHz: 500, width: 0.8, sweep: { cyclesPerLoop: 6, octaves: 0.8 } }],
    drone: {
      rootHz: 55,
      intervals: [0, 7, 12],
      harmonics: 4,
      rolloff: 2,
      detuneCents: 4,
      levelDb: -3,
      swell: { cyclesPerLoop: 4, depth: 0.5 },
    },
    bells: {
      rootHz: 220,
      scale: [0, 3, 7, 10, 12],
      perMinute: 3,
      decaySeconds: 6,
      partials: [1, 2],
      levelDb: -10,
      spread: 0.5,
    },
    toneLowpassHz: 700,
    reverb: { mix: 0.4, roomSize: 0.85, damping: 0.8 },
  },
};
