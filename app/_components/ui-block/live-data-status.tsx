"use client";
/**
 * Where a block's live data stands, drawn with the block: a polite status
 * while queries load, and for each failed query what went wrong with a
 * Retry button. Rows already shown stay shown.
 */
import type { BlockQueryStatus } from "./block-data-sync";
import styles from "./project-data.module.css";

/** Props of `BlockDataStatus`. */
export type BlockDataStatusProps = {
  queries: readonly BlockQueryStatus[];
  onRetry: (name: string) => void;
};

/** The loading line and the failures of a block's queries (a block without queries draws nothing here). */
export function BlockDataStatus({ queries, onRetry }: BlockDataStatusProps) {
  if (queries.length === 0) return null;
  const loading = queries.filter((query) => query.phase === "loading");
  const failed = queries.filter((query) => query.phase === "error");
  return (
    <>
      <p role="status" className={loading.length > 0 ? styles.loading : "visually-hidden"}>
        {loading.length > 0 ? `Loading live data (${loading.map((query) => `$${query.name}`).join(", ")})…` : ""}
      </p>
      {failed.map((query) => (
        <div key={query.name} role="alert" className={styles.failure}>
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
