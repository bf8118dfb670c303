/**
 * Seeded pseudo-random numbers: sfc32 (Small Fast Counter, 128-bit state) seeded through
 * splitmix32. The same seed gives the same sequence on every platform, so a track renders
 * to identical samples wherever it is rendered.
 */

/** A seeded random source. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  range(min: number, max: number): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** A random element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** An independent generator for a named purpose, derived from this one's seed. */
  fork(label: string): Rng;
}

/**
 * A 32-bit hash of the parts (FNV-1a over their text, then a murmur3 finaliser), used to
 * derive seeds: `hashSeed(trackSeed, "noise", 0)`.
 */
export function hashSeed(...parts: readonly (string | number)[]): number {
  let h = 0x811c9dc5;
  const text = parts.join("\u0000");
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** splitmix32 step: spreads a 32-bit seed over the generator's state words. */
function splitmix32(state: { s: number }): number {
  state.s = (state.s + 0x9e3779b9) | 0;
  let z = state.s;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** A generator seeded by a number (any 32-bit value) or a string. */
export function createRng(seed: number | string): Rng {
  const seed32 = typeof seed === "number" && Number.isInteger(seed) ? seed >>> 0 : hashSeed(seed);
  const init = { s: seed32 };
  let a = splitmix32(init);
  let b = splitmix32(init);
  let c = splitmix32(init);
  let d = splitmix32(init);

  const nextUint32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Discard the first outputs so nearby seeds diverge at once.
  for (let i = 0; i < 12; i++) nextUint32();

  const next = () => nextUint32() / 4294967296;
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (n) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new RangeError("pick from an empty array");
      return items[Math.floor(next() * items.length)] as T;
    },
    fork: (label) => createRng(hashSeed(seed32, label)),
  };
}
