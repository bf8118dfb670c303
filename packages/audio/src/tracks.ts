/**
 * The track catalogue: every generated track with its title, file name, description, seed
 * and preset (counts per mood: deep-work 6, light-work 5, creative 4, relax 1). Each track
 * states its own modulation rate and depth in its preset.
 */
import { MOOD_PRESETS, type MoodId, type Preset, variant } from "./presets";

/**
 * Length of every generated track as the library ships it, seconds: 15:00, one seamless loop of
 * that length, so a 25-minute focus session never hears a short repeat (`docs/product.md`,
 * Audio; render time and disk use in packages/audio/README.md).
 */
export const TRACK_SECONDS = 15 * 60;

/**
 * Length the catalogue's tests and benchmark render and measure, seconds: the same presets, seeds
 * and DSP as a shipped track, on a 96 s loop (a 15:00 render costs about 25 s of CPU per track).
 */
export const MEASURE_SECONDS = 96;

export interface Track {
  /** `<mood>/<slug>`. */
  id: string;
  mood: MoodId;
  title: string;
  /** File name inside `AUDIO_DIR/<mood>/`. */
  filename: string;
  description: string;
  seed: number;
  preset: Preset;
}

const dw = MOOD_PRESETS["deep-work"];
const lw = MOOD_PRESETS["light-work"];
const cr = MOOD_PRESETS.creative;
const rx = MOOD_PRESETS.relax;

function track(mood: MoodId, slug: string, title: string, seed: number, description: string, preset: Preset): Track {
  return { id: `${mood}/${slug}`, mood, title, filename: `${slug}.mp3`, description, seed, preset: { ...preset, id: `${mood}/${slug}` } };
}

export const TRACKS: readonly Track[] = [
  // Deep Work: beta-band modulation, low and steady beds.
  track("deep-work", "steady-beta", "Steady Beta", 1101, "Warm brown noise over a low A drone, pulsed at 16 Hz with a strong depth.", dw),
  track(
    "deep-work",
    "deep-current",
    "Deep Current",
    1102,
    "Darker, heavier noise and a D drone in fifths; a firm 16 Hz pulse like a distant engine.",
    variant(dw, {
      modulation: { band: "beta", rateHz: 16, depth: 0.55 },
      noise: [
        { color: "brown", levelDb: 0, highpassHz: 30, lowpassHz: 1200, width: 0.8 },
        { color: "pink", levelDb: -10, highpassHz: 150, lowpassHz: 3500, width: 1 },
      ],
      drone: { ...requireDrone(dw), rootHz: 73.42, intervals: [0, 7, 12], levelDb: -5 },
    }),
  ),
  track(
    "deep-work",
    "night-shift",
    "Night Shift",
    1103,
    "Slowly breathing pink noise with a muted minor chord progression under a 16 Hz pulse.",
    variant(dw, {
      modulation: { band: "beta", rateHz: 16, depth: 0.45 },
      noise: [
        { color: "pink", levelDb: 0, highpassHz: 60, lowpassHz: 3000, width: 1, sweep: { cyclesPerLoop: 3, octaves: 1 } },
        { color: "brown", levelDb: -4, highpassHz: 35, lowpassHz: 1500, width: 0.7 },
      ],
      drone: undefined,
      pad: {
        rootHz: 110,
        chords: [
          [0, 3, 7, 10],
          [-4, 0, 3, 7],
          [3, 7, 10, 14],
          [-2, 2, 5, 9],
        ],
        repeats: 1,
        harmonics: 4,
        rolloff: 1.8,
        detuneCents: 5,
        levelDb: -6,
        overlap: 0.5,
      },
      toneLowpassHz: 1600,
    }),
  ),
  track(
    "deep-work",
    "focus-engine",
    "Focus Engine",
    1104,
    "A brighter, busier bed of pink noise and open fifths, driven at 18 Hz for extra alertness.",
    variant(dw, {
      modulation: { band: "beta", rateHz: 18, depth: 0.5 },
      noise: [
        { color: "pink", levelDb: 0, highpassHz: 90, lowpassHz: 7000, width: 1 },
        { color: "brown", levelDb: -5, highpassHz: 35, lowpassHz: 1500, width: 0.6 },
      ],
      drone: { ...requireDrone(dw), rootHz: 49, intervals: [0, 7, 14], harmonics: 7, rolloff: 1.2, levelDb: -6 },
      toneLowpassHz: 2000,
    }),
  ),
  track(
    "deep-work",
    "low-tide",
    "Low Tide",
    1105,
    "Rolling brown noise that swells and recedes around a soft C drone, pulsed at 14 Hz.",
    variant(dw, {
      modulation: { band: "beta", rateHz: 14, depth: 0.5 },
      noise: [
        { color: "brown", levelDb: 0, highpassHz: 30, lowpassHz: 1400, width: 0.9, sweep: { cyclesPerLoop: 4, octaves: 1.2 } },
        { color: "pink", levelDb: -9, highpassHz: 200, lowpassHz: 4000, width: 1 },
      ],
      drone: { ...requireDrone(dw), rootHz: 65.41, intervals: [0, 7, 16], levelDb: -5, swell: { cyclesPerLoop: 4, depth: 0.5 } },
    }),
  ),
  track(
    "deep-work",
    "clear-signal",
    "Clear Signal",
    1106,
    "Even pink noise and an organ-like F drone with the deepest 16 Hz modulation of the set.",
    variant(dw, {
      modulation: { band: "beta", rateHz: 16, depth: 0.6 },
      noise: [
        { color: "pink", levelDb: 0, highpassHz: 80, lowpassHz: 5000, width: 1 },
        { color: "brown", levelDb: -8, highpassHz: 35, lowpassHz: 1200, width: 0.6 },
      ],
      drone: { ...requireDrone(dw), rootHz: 43.65, intervals: [0, 12, 19, 24], harmonics: 8, rolloff: 1, levelDb: -7 },
      toneLowpassHz: 1800,
    }),
  ),

  // Light Work: alpha-band modulation, brighter and more open.
  track("light-work", "morning-desk", "Morning Desk", 2101, "Airy pink noise and warm major-seventh chords with a gentle 10 Hz pulse.", lw),
  track(
    "light-work",
    "open-window",
    "Open Window",
    2102,
    "Soft chords with occasional distant chimes over light noise, pulsing at 10 Hz.",
    variant(lw, {
      modulation: { band: "alpha", rateHz: 10, depth: 0.35 },
      bells: { rootHz: 523.25, scale: [0, 2, 4, 7, 9, 12], perMinute: 6, decaySeconds: 4, partials: [1, 2, 3.01], levelDb: -12, spread: 0.7 },
      toneLowpassHz: 4000,
    }),
  ),
  track(
    "light-work",
    "paper-trail",
    "Paper Trail",
    2103,
    "A brisk D major progression over crisp noise, with an 11 Hz pulse at the top of the alpha band.",
    variant(lw, {
      modulation: { band: "alpha", rateHz: 11, depth: 0.4 },
      pad: {
        ...requirePad(lw),
        rootHz: 146.83,
        chords: [
          [0, 4, 7, 11],
          [5, 9, 12, 16],
          [-3, 2, 5, 9],
          [7, 11, 14, 17],
        ],
        repeats: 3,
      },
    }),
  ),
  track(
    "light-work",
    "easy-flow",
    "Easy Flow",
    2104,
    "Rounder, warmer noise and slow sus chords, a relaxed 9 Hz pulse for steady routine work.",
    variant(lw, {
      modulation: { band: "alpha", rateHz: 9, depth: 0.45 },
      noise: [
        { color: "pink", levelDb: 0, highpassHz: 100, lowpassHz: 4500, width: 1 },
        { color: "brown", levelDb: -3, highpassHz: 35, lowpassHz: 1200, width: 0.7 },
      ],
      pad: {
        ...requirePad(lw),
        rootHz: 116.54,
        chords: [
          [0, 5, 7, 12],
          [-2, 3, 5, 10],
          [3, 8, 10, 15],
          [0, 5, 7, 14],
        ],
        repeats: 1,
        overlap: 0.7,
      },
    }),
  ),
  track(
    "light-work",
    "inbox-zero",
    "Inbox Zero",
    2105,
    "The lightest touch: bright noise and high, sparse chords with a subtle 10 Hz pulse.",
    variant(lw, {
      modulation: { band: "alpha", rateHz: 10, depth: 0.3 },
      noise: [
        { color: "pink", levelDb: 0, highpassHz: 200, lowpassHz: 9000, width: 1 },
        { color: "white", levelDb: -18, highpassHz: 5000, lowpassHz: 12000, width: 1 },
      ],
      pad: { ...requirePad(lw), rootHz: 261.63, harmonics: 4, levelDb: -7 },
      toneLowpassHz: 5000,
    }),
  ),

  // Creative: gamma-band modulation, more colour and movement.
  track("creative", "prism", "Prism", 3101, "Shimmering Lydian chords and scattered glassy bells under a fast 40 Hz flutter.", cr),
  track(
    "creative",
    "sketchbook",
    "Sketchbook",
    3102,
    "Playful wooden mallet notes and open chords over soft noise, with a 40 Hz shimmer.",
    variant(cr, {
      modulation: { band: "gamma", rateHz: 40, depth: 0.35 },
      bells: { rootHz: 392, scale: [0, 2, 4, 7, 9, 12, 16], perMinute: 22, decaySeconds: 1.5, partials: [1, 3.93, 9.2], levelDb: -8, spread: 0.9 },
    }),
  ),
  track(
    "creative",
    "daydream-engine",
    "Daydream Engine",
    3103,
    "Drifting minor-ninth chords and slow, far-off bells in a large room, fluttering at 38 Hz.",
    variant(cr, {
      modulation: { band: "gamma", rateHz: 38, depth: 0.3 },
      pad: {
        ...requirePad(cr),
        rootHz: 130.81,
        chords: [
          [0, 3, 7, 10, 14],
          [-4, 0, 3, 7, 10],
          [-7, 0, 5, 8, 12],
          [-2, 2, 5, 9, 14],
        ],
        repeats: 1,
      },
      bells: { ...requireBells(cr), rootHz: 523.25, scale: [0, 3, 7, 10, 14], perMinute: 8, decaySeconds: 5 },
      reverb: { mix: 0.55, roomSize: 0.9, damping: 0.5 },
    }),
  ),
  track(
    "creative",
    "color-field",
    "Color Field",
    3104,
    "Wide, bright chord washes with no melody at all, just slow colour changes and a 42 Hz shimmer.",
    variant(cr, {
      modulation: { band: "gamma", rateHz: 42, depth: 0.3 },
      pad: { ...requirePad(cr), harmonics: 7, rolloff: 1.1, detuneCents: 12, levelDb: -3, overlap: 0.8 },
      bells: undefined,
    }),
  ),

  // Relax: theta-band modulation, dark and slow.
  track("relax", "slow-tide", "Slow Tide", 4101, "Deep brown-noise waves, a low breathing drone and rare soft bells, with a calm 6 Hz pulse.", rx),
];

function requireDrone(preset: Preset): NonNullable<Preset["drone"]> {
  if (!preset.drone) throw new Error(`${preset.id} has no drone`);
  return preset.drone;
}
function requirePad(preset: Preset): NonNullable<Preset["pad"]> {
  if (!preset.pad) throw new Error(`${preset.id} has no pad`);
  return preset.pad;
}
function requireBells(preset: Preset): NonNullable<Preset["bells"]> {
  if (!preset.bells) throw new Error(`${preset.id} has no bells`);
  return preset.bells;
}

/** The tracks of one mood, in catalogue order. */
export function tracksOf(mood: MoodId): readonly Track[] {
  return TRACKS.filter((t) => t.mood === mood);
}

/** The catalogue track stored as `<mood>/<filename>`, if any. */
export function trackByFile(mood: string, filename: string): Track | undefined {
  return TRACKS.find((t) => t.mood === mood && t.filename === filename);
}
