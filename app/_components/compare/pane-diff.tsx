"use client";
/**
 * The structural difference of two panes' final trees: pick a left and a
 * right pane, see how many components the right one adds, removes and
 * changes against the left, and each change at its path. The diff is
 * lib/tree-diff's, over both dialects (`diffReplyParts`), and the list is
 * the admin view's `TreeChangeList`, so the two views read a diff the same way.
 */
import { useId, useMemo, useState } from "react";
import { changeCountsText, TreeChangeList } from "@/app/(admin)/admin/_components/tree-change-list";
import { diffReplyParts } from "@/lib/admin/reply-diff";
import type { AssistantMessage } from "@/lib/chat/wire";
import type { TreeDiff } from "@/lib/tree-diff";
import styles from "./compare.module.css";

/** One pane the diff may compare: its final reply, or null before it has one. */
export type PaneDiffPane = { id: string; label: string; message: AssistantMessage | null };

/** Props of `PaneDiff`. */
export type PaneDiffProps = { panes: readonly PaneDiffPane[] };

/** The counts shown above the list: nodes added and removed, nodes changed, and the kinds a change can be. */
export function paneDiffCounts(diff: TreeDiff): { label: string; count: number }[] {
  return [
    { label: "added", count: diff.counts.added },
    { label: "removed", count: diff.counts.removed },
    { label: "changed", count: diff.changes.filter((change) => change.kind === "changed").length },
    { label: "with changed props", count: diff.counts.props },
    { label: "with changed diagnostics", count: diff.counts.diagnostics },
  ];
}

/** A reply's final parts as the diff reads them. */
function partsOf(message: AssistantMessage) {
  return { ui: message.ui ?? [], fences: message.genui ?? [], tools: message.tools ?? [] };
}

/** The structural diff of two panes (see the file comment). */
export function PaneDiff({ panes }: PaneDiffProps) {
  const [leftId, setLeftId] = useState(panes[0]?.id ?? "");
  const [rightId, setRightId] = useState(panes[1]?.id ?? "");
  const leftSelectId = useId();
  const rightSelectId = useId();
  // A pane list that changed under the state (a retry replaces nothing, but be safe) falls back to the defaults.
  const left = panes.find((pane) => pane.id === leftId) ?? panes[0];
  const right = panes.find((pane) => pane.id === rightId) ?? panes[1];
  const leftMessage = left?.message ?? null;
  const rightMessage = right?.message ?? null;
  const diff = useMemo(() => (leftMessage !== null && rightMessage !== null ? diffReplyParts(partsOf(leftMessage), partsOf(rightMessage)) : null), [leftMessage, rightMessage]);

  if (panes.length < 2 || left === undefined || right === undefined) {
    return <p className={styles.empty}>A structural diff needs two panes.</p>;
  }

  const waiting = [left, right].filter((pane, index, both) => pane.message === null && both.indexOf(pane) === index);

  return (
    <div className={styles.section}>
      <div className={styles.pickers}>
        <div className={styles.picker}>
          <label htmlFor={leftSelectId}>Compare</label>
          <select id={leftSelectId} value={left.id} onChange={(event) => setLeftId(event.target.value)}>
            {panes.map((pane) => (
              <option key={pane.id} value={pane.id}>
                {pane.label}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.picker}>
          <label htmlFor={rightSelectId}>with</label>
          <select id={rightSelectId} value={right.id} onChange={(event) => setRightId(event.target.value)}>
            {panes.map((pane) => (
              <option key={pane.id} value={pane.id}>
                {pane.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div role="status" aria-live="polite">
        {waiting.length > 0 ? (
          <p className={styles.empty}>
            {waiting.map((pane) => pane.label).join(" and ")} {waiting.length === 1 ? "has" : "have"} no stored reply yet; the diff appears once{" "}
            {waiting.length === 1 ? "it finishes" : "they finish"}.
          </p>
        ) : left.id === right.id ? (
          <p className={styles.empty}>Pick two different panes to compare.</p>
        ) : diff === null ? null : diff.changes.length === 0 ? (
          <p>
            No structural difference: {right.label} has the same components and props as {left.label}.
          </p>
        ) : (
          <p>
            {right.label} against {left.label}: {diff.changes.length} {diff.changes.length === 1 ? "change" : "changes"} ({changeCountsText(diff.counts)}).
          </p>
        )}
      </div>
      {diff !== null && left.id !== right.id && waiting.length === 0 ? (
        <>
          <ul className={styles.counts} aria-label="Change counts">
            {paneDiffCounts(diff).map((entry) => (
              <li key={entry.label}>
                <strong>{entry.count}</strong>
                {entry.label}
              </li>
            ))}
          </ul>
          {diff.changes.length > 0 ? <TreeChangeList changes={diff.changes} label={`Changes from ${left.label} to ${right.label}`} /> : null}
        </>
      ) : null}
    </div>
  );
}
