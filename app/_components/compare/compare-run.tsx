"use client";
/**
 * A comparison run's page: every pane side by side (live while it writes),
 * how far apart they started, the metrics table and chart, the structural
 * diff of two panes' final trees, the blind vote, and — for the owner —
 * re-run, share and export. The run's stored figures are read again
 * (`/api/compare/<id>?panes=summary`) whenever a pane ends, until every
 * finished pane has its metrics.
 */
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { CompareRunView } from "@/lib/compare/run/compare-view";
import type { AssistantMessage } from "@/lib/chat/wire";
import { compareActions } from "./compare-actions";
import { ExportButton } from "./export-button";
import { ComparePane } from "./compare-pane";
import { MetricsChart } from "./metrics-chart";
import { MetricsTable } from "./metrics-table";
import { PaneDiff } from "./pane-diff";
import { SharePanel } from "./share-panel";
import { VotePanel } from "./vote-panel";
import styles from "./compare-run.module.css";

/** Milliseconds between reads of the run's figures while some are still missing. */
const REFRESH_INTERVAL_MS = 1_500;
/** Reads of the run's figures before giving up waiting for them (a minute and a half). */
const REFRESH_LIMIT = 60;

/** The run's page (see the file comment). */
export function CompareRun({ initial }: { initial: CompareRunView }) {
  const router = useRouter();
  const [view, setView] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [rerunning, setRerunning] = useState(false);
  const runId = view.id;
  const owner = view.role === "owner";

  // The figures the server stores (status, metrics, names) are read again; each pane keeps its own live snapshot.
  const refresh = useCallback(async () => {
    try {
      const response = await fetch(`/api/compare/${encodeURIComponent(runId)}?panes=summary`, { cache: "no-store" });
      if (!response.ok) return;
      const next = (await response.json()) as CompareRunView;
      setView((current) => mergeFigures(current, next));
    } catch {
      // The next end or the next poll tries again.
    }
  }, [runId]);

  const waiting = view.panes.some((pane) => pane.status === "streaming" || pane.metrics === null);
  const polls = useRef(0);
  useEffect(() => {
    if (!waiting || polls.current >= REFRESH_LIMIT) return;
    const timer = setTimeout(() => {
      polls.current += 1;
      void refresh();
    }, REFRESH_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [waiting, view, refresh]);

  const finished = view.panes.every((pane) => pane.status !== "streaming");
  const columns = useMemo(
    () => view.panes.flatMap((pane) => (pane.metrics ? [{ label: pane.modelName ? `${pane.label} · ${pane.modelName}` : pane.label, metrics: [pane.metrics] }] : [])),
    [view.panes],
  );
  const slotColumns = useMemo(() => {
    const slots = new Map<number, { label: string; metrics: NonNullable<(typeof view.panes)[number]["metrics"]>[] }>();
    for (const pane of view.panes) {
      if (!pane.metrics) continue;
      const entry = slots.get(pane.slot) ?? { label: pane.modelName ?? `Slot ${pane.slot + 1}`, metrics: [] };
      entry.metrics.push(pane.metrics);
      slots.set(pane.slot, entry);
    }
    return [...slots.values()];
  }, [view.panes]);
  const samples = Math.max(...view.panes.map((pane) => pane.sample + 1));
  const diffPanes = useMemo(
    () =>
      view.panes.map((pane) => ({
        id: pane.id,
        label: pane.modelName ? `${pane.label} · ${pane.modelName}` : pane.label,
        message: [...pane.snapshot.messages].reverse().find((message): message is AssistantMessage => message.role === "assistant") ?? null,
      })),
    [view.panes],
  );

  const rerun = async () => {
    setRerunning(true);
    const result = await compareActions.rerun(runId);
    if (!result.ok) {
      setRerunning(false);
      setProblem(result.error);
      return;
    }
    router.push(`/compare/${encodeURIComponent(result.runId)}`);
  };

  return (
    <div className={styles.run}>
      <header className={styles.runHeader}>
        <div>
          <h1 className={styles.runTitle}>Comparison</h1>
          <p className={styles.prompt}>
            <span className="visually-hidden">Prompt: </span>
            {view.prompt}
          </p>
          <p className={styles.muted}>
            {view.panes.length} panes · {view.blind ? (view.masked ? "blind — names hidden until you vote" : "blind, names revealed") : "names shown"}
            {view.tag ? ` · tag “${view.tag}”` : ""}
            {view.settings.temperature !== undefined ? ` · temperature ${view.settings.temperature}` : ""}
            {view.settings.seed !== undefined ? ` · seed ${view.settings.seed}` : ""}
            {view.startSpreadMs !== null ? ` · started within ${view.startSpreadMs} ms of each other` : ""}
            {view.role === "viewer" ? " · shared with you (read-only)" : ""}
          </p>
          {view.parentRunId ? (
            <p className={styles.muted}>
              A re-run of <a href={`/compare/${encodeURIComponent(view.parentRunId)}`}>an earlier run</a>.
            </p>
          ) : null}
        </div>
        {owner ? (
          <div className={styles.runActions}>
            <button type="button" className="button button-secondary button-small" disabled={rerunning} onClick={() => void rerun()}>
              {rerunning ? "Starting…" : "Re-run"}
            </button>
            <ExportButton href={`/api/compare/${encodeURIComponent(runId)}/export`} label="Export JSONL" />
          </div>
        ) : null}
      </header>
      {problem !== null ? (
        <p role="alert" className={styles.paneError}>
          {problem}
        </p>
      ) : null}
      <div className={styles.panes} data-count={view.panes.length}>
        {view.panes.map((pane) => (
          <ComparePane
            // A retry moves the pane to a new chat, and the vote unmasks it: either way it follows a fresh channel.
            key={`${pane.id}-${pane.attempt}-${view.masked ? "masked" : "named"}`}
            runId={runId}
            pane={pane}
            owner={owner}
            canRetry={owner && view.vote === null}
            onEnded={() => void refresh()}
            onStop={async () => {
              const result = await compareActions.stop(runId, pane.id);
              return result.ok ? null : result.error;
            }}
            onRetry={async () => {
              const result = await compareActions.retry(runId, pane.id);
              if (!result.ok) return result.error;
              // The pane moved to a new chat: read the run again for its fresh snapshot.
              const response = await fetch(`/api/compare/${encodeURIComponent(runId)}`, { cache: "no-store" }).catch(() => null);
              if (response?.ok) setView((await response.json()) as CompareRunView);
              return null;
            }}
          />
        ))}
      </div>
      <VotePanel
        view={view}
        ready={finished}
        onVote={async (vote) => {
          const result = await compareActions.vote({ runId, ...vote });
          if (!result.ok) return result.error;
          setView(result.view);
          return null;
        }}
      />
      <section className={styles.card} aria-labelledby="metrics-title">
        <h2 id="metrics-title" className={styles.cardTitle}>
          Metrics
        </h2>
        {columns.length === 0 ? (
          <p className={styles.muted}>Metrics appear as each pane finishes.</p>
        ) : (
          <>
            <MetricsTable columns={samples > 1 ? slotColumns : columns} />
            <MetricsChart panes={columns.map((column) => ({ label: column.label, metrics: column.metrics[0]! }))} />
          </>
        )}
      </section>
      <section className={styles.card} aria-labelledby="diff-title">
        <h2 id="diff-title" className={styles.cardTitle}>
          How the trees differ
        </h2>
        <PaneDiff panes={diffPanes} />
      </section>
      {owner ? (
        <SharePanel
          shares={view.shares}
          onShare={async (email) => {
            const result = await compareActions.share(runId, email);
            return result.ok ? { shares: result.shares } : { error: result.error };
          }}
          onRevoke={async (userId) => {
            const result = await compareActions.revoke(runId, userId);
            return result.ok ? { shares: result.shares } : { error: result.error };
          }}
        />
      ) : null}
    </div>
  );
}

/** The run's newer figures over the panes this page already draws (their snapshots stay: each pane's channel keeps its own). */
function mergeFigures(current: CompareRunView, next: CompareRunView): CompareRunView {
  return {
    ...next,
    panes: next.panes.map((pane) => {
      const before = current.panes.find((candidate) => candidate.id === pane.id);
      return before && before.attempt === pane.attempt ? { ...pane, snapshot: before.snapshot } : pane;
    }),
  };
}
