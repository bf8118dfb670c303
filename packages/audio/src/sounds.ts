/**
 * Notification sounds (bell, chime, digital, gentle; docs/product.md), generated with the same
 * oscillators and reverb as the tracks: short one-shots, normalised to −16 LUFS (louder than
 * the −23 LUFS focus audio, so they are heard over it) with the sample peak capped at
 * −1.5 dBFS by gain alone, so the attack keeps its shape.
 */
import { integratedLoudness, samplePeak } from "./analysis";
import { addDecayingSine, addSine, panGains, type Stereo } from "./oscillator";
import { Reverb, type ReverbOptions } from "./reverb";
import { DEFAULT_SAMPLE_RATE } from "./render";

export const NOTIFICATION_SOUNDS = ["bell", "chime", "digital", "gentle"] as const;
export type NotificationSoundName = (typeof NOTIFICATION_SOUNDS)[number];

/** Loudness of the notification sounds, LUFS. */
export const NOTIFICATION_LOUDNESS_LUFS = -16;
const PEAK_CEILING_DBFS = -1.5;

interface PartialSpec {
  ratio: number;
  amplitude: number;
  /** Struck notes: time to fall 60 dB, seconds. */
  decay: number;
}

interface NoteSpec {
  /** Start, seconds. */
  at: number;
  frequency: number;
  pan: number;
  partials: readonly PartialSpec[];
  /** Struck: decaying partials after `attack`. Beep: held for `hold` with linear ramps. */
  shape: { kind: "struck"; attack: number } | { kind: "beep"; attack: number; hold: number; release: number };
}

export interface SoundPreset {
  name: NotificationSoundName;
  title: string;
  description: string;
  seconds: number;
  notes: readonly NoteSpec[];
  reverb?: ReverbOptions & { mix: number };
}

const bellPartials: PartialSpec[] = [
  { ratio: 0.5, amplitude: 0.5, decay: 2.8 },
  { ratio: 1, amplitude: 1, decay: 2.2 },
  { ratio: 1.2, amplitude: 0.45, decay: 1.6 },
  { ratio: 1.5, amplitude: 0.35, decay: 1.3 },
  { ratio: 2, amplitude: 0.4, decay: 1 },
  { ratio: 2.5, amplitude: 0.2, decay: 0.7 },
  { ratio: 3, amplitude: 0.15, decay: 0.5 },
  { ratio: 4.2, amplitude: 0.1, decay: 0.3 },
];

const chimePartials: PartialSpec[] = [
  { ratio: 1, amplitude: 1, decay: 1.6 },
  { ratio: 2, amplitude: 0.3, decay: 0.8 },
  { ratio: 3, amplitude: 0.12, decay: 0.4 },
  { ratio: 4.16, amplitude: 0.08, decay: 0.3 },
];

const beepPartials: PartialSpec[] = [
  { ratio: 1, amplitude: 1, decay: 0 },
  { ratio: 3, amplitude: 0.25, decay: 0 },
  { ratio: 5, amplitude: 0.1, decay: 0 },
];

const softPartials: PartialSpec[] = [
  { ratio: 1, amplitude: 1, decay: 2.2 },
  { ratio: 2, amplitude: 0.15, decay: 1.2 },
  { ratio: 3, amplitude: 0.05, decay: 0.6 },
];

export const SOUND_PRESETS: Record<NotificationSoundName, SoundPreset> = {
  bell: {
    name: "bell",
    title: "Bell",
    description: "A single struck bell with a warm hum note, ringing out.",
    seconds: 3,
    notes: [{ at: 0, frequency: 659.25, pan: 0, partials: bellPartials, shape: { kind: "struck", attack: 0.002 } }],
    reverb: { mix: 0.25, roomSize: 0.6, damping: 0.5 },
  },
  chime: {
    name: "chime",
    title: "Chime",
    description: "Two bright rising chime notes, a fifth apart.",
    seconds: 2.5,
    notes: [
      { at: 0, frequency: 1046.5, pan: -0.3, partials: chimePartials, shape: { kind: "struck", attack: 0.002 } },
      { at: 0.16, frequency: 1568, pan: 0.3, partials: chimePartials, shape: { kind: "struck", attack: 0.002 } },
    ],
    reverb: { mix: 0.35, roomSize: 0.7, damping: 0.4 },
  },
  digital: {
    name: "digital",
    title: "Digital",
    description: "Two short electronic beeps.",
    seconds: 0.8,
    notes: [
      { at: 0, frequency: 1760, pan: 0, partials: beepPartials, shape: { kind: "beep", attack: 0.004, hold: 0.09, release: 0.01 } },
      { at: 0.16, frequency: 1760, pan: 0, partials: beepPartials, shape: { kind: "beep", attack: 0.004, hold: 0.09, release: 0.01 } },
    ],
  },
  gentle: {
    name: "gentle",
    title: "Gentle",
    description: "Two soft, slowly blooming notes falling a fourth.",
    seconds: 3,
    notes: [
      { at: 0, frequency: 880, pan: -0.15, partials: softPartials, shape: { kind: "struck", attack: 0.03 } },
      { at: 0.35, frequency: 659.25, pan: 0.15, partials: softPartials, shape: { kind: "struck", attack: 0.03 } },
    ],
    reverb: { mix: 0.4, roomSize: 0.75, damping: 0.6 },
  },
};

export interface RenderedSound {
  left: Float32Array;
  right: Float32Array;
  sampleRate: number;
}

/** Renders a notification sound (deterministic; no randomness involved). */
export function renderNotificationSound(name: NotificationSoundName, sampleRate: number = DEFAULT_SAMPLE_RATE): RenderedSound {
  const preset = SOUND_PRESETS[name];
  const n = Math.round(preset.seconds * sampleRate);
  const dry: Stereo = { left: new Float32Array(n), right: new Float32Array(n) };
  for (const note of preset.notes) addNote(dry, note, sampleRate);

  let out = dry;
  if (preset.reverb) {
    const wet: Stereo = { left: new Float32Array(n), right: new Float32Array(n) };
    new Reverb(sampleRate, preset.reverb).process(dry.left, dry.right, wet.left, wet.right);
    const wetGain = preset.reverb.mix * (rmsOf(dry) / (rmsOf(wet) || 1));
    out = { left: new Float32Array(n), right: new Float32Array(n) };
    for (let i = 0; i < n; i++) {
      out.left[i] = (1 - preset.reverb.mix) * (dry.left[i] as number) + wetGain * (wet.left[i] as number);
      out.right[i] = (1 - preset.reverb.mix) * (dry.right[i] as number) + wetGain * (wet.right[i] as number);
    }
  }
  fadeOut(out, Math.round(0.05 * sampleRate));

  const channels = [out.left, out.right];
  const loudness = integratedLoudness(channels, sampleRate);
  const loudnessGain = Number.isFinite(loudness) ? Math.pow(10, (NOTIFICATION_LOUDNESS_LUFS - loudness) / 20) : 1;
  const peakGain = Math.pow(10, PEAK_CEILING_DBFS / 20) / (samplePeak(channels) || 1);
  const gain = Math.min(loudnessGain, peakGain);
  for (const channel of channels) for (let i = 0; i < n; i++) channel[i] = (channel[i] as number) * gain;
  return { left: out.left, right: out.right, sampleRate };
}

function addNote(out: Stereo, note: NoteSpec, sampleRate: number): void {
  const start = Math.round(note.at * sampleRate);
  const pan = panGains(note.pan);
  const remaining = out.left.length - start;
  // Writes wrap around the buffer end; notes are kept short enough not to reach it.
  if (note.shape.kind === "struck") {
    const attack = Math.max(1, Math.round(note.shape.attack * sampleRate));
    for (const p of note.partials) {
      const count = Math.min(remaining, Math.round(p.decay * sampleRate));
      const partial = { frequency: note.frequency * p.ratio, left: p.amplitude * pan.left, right: p.amplitude * pan.right };
      addDecayingSine(out, start, count, partial, p.decay, attack, sampleRate);
    }
    return;
  }
  const { attack, hold, release } = note.shape;
  const a = Math.round(attack * sampleRate);
  const h = Math.round(hold * sampleRate);
  const r = Math.round(release * sampleRate);
  const envelope = new Float32Array(Math.min(remaining, a + h + r));
  for (let i = 0; i < envelope.length; i++) {
    envelope[i] = i < a ? i / a : i < a + h ? 1 : Math.max(0, 1 - (i - a - h) / r);
  }
  for (const p of note.partials) {
    const partial = { frequency: note.frequency * p.ratio, left: p.amplitude * pan.left, right: p.amplitude * pan.right };
    addSine(out, start, envelope.length, partial, sampleRate, envelope);
  }
}

function rmsOf(s: Stereo): number {
  let sum = 0;
  for (let i = 0; i < s.left.length; i++) sum += (s.left[i] as number) ** 2 + (s.right[i] as number) ** 2;
  return Math.sqrt(sum / (2 * Math.max(1, s.left.length)));
}

function fadeOut(s: Stereo, samples: number): void {
  const n = s.left.length;
  for (let i = 0; i < samples && i < n; i++) {
    const g = i / samples;
    s.left[n - 1 - i] = (s.left[n - 1 - i] as number) * g;
    s.right[n - 1 - i] = (s.right[n - 1 - i] as number) * g;
  }
}
