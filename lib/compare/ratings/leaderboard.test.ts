import { describe, expect, it } from "vitest";
import { buildLeaderboard, percentile } from "./leaderboard";
import type { PairOutcome } from "./vote-outcomes";

const win = (a: string, b: string): PairOutcome => ({ a, b, score: 1 });

describe("buildLeaderboard", () => {
  it("matches a bootstrap enumerated by hand", () => {
    // Vote 1: A beats B twice, loses once. Vote 2: one each way.
    // Resamples of two votes: {1,1} (p = 1/4) → A 4–2, ratio 2; {1,2} (1/2) → 3–2, ratio 1.5;
    // {2,2} (1/4) → 2–2, ratio 1. A's rating is 1000 + 200·log10(ratio), so its bootstrap
    // distribution puts a quarter of its mass on 1000 and a quarter on 1000 + 200·log10 2:
    // the 2.5th and 97.5th percentiles are exactly those two values.
    const votes = [[win("A", "B"), win("A", "B"), win("B", "A")], [win("A", "B"), win("B", "A")]];
    const board = buildLeaderboard({ votes, samples: 1000, seed: 7 });
    const [first, second] = board.rows;
    expect(first?.modelId).toBe("A");
    // Point estimate from all votes: A 3–2, ratio 3/2.
    expect(first?.rating).toBeCloseTo(1000 + 200 * Math.log10(1.5), 6);
    expect(first?.lower).toBeCloseTo(1000, 6);
    expect(first?.upper).toBeCloseTo(1000 + 200 * Math.log10(2), 6);
    expect(second?.lower).toBeCloseTo(1000 - 200 * Math.log10(2), 6);
    expect(second?.upper).toBeCloseTo(1000, 6);
    expect(first).toMatchObject({ comparisons: 5, wins: 3, ties: 0, losses: 2, votes: 2, rank: 1 });
    expect(second).toMatchObject({ comparisons: 5, wins: 2, losses: 3, votes: 2, rank: 1 });
    // The intervals touch at 1000 but A's lower bound does not clear B's upper bound.
    expect(first?.separation.above).toBe("not-yet-separable");
    expect(second?.separation).toEqual({ above: "no-model-below", votesNeeded: null });
  });

  it("reports overlapping intervals as not yet separable, with an estimate of the votes needed", () => {
    const votes = [
      [win("A", "B")],
      [win("A", "B")],
      [win("B", "A")],
      [win("A", "B")],
      [win("B", "A")],
      [win("A", "B")],
    ];
    const board = buildLeaderboard({ votes });
    const [first, second] = board.rows;
    expect(first?.modelId).toBe("A");
    expect(first!.lower).toBeLessThanOrEqual(second!.upper);
    expect(first?.rank).toBe(1);
    expect(second?.rank).toBe(1);
    expect(first?.separation.above).toBe("not-yet-separable");
    // The documented estimate: ⌈n·(w/d)² − n⌉ with the facing widths w and the gap d.
    const gap = first!.rating - second!.rating;
    const widths = first!.rating - first!.lower + (second!.upper - second!.rating);
    expect(first?.separation.votesNeeded).toBe(Math.max(1, Math.ceil(6 * (widths / gap) ** 2 - 6)));
    expect(first!.separation.votesNeeded!).toBeGreaterThan(0);
  });

  it("separates a lopsided record with many votes and ranks the loser second", () => {
    const votes: PairOutcome[][] = [];
    for (let index = 0; index < 60; index += 1) votes.push([index % 10 === 0 ? win("B", "A") : win("A", "B")]);
    const board = buildLeaderboard({ votes, samples: 500 });
    const [first, second] = board.rows;
    expect(first?.modelId).toBe("A");
    expect(first!.lower).toBeGreaterThan(second!.upper);
    expect(first?.separation).toEqual({ above: "separated", votesNeeded: null });
    expect(first?.rank).toBe(1);
    expect(second?.rank).toBe(2);
  });

  it("ranks three models: a clear leader, then two the data cannot tell apart sharing rank 2", () => {
    const votes: PairOutcome[][] = [];
    for (let index = 0; index < 40; index += 1) {
      votes.push([win("A", "B"), win("A", "C")]);
      votes.push([index % 2 === 0 ? win("B", "C") : win("C", "B")]);
    }
    votes.push([win("B", "A")], [win("C", "A")]);
    const board = buildLeaderboard({ votes, samples: 300, seed: 3 });
    expect(board.rows.map((row) => row.modelId)[0]).toBe("A");
    expect(board.rows.map((row) => row.rank)).toEqual([1, 2, 2]);
    expect(board.rows[0]?.separation.above).toBe("separated");
    expect(board.rows[1]?.separation.above).toBe("not-yet-separable");
  });

  it("is reproducible for a seed and differs for another", () => {
    const votes = [[win("A", "B")], [win("B", "A")], [win("A", "B"), win("A", "C")], [win("C", "B")], [win("A", "C")]];
    const first = buildLeaderboard({ votes, samples: 200, seed: 42 });
    const again = buildLeaderboard({ votes, samples: 200, seed: 42 });
    const other = buildLeaderboard({ votes, samples: 200, seed: 43 });
    expect(again).toEqual(first);
    expect(other.rows.map((row) => [row.lower, row.upper])).not.toEqual(first.rows.map((row) => [row.lower, row.upper]));
    expect(first).toMatchObject({ votes: 5, samples: 200, seed: 42, confidence: 0.95 });
  });

  it("skips votes with no pair of different models and handles no votes", () => {
    expect(buildLeaderboard({ votes: [] }).rows).toEqual([]);
    const board = buildLeaderboard({ votes: [[{ a: "A", b: "A", score: 1 }], [win("A", "B")]], samples: 10 });
    expect(board.votes).toBe(1);
    expect(board.rows.map((row) => row.modelId).sort()).toEqual(["A", "B"]);
  });
});

describe("percentile", () => {
  it("interpolates linearly between order statistics", () => {
    expect(percentile([1, 2, 3, 4], 0)).toBe(1);
    expect(percentile([1, 2, 3, 4], 1)).toBe(4);
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(percentile([10], 0.975)).toBe(10);
    expect(percentile([], 0.5)).toBeNaN();
  });
});

describe("buildLeaderboard with too few votes", () => {
  it("separates nothing until each model has LEADERBOARD_MIN_VOTES votes, and says how many are missing", async () => {
    const { LEADERBOARD_MIN_VOTES } = await import("./leaderboard");
    const vote = [{ a: "model-a", b: "model-b", score: 1 }];
    const few = buildLeaderboard({ votes: [vote, vote, vote], samples: 200, seed: 3 });
    expect(few.rows.map((row) => row.modelId)).toEqual(["model-a", "model-b"]);
    expect(few.rows[0]!.separation.above).toBe("not-yet-separable");
    expect(few.rows[0]!.separation.votesNeeded).toBeGreaterThanOrEqual(LEADERBOARD_MIN_VOTES - 3);
    expect(few.rows.map((row) => row.rank)).toEqual([1, 1]);
    const many = buildLeaderboard({ votes: Array.from({ length: LEADERBOARD_MIN_VOTES * 4 }, () => vote), samples: 200, seed: 3 });
    expect(many.rows[0]!.separation.above).toBe("separated");
  });
});
