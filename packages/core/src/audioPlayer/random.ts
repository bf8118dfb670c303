/**
 * The players' random track choice, seeded so every choice is reproducible (tests, the path
 * explorer) and the seed travels in the chart's context instead of hiding in `Math.random`.
 */
import type { AudioFile } from "../audio/schemas";

/** One step of mulberry32: a number in [0, 1) and the next seed. */
export function nextRandom(seed: number): { value: number; seed: number } {
  const next = (seed + 0x6d2b79f5) >>> 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return { value: ((t ^ (t >>> 14)) >>> 0) / 4294967296, seed: next };
}

/**
 * A random track of `tracks`, avoiding the one at `excludePath` when there is another
 * (Change Flow, the next track at the end); null for an empty list.
 */
export function pickTrack(
  tracks: readonly AudioFile[],
  seed: number,
  excludePath: string | null = null,
): { track: AudioFile | null; seed: number } {
  const others = excludePath === null ? tracks : tracks.filter((t) => t.path !== excludePath);
  const pool = others.length > 0 ? others : tracks;
  if (pool.length === 0) return { track: null, seed };
  const { value, seed: next } = nextRandom(seed);
  return { track: pool[Math.floor(value * pool.length)] ?? null, seed: next };
}

/** A fresh seed for a chart started without one (the app's players). */
export function randomSeed(): number {
  return Math.floor(Math.random() * 4294967296) >>> 0;
}
