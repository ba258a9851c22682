"use client";
/**
 * The recompile check of one stored tree: a button that asks the server to
 * compile the stored text again with today's compiler and catalog, and the
 * node-by-node difference from what is stored.
 */
import { useState, useTransition } from "react";
import type { TreeDiff } from "@/lib/tree-diff";
import { recompileTree } from "../actions";
import styles from "./admin.module.css";
import { changeCountsText, TreeChangeList } from "./tree-change-list";

/** The recompile check of the tree `messageId` (see the file comment). */
export function RecompilePanel({ messageId }: { messageId: string }) {
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<{ diff: TreeDiff } | { error: string } | null>(null);
  const run = () =>
    startTransition(async () => {
      const outcome = await recompileTree({ messageId });
      setResult(outcome.ok ? { diff: outcome.diff } : { error: outcome.error.message });
    });
  return (
    <div className={styles.panel}>
      <p className={styles.muted}>Compiles the stored text again with today&apos;s compiler and catalog and compares the result with the stored tree, node by node.</p>
      <button type="button" className="button button-primary" onClick={run} disabled={pending}>
        {pending ? "Recompiling…" : "Run recompile check"}
      </button>
      <div role="status" aria-live="polite">
        {result === null ? null : "error" in result ? (
          <p className="form-error">{result.error}</p>
        ) : result.diff.changes.length === 0 ? (
          <p>No difference: today&apos;s compiler and catalog read this tree exactly as it was stored.</p>
        ) : (
          <p>
            {result.diff.changes.length} {result.diff.changes.length === 1 ? "change" : "changes"}: {changeCountsText(result.diff.counts)}.
          </p>
        )}
      </div>
      {result !== null && "diff" in result && result.diff.changes.length > 0 ? <TreeChangeList changes={result.diff.changes} label="Changes after recompiling" /> : null}
    </div>
  );
}
