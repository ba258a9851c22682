/**
 * A seeded pseudo-random generator (mulberry32) for the leaderboard's
 * bootstrap: the same votes and seed must give the same intervals on every
 * server and every run, so a published leaderboard can be reproduced.
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
