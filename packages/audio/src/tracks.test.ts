/**
 * The catalogue's shape: counts per mood, unique files and titles, each mood's band and loops
 * that hold whole modulation cycles. Every track's rendered promises (loudness, modulation, a
 * click-free seam, determinism) are checked per mood in tracks.<mood>.test.ts.
 */
import { describe, expect, it } from "vitest";
import { MOODS } from "./presets";
import { loopGridSeconds, loopSecondsFor } from "./render";
import { MEASURE_SECONDS, TRACKS, tracksOf } from "./tracks";

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
