"use client";
/**
 * The blind vote of a run: the best pane, a full ranking, a tie, or all bad.
 * Offered to the owner once every pane has finished; names are revealed by
 * the answer. A ranking is built by choosing each place in turn.
 */
import { useState } from "react";
import type { CompareRunView } from "@/lib/compare/run/compare-view";
import styles from "./compare-run.module.css";

type VoteChoice = "best" | "rank" | "tie" | "all-bad";

/** Props of `VotePanel`. */
export type VotePanelProps = {
  view: CompareRunView;
  /** False while a pane is still writing. */
  ready: boolean;
  onVote: (vote: { kind: "best"; best: string } | { kind: "rank"; ranking: string[] } | { kind: "tie" } | { kind: "all-bad" }) => Promise<string | null>;
};

/** The vote form, or the vote as cast (see the file comment). */
export function VotePanel({ view, ready, onVote }: VotePanelProps) {
  const [choice, setChoice] = useState<VoteChoice>("best");
  const [best, setBest] = useState<string>("");
  const [ranking, setRanking] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const labelOf = (paneId: string) => {
    const pane = view.panes.find((candidate) => candidate.id === paneId);
    return pane ? (pane.modelName ? `${pane.label} (${pane.modelName})` : pane.label) : "?";
  };

  if (view.vote !== null) {
    const vote = view.vote;
    const words =
      vote.kind === "best"
        ? `Best: ${labelOf(vote.ranking[0] ?? "")}`
        : vote.kind === "rank"
          ? `Ranked: ${vote.ranking.map(labelOf).join(" › ")}`
          : vote.kind === "tie"
            ? "A tie"
            : "All bad";
    return (
      <section className={styles.card} aria-labelledby="vote-title">
        <h2 id="vote-title" className={styles.cardTitle}>
          Your vote
        </h2>
        <p data-testid="vote-recorded">{words}</p>
        {vote.flagged ? <p className={styles.paneNote}>Left out of the ratings: {vote.flagReason}</p> : <p className={styles.muted}>Counted in the leaderboard.</p>}
      </section>
    );
  }
  if (view.role !== "owner") return null;

  const submit = async () => {
    setProblem(null);
    if (choice === "best" && best === "") return setProblem("Pick the best pane first.");
    if (choice === "rank" && ranking.length !== view.panes.length) return setProblem("Rank every pane first.");
    setSending(true);
    const error = await onVote(choice === "best" ? { kind: "best", best } : choice === "rank" ? { kind: "rank", ranking } : { kind: choice });
    setSending(false);
    if (error !== null) setProblem(error);
  };

  return (
    <section className={styles.card} aria-labelledby="vote-title">
      <h2 id="vote-title" className={styles.cardTitle}>
        Vote
      </h2>
      <p className={styles.muted}>{view.masked ? "Names stay hidden until you vote." : "This run is not blind, so its vote is not counted in the ratings."}</p>
      <fieldset className={styles.fieldset} disabled={!ready || sending}>
        <legend className="visually-hidden">How to vote</legend>
        {(
          [
            ["best", "The best one"],
            ["rank", "Rank all"],
            ["tie", "A tie"],
            ["all-bad", "All bad"],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className={styles.radio}>
            <input type="radio" name="vote-kind" value={value} checked={choice === value} onChange={() => setChoice(value)} /> {label}
          </label>
        ))}
      </fieldset>
      {choice === "best" ? (
        <fieldset className={styles.fieldset} disabled={!ready || sending}>
          <legend>Which pane is best?</legend>
          {view.panes.map((pane) => (
            <label key={pane.id} className={styles.radio}>
              <input type="radio" name="vote-best" value={pane.id} checked={best === pane.id} onChange={() => setBest(pane.id)} /> {labelOf(pane.id)}
            </label>
          ))}
        </fieldset>
      ) : null}
      {choice === "rank" ? (
        <div className={styles.ranking}>
          <p>
            Choose the panes best first{ranking.length > 0 ? `: ${ranking.map(labelOf).join(" › ")}` : "."}
          </p>
          <div className={styles.rankButtons}>
            {view.panes
              .filter((pane) => !ranking.includes(pane.id))
              .map((pane) => (
                <button key={pane.id} type="button" className="button button-secondary button-small" disabled={!ready || sending} onClick={() => setRanking((current) => [...current, pane.id])}>
                  {ranking.length + 1}. {labelOf(pane.id)}
                </button>
              ))}
            {ranking.length > 0 ? (
              <button type="button" className="button button-secondary button-small" onClick={() => setRanking([])}>
                Start over
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
      {problem !== null ? (
        <p role="alert" className={styles.paneError}>
          {problem}
        </p>
      ) : null}
      <button type="button" className="button button-primary" disabled={!ready || sending} onClick={() => void submit()}>
        {sending ? "Recording…" : ready ? "Record vote" : "Wait for every pane to finish"}
      </button>
    </section>
  );
}
