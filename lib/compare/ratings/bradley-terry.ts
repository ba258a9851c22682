/**
 * Bradley–Terry ratings from pairwise outcomes, fitted by Hunter's (2004)
 * minorization–maximization iteration:
 *
 *   p_i ← W_i / Σ_j n_ij / (p_i + p_j)
 *
 * where W_i is model i's score (a tie is half a win for each side) and n_ij
 * the games between i and j. Strengths are reported on an Elo-like scale,
 *
 *   rating_i = 1000 + 400 · log10(p_i / geometric mean of all p),
 *
 * so the average model sits at 1000 and a 400-point gap means 10:1 odds.
 *
 * The maximum-likelihood strengths exist (are finite and unique up to scale)
 * only when the "scored against" graph is strongly connected (Ford 1957): for
 * every split of the models into two groups, each group scored at least half a
 * point against the other. When it is — the usual case once votes accumulate —
 * the fit is the exact maximum-likelihood one, so small cases can be checked by
 * hand. When it is not (a model that never won, one that never lost, groups of
 * models never compared with each other), the MLE sends some strengths to 0 or
 * infinity; then each model also gets `priorGames` virtual games (default 1)
 * against a fixed reference of strength 1, half of them won. That weak prior
 * keeps every rating finite, pulls models with little evidence toward the
 * average, and puts unconnected groups on one scale.
 */
import { addToPairTally, createPairTally, outcomeModels, type PairTally } from "./pair-tally";
import type { PairOutcome } from "./vote-outcomes";

/** Options of {@link fitBradleyTerry}. */
export type BradleyTerryOptions = {
  /** Virtual games against the reference when the MLE does not exist (default 1); 0 disables the prior. */
  priorGames?: number;
  /** Rating of the geometric-mean strength (default 1000). */
  baseRating?: number;
  /** Rating points per factor of 10 in strength (default 400). */
  scale?: number;
  /** Stop when no log-strength moves more than this in an iteration (default 1e-12). */
  tolerance?: number;
  /** Stop after this many iterations even if not converged (default 10 000). */
  maxIterations?: number;
};

/** Default virtual games per model when the prior applies. */
export const BRADLEY_TERRY_PRIOR_GAMES = 1;

/** Ratings of every model the outcomes name, by model id (see the file comment for the scale and the prior). */
export function fitBradleyTerry(outcomes: readonly PairOutcome[], options: BradleyTerryOptions = {}): Map<string, number> {
  const models = outcomeModels(outcomes);
  const tally = createPairTally(models);
  addToPairTally({ tally, outcomes, indexOf: new Map(models.map((model, index) => [model, index])) });
  const ratings = fitBradleyTerryTally(tally, options);
  return new Map(models.map((model, index) => [model, ratings[index] ?? Number.NaN]));
}

/**
 * Ratings for a tally, in the order of `tally.models`. Models with no games
 * in the tally are left out of the fit and rated NaN, so a bootstrap resample
 * that misses a model says so instead of inventing a rating.
 */
export function fitBradleyTerryTally(tally: PairTally, options: BradleyTerryOptions = {}): Float64Array {
  const baseRating = options.baseRating ?? 1000;
  const scale = options.scale ?? 400;
  const count = tally.models.length;
  const ratings = new Float64Array(count).fill(Number.NaN);

  const active: number[] = [];
  for (let model = 0; model < count; model += 1) {
    let games = 0;
    for (let other = 0; other < count; other += 1) games += tally.games[model * count + other] ?? 0;
    if (games > 0) active.push(model);
  }
  if (active.length === 0) return ratings;
  if (active.length === 1) {
    ratings[active[0] ?? 0] = baseRating;
    return ratings;
  }

  const priorGames = hasMaximumLikelihood(tally, active) ? 0 : (options.priorGames ?? BRADLEY_TERRY_PRIOR_GAMES);
  const strengths = iterate({ tally, active, priorGames, tolerance: options.tolerance ?? 1e-12, maxIterations: options.maxIterations ?? 10_000 });

  let logSum = 0;
  for (let position = 0; position < active.length; position += 1) logSum += Math.log10(strengths[position] ?? 1);
  const logMean = logSum / active.length;
  active.forEach((model, position) => {
    ratings[model] = baseRating + scale * (Math.log10(strengths[position] ?? 1) - logMean);
  });
  return ratings;
}

/** Hunter's MM iteration over the active models; strengths in `active` order. */
function iterate(options: {
  tally: PairTally;
  active: number[];
  priorGames: number;
  tolerance: number;
  maxIterations: number;
}): Float64Array {
  const { tally, active, priorGames, tolerance, maxIterations } = options;
  const count = tally.models.length;
  const size = active.length;
  const scores = new Float64Array(size);
  active.forEach((model, position) => {
    let score = priorGames / 2;
    for (let other = 0; other < count; other += 1) score += tally.wins[model * count + other] ?? 0;
    scores[position] = score;
  });

  let strengths = new Float64Array(size).fill(1);
  let next = new Float64Array(size);
  for (let iteration = 0; iteration < maxIterations; iteration += 1) {
    for (let position = 0; position < size; position += 1) {
      const model = active[position] ?? 0;
      const strength = strengths[position] ?? 1;
      let denominator = priorGames > 0 ? priorGames / (strength + 1) : 0;
      for (let otherPosition = 0; otherPosition < size; otherPosition += 1) {
        const games = tally.games[model * count + (active[otherPosition] ?? 0)] ?? 0;
        if (games > 0) denominator += games / (strength + (strengths[otherPosition] ?? 1));
      }
      next[position] = (scores[position] ?? 0) / denominator;
    }
    // Without the prior the likelihood fixes strengths only up to a common
    // factor; pinning the geometric mean to 1 keeps them from drifting.
    if (priorGames === 0) {
      let logSum = 0;
      for (let position = 0; position < size; position += 1) logSum += Math.log(next[position] ?? 1);
      const factor = Math.exp(-logSum / size);
      for (let position = 0; position < size; position += 1) next[position] = (next[position] ?? 1) * factor;
    }
    let largestStep = 0;
    for (let position = 0; position < size; position += 1) {
      largestStep = Math.max(largestStep, Math.abs(Math.log((next[position] ?? 1) / (strengths[position] ?? 1))));
    }
    [strengths, next] = [next, strengths];
    if (largestStep < tolerance) break;
  }
  return strengths;
}

/**
 * Whether the maximum-likelihood strengths exist: every active model reaches
 * every other along "scored against" edges (i→j when i earned any score
 * against j), i.e. the graph is strongly connected (Ford's condition).
 */
function hasMaximumLikelihood(tally: PairTally, active: number[]): boolean {
  const count = tally.models.length;
  const reachesAll = (forward: boolean): boolean => {
    const seen = new Set<number>([active[0] ?? 0]);
    const stack = [active[0] ?? 0];
    while (stack.length > 0) {
      const model = stack.pop() ?? 0;
      for (const other of active) {
        if (seen.has(other)) continue;
        const score = forward ? tally.wins[model * count + other] : tally.wins[other * count + model];
        if ((score ?? 0) > 0) {
          seen.add(other);
          stack.push(other);
        }
      }
    }
    return seen.size === active.length;
  };
  return reachesAll(true) && reachesAll(false);
}
