/** Element ids for a node's parts, unique per panel instance and stable across renders. */

/** An id for part `part` of the node at `path` in the panel whose instance prefix is `idPrefix`. */
export function nodeElementId(idPrefix: string, path: string, part: string): string {
  // Paths hold brackets and dots; ids keep to a plain alphabet so they also work in CSS selectors.
  return `${idPrefix}-${path.replace(/[^A-Za-z0-9]+/g, "-")}-${part}`;
}
