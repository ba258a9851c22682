"use client";
/**
 * Where a reply had the host do something (`rerun_tests`, `file_issue`), or
 * asked to. A proposal names exactly what will happen, where and as whom —
 * "File issue 'Login test is flaky' on project Demo as Ana Souza" — with
 * Confirm and Dismiss (real buttons: keyboard-reachable, wrapping under the
 * line on a phone); nothing was done until the person confirms. A settled
 * one says what was done — "Re-ran 3 failed tests — run #1843: 2 passed,
 * 1 failed" — that the person dismissed it, or what was refused and why; a
 * repeat of a request already performed says so. Every line is the host's,
 * written from what it stored; the model wrote none of it. Without `settle`
 * (the admin view, a comparison pane) a proposal is drawn without buttons.
 */
import { useState } from "react";
import { hostActionCardState, type HostActionCard, type HostActionCardState } from "@/lib/host-actions/host-action-card";
import { visibleControls } from "@/lib/security/visible-controls";
import { confirmHostAction, dismissHostAction, type HostActionAnswerResult } from "./actions";
import styles from "./host-action-record.module.css";

/** What the record is called, for assistive technology and as its visible tag. */
const ACTION_NAMES: Record<HostActionCard["name"], string> = {
  rerun_tests: "Test re-run",
  file_issue: "Issue",
};

/** How each state reads after the action's name ("Issue: waiting for you"). */
const STATE_WORDS: Record<HostActionCardState, string> = {
  proposed: "waiting for you",
  done: "done",
  dismissed: "dismissed",
  refused: "not done",
};

/** The mark drawn before the line. */
const STATE_MARKS: Record<HostActionCardState, string> = {
  proposed: "?",
  done: "✓",
  dismissed: "–",
  refused: "✕",
};

/** What an answer that never reached the server says. */
const UNSENT_MESSAGE = "The answer could not be sent. Check your connection and try again.";

/** Which reply of which chat the card belongs to, where the person may answer its proposal. */
export type HostActionSettleTarget = { chatId: string; messageId: string };

/** A reply's record of a host action; see the module comment. */
export function HostActionRecord({ card: stored, settle }: { card: HostActionCard; settle?: HostActionSettleTarget | undefined }) {
  // The card the answer came back with, shown until the thread brings the stored one.
  const [answered, setAnswered] = useState<HostActionCard | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const card = answered !== null && hostActionCardState(stored) === "proposed" ? answered : stored;
  const state = hostActionCardState(card);
  const name = ACTION_NAMES[card.name];
  const proposalId = card.proposalId;

  const answer = async (send: typeof confirmHostAction) => {
    if (pending || settle === undefined || proposalId === undefined) return;
    setPending(true);
    setError(null);
    let outcome: HostActionAnswerResult | null = null;
    try {
      outcome = await send({ chatId: settle.chatId, messageId: settle.messageId, proposalId });
    } catch {
      outcome = null;
    }
    setPending(false);
    if (outcome?.ok) setAnswered(outcome.card);
    else setError(outcome ? outcome.error.message : UNSENT_MESSAGE);
  };

  const className = state === "refused" ? styles.refused : state === "proposed" ? styles.proposed : state === "dismissed" ? styles.dismissed : styles.record;
  return (
    <div role="note" aria-label={`${name}: ${STATE_WORDS[state]}`} className={className} data-state={state}>
      <p className={styles.body}>
        <span className={styles.mark} aria-hidden="true">
          {STATE_MARKS[state]}
        </span>
        {/* The line quotes the model's arguments: a bidi control in a title must not reorder the "as whom" the person confirms. */}
        <span className={styles.line}>{visibleControls(card.line)}</span>
        {card.replayed ? <span className={styles.note}>already done for this request</span> : null}
        {state === "dismissed" ? <span className={styles.note}>dismissed — nothing was done</span> : null}
        {state === "proposed" ? <span className={styles.note}>nothing is done until you confirm</span> : null}
      </p>
      {state !== "proposed" && card.proposal !== undefined && card.proposal !== card.line ? <p className={styles.asked}>Asked: {visibleControls(card.proposal)}</p> : null}
      {state === "proposed" && settle !== undefined && proposalId !== undefined ? (
        <div className={styles.answers}>
          <button type="button" className={styles.confirm} disabled={pending} onClick={() => void answer(confirmHostAction)}>
            Confirm
          </button>
          <button type="button" className={styles.dismiss} disabled={pending} onClick={() => void answer(dismissHostAction)}>
            Dismiss
          </button>
          {pending ? (
            <span className={styles.note} role="status">
              Sending…
            </span>
          ) : null}
        </div>
      ) : null}
      {error !== null ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
