"use client";
/**
 * Where a block's live data stands, drawn above the block: a polite status
 * while queries load that says, once, when they have all arrived (or which
 * failed), and an alert with Retry for a failed query that no part of the
 * block shows (the parts that wait on a query show its failure themselves:
 * live-data-part.tsx). Rows already shown stay shown.
 */
import type { UiQueryStatus } from "./render-context";
import styles from "./live-data.module.css";

/** Props of `LiveDataStatus`. */
export type LiveDataStatusProps = {
  queries: readonly UiQueryStatus[];
  onRetry: (name: string) => void;
  /** Queries whose failure a part of the block already shows, with its own Retry. */
  shownFailures?: ReadonlySet<string>;
};

/** What the status says while something loads. */
function loadingText(loading: readonly UiQueryStatus[]): string {
  return `Loading live data (${loading.map((query) => `$${query.name}`).join(", ")})…`;
}

/**
 * What the status says once nothing loads any more. A live region announces
 * changes only, so this is heard once, when the last query settles — not for
 * a block drawn with its data already there.
 */
function settledText(queries: readonly UiQueryStatus[]): string {
  const failed = queries.filter((query) => query.phase === "error");
  if (failed.length === 0) return "Live data loaded.";
  return `Live data could not be loaded (${failed.map((query) => `$${query.name}`).join(", ")}).`;
}

/** The loading line and the failures of a block's queries (a block without queries draws nothing here). */
export function LiveDataStatus({ queries, onRetry, shownFailures }: LiveDataStatusProps) {
  if (queries.length === 0) return null;
  const loading = queries.filter((query) => query.phase === "loading");
  const failed = queries.filter((query) => query.phase === "error" && !shownFailures?.has(query.name));
  const text = loading.length > 0 ? loadingText(loading) : settledText(queries);
  return (
    <>
      <p role="status" className={loading.length > 0 ? styles.loading : "visually-hidden"}>
        {text}
      </p>
      {failed.map((query) => (
        <div key={query.name} role="alert" className={styles.failure} data-live-state="failed">
          <span>
            Could not load <code>${query.name}</code>: {query.message ?? "the data could not be loaded."}
          </span>
          <button type="button" className="button button-secondary button-small" onClick={() => onRetry(query.name)}>
            Retry
          </button>
        </div>
      ))}
    </>
  );
}
