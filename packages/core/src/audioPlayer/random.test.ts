import { describe, expect, it } from "vitest";
import { nextRandom, pickTrack } from "./random";
import { fakeTracks } from "./testTracks";

describe("seeded track choice", () => {
  it("is reproducible and spread over [0, 1)", () => {
    let seed = 123;
    const values: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const r = nextRandom(seed);
      values.push(r.value);
      seed = r.seed;
    }
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(nextRandom(123)).toEqual(nextRandom(123));
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
  });

  it("reaches every track and avoids the excluded one when there is another", () => {
    const tracks = fakeTracks("deep-work", 6);
    const seen = new Set<string>();
    let seed = 9;
    for (let i = 0; i < 200; i++) {
      const pick = pickTrack(tracks, seed, "deep-work/t1.mp3");
      seed = pick.seed;
      seen.add(pick.track!.path);
    }
    expect(seen.size).toBe(5);
    expect(seen.has("deep-work/t1.mp3")).toBe(false);
    expect(pickTrack(fakeTracks("relax", 1), 1, "relax/t1.mp3").track?.path).toBe("relax/t1.mp3");
    expect(pickTrack([], 1)).toEqual({ track: null, seed: 1 });
  });
});
