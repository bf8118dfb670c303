/**
 * The moods of the audio player as data, with their workflows and the audio constants (the
 * rules: `docs/product.md`, Audio). The generated tracks of each mood are in `@focus/audio`'s
 * track catalogue; this file is what every screen shows about a mood.
 */
import type { AudioMood, AudioMoodId, BrainwaveBand } from "./schemas";

/** Generated tracks per mood (16 in all, `docs/product.md`, Audio). */
export const AUDIO_TRACK_COUNTS: Record<AudioMoodId, number> = {
  "deep-work": 6,
  "light-work": 5,
  creative: 4,
  relax: 1,
};

/** Generated tracks in the whole library (what the plan copy counts). */
export const AUDIO_TRACK_TOTAL = Object.values(AUDIO_TRACK_COUNTS).reduce((sum, count) => sum + count, 0);

/** Player volume at start, 0..1 (`docs/product.md`, Audio: 70 %). */
export const AUDIO_DEFAULT_VOLUME = 0.7;
/** Audio test page volume at start, 0..1. */
export const AUDIO_TEST_DEFAULT_VOLUME = 0.5;
/** Volume slider of the local player, percent. */
export const AUDIO_VOLUME_SLIDER = { min: 0, max: 100, step: 1, defaultValue: 70 } as const;

/** The only mood a guest may play (`docs/product.md`, Audio). */
export const GUEST_AUDIO_MOOD: AudioMoodId = "deep-work";

/** File types the local library lists and streams, by extension. */
export const AUDIO_FILE_TYPES = {
  mp3: "audio/mpeg",
  ogg: "audio/ogg",
  m4a: "audio/mp4",
  wav: "audio/wav",
  flac: "audio/flac",
} as const;
export type AudioFileExtension = keyof typeof AUDIO_FILE_TYPES;

/** Notification sounds that exist as files at `/sounds/{name}.mp3`. */
export const NOTIFICATION_SOUND_FILES = ["bell", "chime", "digital", "gentle"] as const;

/** Wave types of the audio test page's visualisation. */
export const WAVE_TYPES: Record<Exclude<BrainwaveBand, "delta">, { range: string; minHz: number; maxHz: number; label: string }> = {
  alpha: { range: "8-12Hz", minHz: 8, maxHz: 12, label: "deep focus" },
  beta: { range: "12-30Hz", minHz: 12, maxHz: 30, label: "active thinking" },
  gamma: { range: "30-100Hz", minHz: 30, maxHz: 100, label: "creative flow" },
  theta: { range: "4-8Hz", minHz: 4, maxHz: 8, label: "mental relaxation" },
};
/** The wave visualisation: points drawn and target frame rate. */
export const WAVE_POINTS = 20;
export const WAVE_FPS = 60;

const soon = "coming-soon" as const;

/** The four moods in tab order, each with its fine-tuning options and workflows. */
export const AUDIO_MOODS: readonly AudioMood[] = [
  {
    id: "deep-work",
    name: "Deep Work",
    emoji: "🧠",
    description:
      "Warm noise and a low, steady drone, pulsed at 16 Hz in the beta band: the modulation that helped sustained attention most in listening studies.",
    color: "#6366f1",
    usage:
      "Start it with a focus session on one demanding task. Keep the volume just loud enough to cover the room, and let it run for the whole session.",
    bestFor: ["Coding and debugging", "Data analysis", "Studying dense material", "Writing that needs full attention"],
    fineTuningOptions: [
      {
        id: "dw-high-beta",
        name: "High Beta",
        description: "A faster 20 Hz pulse for tasks that need alertness more than calm.",
        frequency: "20Hz beta",
        status: soon,
      },
      {
        id: "dw-gamma-edge",
        name: "Gamma Edge",
        description: "A 40 Hz layer over the beta pulse for pattern-heavy work.",
        frequency: "40Hz gamma",
        status: soon,
      },
      {
        id: "dw-depth",
        name: "Modulation Depth",
        description: "Choose how strongly the sound pulses, from subtle to pronounced.",
        frequency: "16Hz beta",
        status: soon,
      },
    ],
    workflows: [
      { id: "dw-coding", name: "Coding Focus", emoji: "💻", description: "Long stretches of programming and debugging without context switches." },
      { id: "dw-analysis", name: "Data Analysis", emoji: "📊", description: "Working through numbers, spreadsheets and queries with steady attention." },
      { id: "dw-research", name: "Research Mode", emoji: "🔬", description: "Reading papers and sources closely and taking notes." },
    ],
    modulation: { band: "beta", rateHz: 16 },
  },
  {
    id: "light-work",
    name: "Light Work",
    emoji: "☀️",
    description:
      "Brighter pink noise and open chords with a gentle 10 Hz alpha pulse: present enough to keep you moving, light enough to talk over.",
    color: "#f59e0b",
    usage:
      "Use it for routine tasks and work with interruptions: email, planning, reviews. A lower volume works well when you switch between tasks often.",
    bestFor: ["Email and messages", "Planning and scheduling", "Reviewing documents", "Routine admin"],
    fineTuningOptions: [
      {
        id: "lw-alpha",
        name: "Alpha Flow",
        description: "A steady 10 Hz pulse for relaxed, continuous work.",
        frequency: "10Hz alpha",
        status: soon,
      },
      {
        id: "lw-beta-lift",
        name: "Beta Lift",
        description: "A 20 Hz pulse for a little more drive during routine work.",
        frequency: "20Hz beta",
        status: soon,
      },
    ],
    workflows: [
      { id: "lw-admin", name: "Admin Tasks", emoji: "📋", description: "Email, forms, invoices and the small tasks that pile up." },
      { id: "lw-planning", name: "Planning", emoji: "🗓️", description: "Sorting priorities, scheduling the week and breaking work down." },
      { id: "lw-review", name: "Content Review", emoji: "📝", description: "Proofreading and reviewing work that needs care but not deep effort." },
    ],
    modulation: { band: "alpha", rateHz: 10 },
  },
  {
    id: "creative",
    name: "Creative",
    emoji: "🎨",
    description:
      "Shimmering chords and scattered bell tones over soft noise, with a fast 40 Hz gamma flutter: varied enough to spark ideas without pulling focus.",
    color: "#ec4899",
    usage:
      "Use it when you are generating rather than executing: sketching, writing drafts, brainstorming. Let it play in the background and switch tracks for a fresh mood.",
    bestFor: ["Design and illustration", "Creative writing", "Brainstorming", "Music and video editing"],
    fineTuningOptions: [
      {
        id: "c-gamma",
        name: "Gamma Flow",
        description: "The 40 Hz flutter, stronger or weaker.",
        frequency: "40Hz gamma",
        status: soon,
      },
      {
        id: "c-alpha-incubation",
        name: "Incubation",
        description: "A slower 10 Hz pulse for letting ideas settle.",
        frequency: "10Hz alpha",
        status: soon,
      },
      {
        id: "c-theta-ideation",
        name: "Ideation",
        description: "A dreamy 6 Hz pulse for free association.",
        frequency: "6Hz theta",
        status: soon,
      },
    ],
    workflows: [
      { id: "c-design", name: "Design Work", emoji: "🖌️", description: "Visual design, layout and illustration." },
      { id: "c-writing", name: "Creative Writing", emoji: "✍️", description: "Drafting stories, posts and scripts." },
      { id: "c-brainstorm", name: "Brainstorming", emoji: "💡", description: "Collecting ideas quickly without judging them." },
    ],
    modulation: { band: "gamma", rateHz: 40 },
  },
  {
    id: "relax",
    name: "Relax",
    emoji: "🌙",
    description:
      "Deep brown noise and a low, slowly breathing drone with a soft 6 Hz theta pulse, dark and calm for breaks and winding down.",
    color: "#14b8a6",
    usage:
      "Play it during breaks or after a long session. Step away from the screen, breathe slowly and let the sound carry you for a few minutes.",
    bestFor: ["Breaks between sessions", "Meditation", "Winding down before sleep", "Reducing stress"],
    fineTuningOptions: [
      {
        id: "r-theta",
        name: "Theta Calm",
        description: "A 6 Hz pulse for relaxed, drifting attention.",
        frequency: "6Hz theta",
        status: soon,
      },
      {
        id: "r-delta",
        name: "Deep Rest",
        description: "A very slow 2 Hz pulse for rest and sleep.",
        frequency: "2Hz delta",
        status: soon,
      },
      {
        id: "r-alpha",
        name: "Calm Alert",
        description: "A 10 Hz pulse for a relaxed but awake break.",
        frequency: "10Hz alpha",
        status: soon,
      },
    ],
    workflows: [
      { id: "r-meditation", name: "Meditation", emoji: "🧘", description: "A few minutes of breathing and stillness." },
      { id: "r-break", name: "Break Time", emoji: "☕", description: "A short pause between focus sessions to recover." },
      { id: "r-sleep", name: "Wind Down", emoji: "😴", description: "Ending the day and letting go of work." },
    ],
    modulation: { band: "theta", rateHz: 6 },
  },
];

/** The mood with this id, or undefined for an unknown id. */
export function audioMoodById(id: string): AudioMood | undefined {
  return AUDIO_MOODS.find((mood) => mood.id === id);
}

/** Whether `id` names one of the four moods. */
export function isAudioMoodId(id: string): id is AudioMoodId {
  return AUDIO_MOODS.some((mood) => mood.id === id);
}
