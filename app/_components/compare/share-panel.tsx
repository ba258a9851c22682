"use client";
/**
 * Sharing a run, read-only, with other signed-in people by email, and taking
 * a share back (the owner only).
 */
import { useState, type FormEvent } from "react";
import type { CompareRunView } from "@/lib/compare/run/compare-view";
import styles from "./compare-run.module.css";

/** Props of `SharePanel`. */
export type SharePanelProps = {
  shares: CompareRunView["shares"];
  onShare: (email: string) => Promise<{ shares: CompareRunView["shares"] } | { error: string }>;
  onRevoke: (userId: string) => Promise<{ shares: CompareRunView["shares"] } | { error: string }>;
};

/** The share form and the list of people (see the file comment). */
export function SharePanel({ shares: initial, onShare, onRevoke }: SharePanelProps) {
  const [shares, setShares] = useState(initial);
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: "error" | "status"; text: string } | null>(null);
  const apply = async (operation: () => Promise<{ shares: CompareRunView["shares"] } | { error: string }>, done: string) => {
    setBusy(true);
    setMessage(null);
    const result = await operation();
    setBusy(false);
    if ("error" in result) setMessage({ kind: "error", text: result.error });
    else {
      setShares(result.shares);
      setMessage({ kind: "status", text: done });
    }
    return !("error" in result);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await apply(() => onShare(email), `Shared with ${email.trim()}.`)) setEmail("");
  };
  return (
    <section className={styles.card} aria-labelledby="share-title">
      <h2 id="share-title" className={styles.cardTitle}>
        Share
      </h2>
      <p className={styles.muted}>People you share with can open this run but not change it.</p>
      <form className={styles.shareForm} onSubmit={(event) => void submit(event)}>
        <label htmlFor="share-email">Their email</label>
        <input id="share-email" type="email" required autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} className={styles.input} />
        <button type="submit" className="button button-secondary" disabled={busy || email.trim() === ""}>
          Share
        </button>
      </form>
      {message !== null ? (
        <p role={message.kind === "error" ? "alert" : "status"} className={message.kind === "error" ? styles.paneError : styles.muted}>
          {message.text}
        </p>
      ) : null}
      {shares.length > 0 ? (
        <ul className={styles.shareList} aria-label="Shared with">
          {shares.map((share) => (
            <li key={share.userId}>
              <span>
                {share.name} ({share.email})
              </span>
              <button type="button" className="button button-secondary button-small" disabled={busy} onClick={() => void apply(() => onRevoke(share.userId), `Stopped sharing with ${share.email}.`)}>
                Stop sharing
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
