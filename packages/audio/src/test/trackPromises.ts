/**
 * The catalogue's per-track promises (packages/audio/README.md), shared by the track test files,
 * which each take some moods so that no one file holds the whole catalogue's rendering (about
 * 4 s of CPU per track) and the test workers share it. Each track is checked with the preset,
 * seed and DSP the server renders into AUDIO_DIR, on a MEASURE_SECONDS loop.
 */
import { describe, expect, it } from "vitest";
import { type AudioReport, analyse } from "../analysis";
import { render } from "../render";
import { MEASURE_SECONDS, type Track } from "../tracks";

/** Sample rate of the renders, Hz: the library's. */
const SR = 44100;
/**
 * Loop length of the determinism checks, seconds: the shortest loop (one second: every layer,
 * prerolls and cross-fade still run). A render's cost is mostly fixed (the reverb and noise
 * prerolls), so 4 s loops cost 2.5× as much and check nothing more.
 */
const DETERMINISM_SECONDS = 1;

const reports = new Map<string, AudioReport & { seconds: number }>();

/** Renders the shipped loop of a track once per test file and measures it. */
export function measure(track: Track): AudioReport & { seconds: number } {
  let report = reports.get(track.id);
  if (!report) {
    const audio = render(track.preset, track.seed, MEASURE_SECONDS, SR);
    report = { ...analyse(audio.left, audio.right, SR), seconds: audio.left.length / SR };
    reports.set(track.id, report);
  }
  return report;
}

/**
 * Registers, for each of `tracks`: its loop length, modulation rate and depth, loudness and
 * peak, a click-free seam, and a render that the seed alone decides.
 */
export function describeTrackPromises(tracks: readonly Track[]): void {
  describe.each(tracks.map((t) => [t.id, t] as const))("%s", (_id, track) => {
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

    it("renders identical samples from the same seed, and different ones from another seed", () => {
      const a = render(track.preset, track.seed, DETERMINISM_SECONDS, SR);
      const b = render(track.preset, track.seed, DETERMINISM_SECONDS, SR);
      expect(Buffer.from(a.left.buffer).equals(Buffer.from(b.left.buffer))).toBe(true);
      expect(Buffer.from(a.right.buffer).equals(Buffer.from(b.right.buffer))).toBe(true);
      const other = render(track.preset, track.seed + 1, DETERMINISM_SECONDS, SR);
      let differing = 0;
      for (let i = 0; i < a.left.length; i++) if (a.left[i] !== other.left[i]) differing++;
      expect(differing).toBeGreaterThan(a.left.length * 0.9);
    });
  });
}
