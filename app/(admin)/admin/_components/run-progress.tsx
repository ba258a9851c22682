"use client";
/**
 * A background recompile run as it goes: its progress and its changed trees
 * by kind, polled from the run's route while it runs. Closing the page does
 * not stop the run; opening it again shows where it stands.
 */
import Link from "next/link";
import { useEffect, useState } from "react";
import type { RecompileRunView } from "@/lib/admin/recompile-run-view";
import styles from "./admin.module.css";

/** Milliseconds between two polls of a running run. */
const POLL_INTERVAL_MS = 1_000;

/** A run as its route answers. */
export type RunView = RecompileRunView;

const KIND_TITLES: Record<string, string> = {
  added: "Nodes added",
  removed: "Nodes removed",
  props: "Props changed",
  diagnostics: "Diagnostics changed",
};

/** The run's progress and result (see the file comment). */
export function RunProgress({ initial }: { initial: RunView }) {
  const [run, setRun] = useState(initial);
  const [pollError, setPollError] = useState<string | null>(null);
  useEffect(() => {
    if (run.status !== "running") return;
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/admin/recompile-runs/${encodeURIComponent(run.id)}`, { headers: { accept: "application/json" }, cache: "no-store" });
        if (!response.ok) throw new Error(`status ${response.status}`);
        setRun((await response.json()) as RunView);
        setPollError(null);
      } catch {
        setPollError("The progress could not be read; trying again.");
        setRun((current) => ({ ...current }));
      }
    }, POLL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [run]);

  const kinds = Object.keys(KIND_TITLES).filter((kind) => (run.groups[kind]?.length ?? 0) > 0);
  return (
    <div className={styles.section}>
      <p role="status" aria-live="polite">
        {run.status === "running"
          ? `Recompiling: ${run.processed} of ${run.total} trees checked, ${run.changed} would change so far.`
          : run.status === "done"
            ? `Done: ${run.processed} of ${run.total} trees checked; ${run.changed} would change.`
            : run.status === "stalled"
              ? `Stalled at ${run.processed} of ${run.total}: the server running it stopped. Start the check again.`
              : `Failed at ${run.processed} of ${run.total}: ${run.error ?? "the server log has the details."}`}
      </p>
      <progress className={styles.progress} max={Math.max(1, run.total)} value={run.processed} aria-label="Trees checked" />
      {pollError ? <p className="form-error">{pollError}</p> : null}
      {kinds.length > 0 ? (
        <div className={styles.groups}>
          {kinds.map((kind) => (
            <section key={kind} aria-label={KIND_TITLES[kind]}>
              <h2>
                {KIND_TITLES[kind]} ({run.counts[kind] ?? 0})
              </h2>
              <ul>
                {(run.groups[kind] ?? []).map((messageId) => (
                  <li key={messageId}>
                    <Link href={`/admin/trees/${encodeURIComponent(messageId)}`}>{messageId}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      ) : null}
      {run.truncated ? <p className={styles.muted}>Only the first changed trees are listed; the counts cover them all.</p> : null}
    </div>
  );
}
