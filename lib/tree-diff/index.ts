/**
 * The structural tree diff: nodes added, removed and changed (props,
 * diagnostics) between two trees of either dialect. One module for panel
 * versions, comparison panes and the admin recompile check. No React, no
 * database.
 */
export { diffTrees, PATH_SEPARATOR } from "./diff-trees";
export type { DiffDiagnostic, DiffNode } from "./diff-node";
export { genuiDiffTree, genuiPartDiffNode, type GenuiDiffPart } from "./genui-diff-tree";
export { jsonEqual } from "./json-equal";
export { changeKinds, diffKinds, TREE_CHANGE_KINDS, type PropChange, type TreeChange, type TreeChangeKind, type TreeDiff } from "./tree-change";
export { uiBlockDiffNode, uiDiffTree } from "./ui-diff-tree";
