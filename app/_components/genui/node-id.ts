/** Element ids for a node's parts, unique per panel instance and stable across renders. */

/** What names one element of one node. */
export type NodeElementIdInput = {
  /** A prefix unique to the panel instance (from `useId`). */
  idPrefix: string;
  /** The node's JSON path (`items[0].children[1]`). */
  path: string;
  /** Which of the node's elements (`input`, `tab-2`). */
  part: string;
};

/** An id for one element of a node. */
export function nodeElementId({ idPrefix, path, part }: NodeElementIdInput): string {
  // Paths hold brackets and dots; ids keep to a plain alphabet so they also work in CSS selectors.
  return `${idPrefix}-${path.replace(/[^A-Za-z0-9]+/g, "-")}-${part}`;
}
