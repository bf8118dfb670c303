/**
 * The catalogue's promises (packages/audio/README.md), checked on every track with the preset,
 * seed and DSP the server renders into AUDIO_DIR, on a 96 s loop (MEASURE_SECONDS; about 4 s
 * of CPU per track here, where a shipped 15:00 track costs about 25 s).
 */
import { describe, expect, it } from "vitest";
import { type AudioReport, analyse } from "./analysis";
import { MOODS } from "./presets";
import { loopGridSeconds, loopSecondsFor, render } from "./render";
import { MEASURE_SECONDS, TRACKS, type Track, tracksOf } from "./tracks";

const SR = 44100;
/**
 * Loop length of the determinism checks, seconds: the shortest loop (one second: every layer,
 * prerolls and cross-fade still run). A render's cost is mostly fixed (the reverb and noise
 * prerolls), so 4 s loops cost 2.5× as much and check nothing more.
 */
const DETERMINISM_SECONDS = 1;

const reports = new Map<string, AudioReport & { seconds: number }>();
/** Renders the shipped loop of a track once and measures it. */
function measure(track: Track): AudioReport & { seconds: number } {
  let report = reports.get(track.id);
  if (!report) {
    const audio = render(track.preset, track.seed, MEASURE_SECONDS, SR);
    report = { ...analyse(audio.left, audio.right, SR), seconds: audio.left.length / SR };
    reports.set(track.id, report);
  }
  return report;
}

describe("track catalogue", () => {
  it("has the catalogue's number of tracks per mood (6, 5, 4, 1)", () => {
    expect(Object.fromEntries(MOODS.map((mood) => [mood, tracksOf(mood).length]))).toEqual({
      "deep-work": 6,
      "light-work": 5,
      creative: 4,
      relax: 1,
    });
  });

  it("gives every track a unique file, title, seed and a description", () => {
    const unique = (values: unknown[]) => new Set(values).size === values.length;
    expect(unique(TRACKS.map((t) => t.id))).toBe(true);
    expect(unique(TRACKS.map((t) => t.title))).toBe(true);
    expect(unique(TRACKS.map((t) => t.seed))).toBe(true);
    for (const t of TRACKS) {
      expect(t.filename).toMatch(/^[a-z0-9-]+\.mp3$/);
      expect(t.description.length).toBeGreaterThan(20);
      expect(t.preset.id).toBe(t.id);
      expect(t.preset.mood).toBe(t.mood);
    }
  });

  it("uses each mood's band: beta for deep work, alpha for light work, gamma for creative, theta for relax", () => {
    const bands = { "deep-work": "beta", "light-work": "alpha", creative: "gamma", relax: "theta" } as const;
    const ranges = { beta: [12, 30], alpha: [8, 12], gamma: [30, 100], theta: [4, 8] } as const;
    for (const t of TRACKS) {
      const { band, rateHz } = t.preset.modulation;
      expect(band, t.id).toBe(bands[t.mood]);
      const [low, high] = ranges[band as keyof typeof ranges];
      expect(rateHz, t.id).toBeGreaterThanOrEqual(low);
      expect(rateHz, t.id).toBeLessThanOrEqual(high);
    }
    expect(tracksOf("deep-work")[0]?.preset.modulation.rateHz).toBe(16);
  });

  it("loops at least 90 s, a whole number of cycles of every modulation rate", () => {
    for (const t of TRACKS) {
      const seconds = loopSecondsFor(t.preset, MEASURE_SECONDS);
      expect(seconds).toBeGreaterThanOrEqual(90);
      const cycles = seconds * t.preset.modulation.rateHz;
      expect(Math.abs(cycles - Math.round(cycles))).toBeLessThan(1e-9);
    }
    expect(loopGridSeconds({ ...TRACKS[0]!.preset, modulation: { band: "beta", rateHz: 14.5, depth: 0.5 } })).toBe(2);
  });
});

describe.each(TRACKS.map((t) => [t.id, t] as const))("%s", (_id, track) => {
  it("is a loop of at least 90 s", () => {
    expect(measure(track).seconds).toBeGreaterThanOrEqual(90);
  });

  it("modulates at its stated rate (±0.5 Hz) and depth (±20 %)", () => {
    const report = measure(track);
    const { rateHz, depth } = track.preset.modulation;
    expect(Math.abs(report.modulationPeakHz - rateHz)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(report.modulationDepth - depth)).toBeLessThanOrEqual(0.2 * depth);
  });

  it("is normalised to −23 ±1 LUFS with the sample peak at or below −1 dBFS", () => {
    const report = measure(track);
    expect(Math.abs(report.loudnessLufs + 23)).toBeLessThanOrEqual(1);
    expect(report.samplePeakDbfs).toBeLessThanOrEqual(-1);
  });

  it("loops without a click: the seam step is within the 99.9th percentile of steps", () => {
    const report = measure(track);
    expect(report.seamStep).toBeLessThanOrEqual(report.stepP999);
  });
});

describe("rendering", () => {
  it.each(TRACKS.map((t) => [t.id, t] as const))("%s: the same seed renders identical samples, another seed different ones", (_id, track) => {
    const a = render(track.preset, track.seed, DETERMINISM_SECONDS, SR);
    const b = render(track.preset, track.seed, DETERMINISM_SECONDS, SR);
    expect(Buffer.from(a.left.buffer).equals(Buffer.from(b.left.buffer))).toBe(true);
    expect(Buffer.from(a.right.buffer).equals(Buffer.from(b.right.buffer))).toBe(true);
    const other = render(track.preset, track.seed + 1, DETERMINISM_SECONDS, SR);
    let differing = 0;
    for (let i = 0; i < a.left.length; i++) if (a.left[i] !== other.left[i]) differing++;
    expect(differing).toBeGreaterThan(a.left.length * 0.9);
  });

  it("gives Relax a lower spectral centroid than every Deep Work track", () => {
    const relax = measure(tracksOf("relax")[0]!).spectralCentroidHz;
    for (const t of tracksOf("deep-work")) expect(relax, t.id).toBeLessThan(measure(t).spectralCentroidHz);
  });
});
