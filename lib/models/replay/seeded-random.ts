/**
 * A small seeded pseudo-random generator (mulberry32). The replay provider
 * needs chunking and pacing that look irregular to a viewer but are the same
 * on every run for the same seed, so tests can assert on them.
 */

/** A function returning the next number in [0, 1) of a seeded sequence. */
export type SeededRandom = () => number;

/** Creates a deterministic generator; the same seed always yields the same sequence. */
export function createSeededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** Hashes a string to a 32-bit seed (FNV-1a), so each recording and step gets its own stream of numbers. */
export function hashSeed(text: string, seed = 0): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}
