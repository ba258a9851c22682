import { describe, expect, it } from "vitest";
import { CompareVoteInputSchema, compareVoteProblem, votesToOutcomes, type CompareVote } from "./vote-outcomes";

const panes = [
  { paneId: "p1", modelId: "alpha" },
  { paneId: "p2", modelId: "beta" },
  { paneId: "p3", modelId: "gamma" },
];

describe("votesToOutcomes", () => {
  it("best: the chosen pane beats every other", () => {
    expect(votesToOutcomes({ kind: "best", panes, best: "p2" })).toEqual([
      { a: "beta", b: "alpha", score: 1 },
      { a: "beta", b: "gamma", score: 1 },
    ]);
  });

  it("rank: each pane beats every pane below it", () => {
    expect(votesToOutcomes({ kind: "rank", panes, ranking: ["p3", "p1", "p2"] })).toEqual([
      { a: "gamma", b: "alpha", score: 1 },
      { a: "gamma", b: "beta", score: 1 },
      { a: "alpha", b: "beta", score: 1 },
    ]);
  });

  it.each(["tie", "all-bad"] as const)("%s: every pair ties", (kind) => {
    expect(votesToOutcomes({ kind, panes })).toEqual([
      { a: "alpha", b: "beta", score: 0.5 },
      { a: "alpha", b: "gamma", score: 0.5 },
      { a: "beta", b: "gamma", score: 0.5 },
    ]);
  });

  it("skips pairs of one model and counts each repeat pane against the others", () => {
    const repeat: CompareVote = {
      kind: "rank",
      panes: [
        { paneId: "x1", modelId: "alpha" },
        { paneId: "x2", modelId: "alpha" },
        { paneId: "y", modelId: "beta" },
      ],
      ranking: ["x1", "y", "x2"],
    };
    expect(votesToOutcomes(repeat)).toEqual([
      { a: "alpha", b: "beta", score: 1 },
      { a: "beta", b: "alpha", score: 1 },
    ]);
    expect(votesToOutcomes({ ...repeat, kind: "best", best: "x2" })).toEqual([{ a: "alpha", b: "beta", score: 1 }]);
    expect(votesToOutcomes({ ...repeat, kind: "tie" })).toEqual([
      { a: "alpha", b: "beta", score: 0.5 },
      { a: "alpha", b: "beta", score: 0.5 },
    ]);
  });

  it("yields nothing for a vote that does not fit its panes", () => {
    const misfits: CompareVote[] = [
      { kind: "best", panes, best: "nope" },
      { kind: "best", panes },
      { kind: "rank", panes, ranking: ["p1", "p2"] },
      { kind: "rank", panes, ranking: ["p1", "p2", "p2"] },
      { kind: "rank", panes, ranking: ["p1", "p2", "zz"] },
      { kind: "tie", panes: [panes[0]!] },
      { kind: "tie", panes: [panes[0]!, panes[0]!] },
    ];
    for (const vote of misfits) {
      expect(compareVoteProblem(vote)).not.toBeNull();
      expect(votesToOutcomes(vote)).toEqual([]);
    }
    expect(compareVoteProblem({ kind: "rank", panes, ranking: ["p1", "p2", "p3"] })).toBeNull();
  });
});

describe("CompareVoteInputSchema", () => {
  it("accepts each kind with what it needs", () => {
    expect(CompareVoteInputSchema.safeParse({ kind: "best", best: "p1" }).success).toBe(true);
    expect(CompareVoteInputSchema.safeParse({ kind: "rank", ranking: ["p1", "p2"] }).success).toBe(true);
    expect(CompareVoteInputSchema.safeParse({ kind: "tie" }).success).toBe(true);
    expect(CompareVoteInputSchema.safeParse({ kind: "all-bad" }).success).toBe(true);
  });

  it("refuses a best without a pane, a rank without or with a repeating ranking, and unknown kinds", () => {
    expect(CompareVoteInputSchema.safeParse({ kind: "best" }).success).toBe(false);
    expect(CompareVoteInputSchema.safeParse({ kind: "rank" }).success).toBe(false);
    expect(CompareVoteInputSchema.safeParse({ kind: "rank", ranking: ["p1", "p1"] }).success).toBe(false);
    expect(CompareVoteInputSchema.safeParse({ kind: "worst", best: "p1" }).success).toBe(false);
    expect(CompareVoteInputSchema.safeParse({ kind: "best", best: "" }).success).toBe(false);
  });
});
