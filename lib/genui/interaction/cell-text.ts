/** A table cell as text, for filtering and lexicographic sorting. */
import type { GenuiTableCell } from "../schema/nodes";

/** A cell as text: null is empty, numbers and booleans as JavaScript prints them. */
export function genuiCellText(cell: GenuiTableCell | undefined): string {
  if (cell === null || cell === undefined) return "";
  return typeof cell === "string" ? cell : String(cell);
}
