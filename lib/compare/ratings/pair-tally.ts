/**
 * Pairwise outcomes summed into a win/games matrix, the form the
 * Bradley–Terry fit iterates over. The leaderboard's bootstrap tallies each
 * vote once and adds tallies per resample, instead of re-walking outcomes.
 */
import type { PairOutcome } from "./vote-outcomes";

/** Wins and games between every pair of models, indexed by position in `models`. */
export type PairTally = {
  models: string[];
  /** `wins[i * n + j]`: the score model i earned against model j (a tie gives each half). */
  wins: Float64Array;
  /** `games[i * n + j]`: how many outcomes models i and j share (symmetric). */
  games: Float64Array;
};

/** An empty tally over the given models. */
export function createPairTally(models: string[]): PairTally {
  const size = models.length * models.length;
  return { models, wins: new Float64Array(size), games: new Float64Array(size) };
}

/**
 * Adds outcomes to a tally, `weight` times each (the bootstrap adds a vote as
 * often as it was drawn). Outcomes of a model against itself and outcomes
 * naming models outside the tally are skipped.
 */
export function addToPairTally(options: {
  tally: PairTally;
  outcomes: readonly PairOutcome[];
  indexOf: ReadonlyMap<string, number>;
  weight?: number;
}): void {
  const { tally, outcomes, indexOf } = options;
  const weight = options.weight ?? 1;
  const count = tally.models.length;
  for (const outcome of outcomes) {
    const first = indexOf.get(outcome.a);
    const second = indexOf.get(outcome.b);
    if (first === undefined || second === undefined || first === second) continue;
    const score = clampScore(outcome.score);
    tally.wins[first * count + second] = (tally.wins[first * count + second] ?? 0) + weight * score;
    tally.wins[second * count + first] = (tally.wins[second * count + first] ?? 0) + weight * (1 - score);
    tally.games[first * count + second] = (tally.games[first * count + second] ?? 0) + weight;
    tally.games[second * count + first] = (tally.games[second * count + first] ?? 0) + weight;
  }
}

/** Every model an outcome names, sorted so the same outcomes give the same order. */
export function outcomeModels(outcomes: Iterable<PairOutcome>): string[] {
  const models = new Set<string>();
  for (const outcome of outcomes) {
    if (outcome.a === outcome.b) continue;
    models.add(outcome.a);
    models.add(outcome.b);
  }
  return [...models].sort();
}

/** A score outside [0, 1] (or not a number) would break the likelihood; it is read as the nearest valid one, NaN as a tie. */
function clampScore(score: number): number {
  if (Number.isNaN(score)) return 0.5;
  return Math.min(1, Math.max(0, score));
}
