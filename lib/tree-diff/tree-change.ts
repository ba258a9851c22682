/**
 * What a structural diff reports: nodes added, removed, and changed (their
 * props, their diagnostics), each with a readable path, grouped by kind.
 */
import type { DiffDiagnostic } from "./diff-node";

/** One property that differs; a side without the property has `undefined` there. */
export type PropChange = { name: string; before: unknown; after: unknown };

/** Where a change is and what it is about. */
type ChangeBase = {
  /** The readable path to the node, segments joined by ` › ` (`ui block 1 (panel sales) › Table[0]`). */
  path: string;
  type: string;
};

/** One difference between two trees. */
export type TreeChange =
  | (ChangeBase & { kind: "added"; id?: string; /** Nodes in the added subtree, itself included. */ nodes: number })
  | (ChangeBase & { kind: "removed"; id?: string; /** Nodes in the removed subtree, itself included. */ nodes: number })
  | (ChangeBase & {
      kind: "changed";
      beforeId?: string;
      afterId?: string;
      /** Properties that differ (empty when only diagnostics did). */
      props: PropChange[];
      /** Diagnostics the after side has and the before side lacks, and the reverse. */
      diagnostics: { added: DiffDiagnostic[]; removed: DiffDiagnostic[] };
    });

/** The kinds a batch of diffs is grouped by: a changed node counts under `props`, `diagnostics` or both. */
export const TREE_CHANGE_KINDS = ["added", "removed", "props", "diagnostics"] as const;

/** A kind of change, for grouping. */
export type TreeChangeKind = (typeof TREE_CHANGE_KINDS)[number];

/** The result of comparing two trees. */
export type TreeDiff = {
  changes: TreeChange[];
  /** How many changes of each kind. */
  counts: Record<TreeChangeKind, number>;
};

/** The kinds one change counts under. */
export function changeKinds(change: TreeChange): TreeChangeKind[] {
  if (change.kind !== "changed") return [change.kind];
  const kinds: TreeChangeKind[] = [];
  if (change.props.length > 0) kinds.push("props");
  if (change.diagnostics.added.length > 0 || change.diagnostics.removed.length > 0) kinds.push("diagnostics");
  return kinds;
}

/** The kinds present in a diff, in `TREE_CHANGE_KINDS` order. */
export function diffKinds(diff: TreeDiff): TreeChangeKind[] {
  return TREE_CHANGE_KINDS.filter((kind) => diff.counts[kind] > 0);
}
