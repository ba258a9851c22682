/**
 * A blind vote on a comparison run, turned into the pairwise outcomes the
 * Bradley–Terry fit consumes.
 *
 * - `best`: the chosen pane beats every other pane.
 * - `rank`: every pane beats every pane ranked below it.
 * - `tie` and `all-bad`: every pair ties. "All bad" says nothing about which
 *   model is better, so it counts as a tie between every pair (as LMArena
 *   counts "both are bad"), rather than being dropped, which would hide that
 *   the models were compared and found equal.
 *
 * Pairs of two panes of the same model (repeat runs of one model) are skipped:
 * a model cannot beat itself, and counting it would only add noise. Several
 * panes of one model each count against every pane of another model, so a
 * model shown twice in a vote takes part in two pairs with each other model.
 */
import { z } from "zod";

/** What kind of vote a person cast. */
export const CompareVoteKindSchema = z.enum(["best", "rank", "tie", "all-bad"]);

/** A vote kind. */
export type CompareVoteKind = z.infer<typeof CompareVoteKindSchema>;

/** Longest pane id a vote may name; pane ids are host-assigned and short. */
const PANE_ID_MAX_LENGTH = 128;

/** Most panes a run has (2–6 slots × up to 5 samples), so a ranking is never longer. */
export const COMPARE_VOTE_MAX_PANES = 30;

const PaneIdSchema = z.string().min(1).max(PANE_ID_MAX_LENGTH);

/**
 * What a person submits: the kind, and the best pane (`best`) or every pane
 * best first (`rank`). Which panes exist is checked against the run with
 * {@link compareVoteProblem}.
 */
export const CompareVoteInputSchema = z
  .object({
    kind: CompareVoteKindSchema,
    best: PaneIdSchema.optional(),
    ranking: z.array(PaneIdSchema).min(2).max(COMPARE_VOTE_MAX_PANES).optional(),
  })
  .superRefine((vote, context) => {
    if (vote.kind === "best" && vote.best === undefined) {
      context.addIssue({ code: "custom", path: ["best"], message: "A best vote names the best pane." });
    }
    if (vote.kind === "rank") {
      if (vote.ranking === undefined) {
        context.addIssue({ code: "custom", path: ["ranking"], message: "A rank vote ranks every pane." });
      } else if (new Set(vote.ranking).size !== vote.ranking.length) {
        context.addIssue({ code: "custom", path: ["ranking"], message: "A ranking names each pane once." });
      }
    }
  });

/** A submitted vote, before it is checked against the run's panes. */
export type CompareVoteInput = z.infer<typeof CompareVoteInputSchema>;

/** One pane of the run a vote was cast on. */
export type CompareVotePane = { paneId: string; modelId: string };

/** A vote with the panes it was cast on. */
export type CompareVote = {
  kind: CompareVoteKind;
  panes: CompareVotePane[];
  /** The best pane's id (`best`). */
  best?: string;
  /** Every pane's id, best first (`rank`). */
  ranking?: string[];
};

/** One pairwise result between two models: `score` is a's (1 win, 0.5 tie, 0 loss). */
export type PairOutcome = { a: string; b: string; score: number };

/**
 * Why a vote does not fit its panes (an unknown pane, a ranking that leaves
 * one out), or null when it does. {@link votesToOutcomes} yields nothing for a
 * vote that does not fit, so callers check first and refuse it.
 */
export function compareVoteProblem(vote: CompareVote): string | null {
  const paneIds = new Set(vote.panes.map((pane) => pane.paneId));
  if (paneIds.size !== vote.panes.length) return "The vote's panes repeat a pane id.";
  if (vote.panes.length < 2) return "A vote compares at least two panes.";
  switch (vote.kind) {
    case "best":
      if (vote.best === undefined) return "A best vote names the best pane.";
      if (!paneIds.has(vote.best)) return `Pane "${vote.best}" is not in this run.`;
      return null;
    case "rank": {
      const ranking = vote.ranking;
      if (ranking === undefined) return "A rank vote ranks every pane.";
      if (new Set(ranking).size !== ranking.length) return "A ranking names each pane once.";
      const unknown = ranking.find((paneId) => !paneIds.has(paneId));
      if (unknown !== undefined) return `Pane "${unknown}" is not in this run.`;
      if (ranking.length !== paneIds.size) return "A ranking ranks every pane.";
      return null;
    }
    case "tie":
    case "all-bad":
      return null;
  }
}

/**
 * The pairwise outcomes of one vote, between model ids (see the file comment
 * for what each kind means). A vote that does not fit its panes yields none.
 */
export function votesToOutcomes(vote: CompareVote): PairOutcome[] {
  if (compareVoteProblem(vote) !== null) return [];
  const modelByPane = new Map(vote.panes.map((pane) => [pane.paneId, pane.modelId]));
  const outcomes: PairOutcome[] = [];
  const push = (a: string, b: string, score: number) => {
    if (a !== b) outcomes.push({ a, b, score });
  };
  switch (vote.kind) {
    case "best": {
      const winner = modelByPane.get(vote.best ?? "");
      if (winner === undefined) return [];
      for (const pane of vote.panes) {
        if (pane.paneId !== vote.best) push(winner, pane.modelId, 1);
      }
      return outcomes;
    }
    case "rank": {
      const ranked = (vote.ranking ?? []).map((paneId) => modelByPane.get(paneId) ?? "");
      for (let upper = 0; upper < ranked.length; upper += 1) {
        for (let lower = upper + 1; lower < ranked.length; lower += 1) {
          push(ranked[upper] ?? "", ranked[lower] ?? "", 1);
        }
      }
      return outcomes;
    }
    case "tie":
    case "all-bad": {
      for (let first = 0; first < vote.panes.length; first += 1) {
        for (let second = first + 1; second < vote.panes.length; second += 1) {
          push(vote.panes[first]?.modelId ?? "", vote.panes[second]?.modelId ?? "", 0.5);
        }
      }
      return outcomes;
    }
  }
}
