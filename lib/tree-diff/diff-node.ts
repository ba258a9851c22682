/**
 * The shape every dialect's tree is read into before it is compared: a node
 * with an optional stable key, a type, comparable properties, the
 * diagnostics attached to it, and its children. The adapters
 * (`uiDiffTree`, `genuiDiffTree`) build it; `diffTrees` compares two lists.
 */

/** A diagnostic as the diff compares it: code and wording (ranges move with the text and are not compared). */
export type DiffDiagnostic = { code: string; message: string };

/** One node of a tree to compare. */
export type DiffNode = {
  /**
   * A stable identity where the dialect has one (a panel id, a block id, a
   * field name, a node id of the same text): nodes of equal keys are the same
   * node wherever they stand. Without one, nodes are matched by their place.
   */
  key?: string;
  /** What the node is (`Table`, `#text`, `table`, `ui block`). */
  type: string;
  /** How the node is named in a change's path (default `<type>[<index among its siblings>]`). */
  segment?: string;
  /** The node's id in its own tree, to point at it (a ```ui node id, a GenUI JSON path). */
  id?: string;
  /** Comparable properties by name: plain JSON values. */
  props: Readonly<Record<string, unknown>>;
  /** Diagnostics attached to the node. */
  diagnostics: readonly DiffDiagnostic[];
  children: readonly DiffNode[];
};
