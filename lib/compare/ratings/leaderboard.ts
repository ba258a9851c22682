/**
 * The comparison leaderboard: Bradley–Terry ratings with percentile bootstrap
 * intervals, and which neighbours the data can already tell apart.
 *
 * - **Intervals** resample whole votes with replacement (a vote's pairs are
 *   not independent: one "best" click yields several), refit, and take the
 *   2.5th and 97.5th percentiles (linear interpolation between order
 *   statistics) of each model's rating. A resample that misses a model does
 *   not rate it; its percentiles come from the resamples that did. The PRNG
 *   is seeded, so the same votes and seed give the same intervals.
 * - **Rank** is 1 + the number of models whose lower bound clears this
 *   model's upper bound, so models the data cannot separate share a rank
 *   (LMArena ranks the same way).
 * - **Separation** compares each row with the next one down: "separated" when
 *   this lower bound is above the next's upper bound, else "not-yet-separable"
 *   with an estimate of the votes still needed. The estimate assumes interval
 *   widths shrink like 1/√n as votes arrive in the same mix as so far: with
 *   rating gap d and the two widths facing each other w (this rating − its
 *   lower bound, plus the next's upper bound − its rating), the intervals part
 *   once n' > n·(w/d)², so it reports ⌈n·(w/d)² − n⌉ (at least 1), or null
 *   when the ratings are equal and no number of votes would part them by this
 *   reasoning.
 * - **Too few votes separate nothing**: with a handful of votes every
 *   resample is nearly the same vote again and the intervals collapse, so
 *   two models are told apart (for rank and separation) only once each has
 *   `LEADERBOARD_MIN_VOTES` votes; until then the estimate is at least the
 *   votes still missing.
 */
import { fitBradleyTerryTally, type BradleyTerryOptions } from "./bradley-terry";
import { addToPairTally, createPairTally, outcomeModels } from "./pair-tally";
// One mulberry32 for the app: the replay model's, so a seed means the same stream everywhere.
import { createSeededRandom } from "@/lib/models/replay/seeded-random";
import type { PairOutcome } from "./vote-outcomes";

/** Votes each of two models needs before the data may separate them (a bootstrap of fewer collapses; LMArena also waits for a minimum). */
export const LEADERBOARD_MIN_VOTES = 10;

/** Default bootstrap resamples. */
export const LEADERBOARD_SAMPLES = 1000;

/** Most bootstrap resamples one leaderboard computes; each refits every model, so this bounds a request's CPU. */
export const LEADERBOARD_MAX_SAMPLES = 10_000;

/** How a row stands against the row below it. */
export type LeaderboardSeparation = {
  above: "separated" | "not-yet-separable" | "no-model-below";
  /** Estimated further votes before this row separates from the next (see the file comment); null when separated, last, or not estimable. */
  votesNeeded: number | null;
};

/** One model on the leaderboard. */
export type LeaderboardRow = {
  modelId: string;
  rating: number;
  /** Lower end of the bootstrap interval. */
  lower: number;
  /** Upper end of the bootstrap interval. */
  upper: number;
  /** Pairwise outcomes involving the model. */
  comparisons: number;
  wins: number;
  ties: number;
  losses: number;
  /** Votes the model took part in. */
  votes: number;
  /** 1-based; models that cannot be separated share a rank. */
  rank: number;
  separation: LeaderboardSeparation;
};

/** Input of {@link buildLeaderboard}. */
export type LeaderboardInput = {
  /** Each vote's outcomes (from `votesToOutcomes`); flagged votes are left out by the caller. */
  votes: readonly (readonly PairOutcome[])[];
  /** Bootstrap resamples (default 1000, at most {@link LEADERBOARD_MAX_SAMPLES}, at least 1). */
  samples?: number;
  /** PRNG seed (default 1). */
  seed?: number;
  /** Interval coverage (default 0.95). */
  confidence?: number;
  /** Options of every Bradley–Terry fit. */
  bradleyTerry?: BradleyTerryOptions;
};

/** The leaderboard: rows best first, and what produced them. */
export type Leaderboard = {
  rows: LeaderboardRow[];
  /** Votes with at least one outcome between two different models. */
  votes: number;
  samples: number;
  seed: number;
  confidence: number;
};

/** Builds the leaderboard (see the file comment for intervals, rank and separation). */
export function buildLeaderboard(input: LeaderboardInput): Leaderboard {
  const samples = Math.min(LEADERBOARD_MAX_SAMPLES, Math.max(1, Math.floor(input.samples ?? LEADERBOARD_SAMPLES)));
  const seed = input.seed ?? 1;
  const confidence = input.confidence ?? 0.95;
  const votes = input.votes.filter((vote) => vote.some((outcome) => outcome.a !== outcome.b));
  const models = outcomeModels(votes.flat());
  const indexOf = new Map(models.map((model, index) => [model, index]));

  const fullTally = createPairTally(models);
  for (const vote of votes) addToPairTally({ tally: fullTally, outcomes: vote, indexOf });
  const ratings = fitBradleyTerryTally(fullTally, input.bradleyTerry);

  const random = createSeededRandom(seed);
  const draws = new Uint32Array(votes.length);
  const resampled: number[][] = models.map(() => []);
  for (let sample = 0; sample < samples; sample += 1) {
    draws.fill(0);
    for (let draw = 0; draw < votes.length; draw += 1) {
      const index = Math.floor(random() * votes.length);
      draws[index] = (draws[index] ?? 0) + 1;
    }
    const tally = createPairTally(models);
    votes.forEach((vote, index) => {
      const weight = draws[index] ?? 0;
      if (weight > 0) addToPairTally({ tally, outcomes: vote, indexOf, weight });
    });
    const sampleRatings = fitBradleyTerryTally(tally, input.bradleyTerry);
    sampleRatings.forEach((rating, model) => {
      if (Number.isFinite(rating)) resampled[model]?.push(rating);
    });
  }

  const tail = (1 - confidence) / 2;
  const unranked = models.map((modelId, index) => {
    const rating = ratings[index] ?? Number.NaN;
    const sorted = (resampled[index] ?? []).sort((first, second) => first - second);
    const counts = modelCounts(votes, modelId);
    return {
      modelId,
      rating,
      lower: sorted.length > 0 ? percentile(sorted, tail) : rating,
      upper: sorted.length > 0 ? percentile(sorted, 1 - tail) : rating,
      ...counts,
    };
  });
  unranked.sort((first, second) => second.rating - first.rating || first.modelId.localeCompare(second.modelId));

  const rows: LeaderboardRow[] = unranked.map((row, index) => {
    const rank = 1 + unranked.filter((other) => other.lower > row.upper && enoughVotes(row, other)).length;
    const below = unranked[index + 1];
    return { ...row, rank, separation: separation(row, below, votes.length) };
  });
  return { rows, votes: votes.length, samples, seed, confidence };
}

type RatedInterval = { rating: number; lower: number; upper: number; votes: number };

function enoughVotes(first: { votes: number }, second: { votes: number }): boolean {
  return first.votes >= LEADERBOARD_MIN_VOTES && second.votes >= LEADERBOARD_MIN_VOTES;
}

function separation(row: RatedInterval, below: RatedInterval | undefined, voteCount: number): LeaderboardSeparation {
  if (below === undefined) return { above: "no-model-below", votesNeeded: null };
  const missing = Math.max(0, LEADERBOARD_MIN_VOTES - Math.min(row.votes, below.votes));
  if (missing > 0) {
    const estimate = estimateVotes(row, below, voteCount);
    return { above: "not-yet-separable", votesNeeded: Math.max(missing, estimate ?? 0) };
  }
  if (row.lower > below.upper) return { above: "separated", votesNeeded: null };
  return { above: "not-yet-separable", votesNeeded: estimateVotes(row, below, voteCount) };
}

function estimateVotes(row: RatedInterval, below: RatedInterval, voteCount: number): number | null {
  const gap = row.rating - below.rating;
  const facingWidths = row.rating - row.lower + (below.upper - below.rating);
  if (!(gap > 0) || !Number.isFinite(facingWidths)) return null;
  const needed = Math.ceil(voteCount * (facingWidths / gap) ** 2 - voteCount);
  return Math.max(1, needed);
}

/** The p-quantile of ascending `sorted` values, interpolating linearly between order statistics. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = Math.min(1, Math.max(0, p)) * (sorted.length - 1);
  const lowerIndex = Math.floor(position);
  const fraction = position - lowerIndex;
  const lowerValue = sorted[lowerIndex] ?? Number.NaN;
  if (fraction === 0) return lowerValue;
  return lowerValue + fraction * ((sorted[lowerIndex + 1] ?? lowerValue) - lowerValue);
}

function modelCounts(votes: readonly (readonly PairOutcome[])[], modelId: string) {
  let comparisons = 0;
  let wins = 0;
  let ties = 0;
  let losses = 0;
  let voteCount = 0;
  for (const vote of votes) {
    let inVote = false;
    for (const outcome of vote) {
      if (outcome.a === outcome.b) continue;
      const score = outcome.a === modelId ? outcome.score : outcome.b === modelId ? 1 - outcome.score : null;
      if (score === null) continue;
      inVote = true;
      comparisons += 1;
      if (score > 0.5) wins += 1;
      else if (score < 0.5) losses += 1;
      else ties += 1;
    }
    if (inVote) voteCount += 1;
  }
  return { comparisons, wins, ties, losses, votes: voteCount };
}
