/**
 * The changes of a structural diff as a list a person can read: each node
 * added or removed, each changed prop (before → after) and each diagnostic
 * gained or lost, at its path.
 */
import type { TreeChange } from "@/lib/tree-diff";
import styles from "./admin.module.css";
import { previewValue } from "./format";

/** Most changes listed; the counts above the list say how many there are in all. */
export const CHANGES_SHOWN = 200;

/** Props of `TreeChangeList`. */
export type TreeChangeListProps = { changes: readonly TreeChange[]; label: string };

/** The changes as a list (see the file comment). */
export function TreeChangeList({ changes, label }: TreeChangeListProps) {
  return (
    <ul className={styles.changes} aria-label={label}>
      {changes.slice(0, CHANGES_SHOWN).map((change, index) => (
        <li key={index}>
          {change.kind === "changed" ? (
            <>
              <span className={`${styles.kind} ${styles.kindChanged}`}>changed</span> <code>{change.path}</code>
              {change.props.length > 0 || change.diagnostics.added.length > 0 || change.diagnostics.removed.length > 0 ? (
                <ul className={styles.changeDetail}>
                  {change.props.map((prop) => (
                    <li key={`prop-${prop.name}`}>
                      prop <code>{prop.name}</code>: <code>{previewValue(prop.before)}</code> → <code>{previewValue(prop.after)}</code>
                    </li>
                  ))}
                  {change.diagnostics.added.map((diagnostic, position) => (
                    <li key={`added-${position}`}>
                      diagnostic added <code>{diagnostic.code}</code>: {diagnostic.message}
                    </li>
                  ))}
                  {change.diagnostics.removed.map((diagnostic, position) => (
                    <li key={`removed-${position}`}>
                      diagnostic removed <code>{diagnostic.code}</code>: {diagnostic.message}
                    </li>
                  ))}
                </ul>
              ) : null}
            </>
          ) : (
            <>
              <span className={`${styles.kind} ${change.kind === "added" ? styles.kindAdded : styles.kindRemoved}`}>{change.kind}</span> <code>{change.path}</code>{" "}
              <span className={styles.muted}>
                {change.type}
                {change.nodes > 1 ? ` and ${change.nodes - 1} nodes inside` : ""}
              </span>
            </>
          )}
        </li>
      ))}
      {changes.length > CHANGES_SHOWN ? <li className={styles.muted}>… and {changes.length - CHANGES_SHOWN} more changes.</li> : null}
    </ul>
  );
}

/** "2 added, 1 removed, 3 props, 1 diagnostics" (kinds with none are left out). */
export function changeCountsText(counts: Record<string, number>): string {
  const parts = Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${kind === "props" ? "with changed props" : kind === "diagnostics" ? "with changed diagnostics" : kind}`);
  return parts.join(", ");
}
