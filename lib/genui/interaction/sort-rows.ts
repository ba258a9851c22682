/**
 * `table.sortable`, in the browser: clicking a header cycles unsorted →
 * ascending → descending. A column sorts numerically when every cell in it
 * is a number, and lexicographically (by UTF-16 code units, the same in every
 * locale) otherwise. The sort is stable: equal rows keep their order.
 */
import type { GenuiTableCell } from "../schema/nodes";
import { genuiCellText } from "./cell-text";

/** A column's sort state. */
export type GenuiSortDirection = "none" | "ascending" | "descending";

/** The next state when a header is clicked: none → ascending → descending → none. */
export function nextSortDirection(direction: GenuiSortDirection): GenuiSortDirection {
  return direction === "none" ? "ascending" : direction === "ascending" ? "descending" : "none";
}

/** `rows` sorted by the column at index `column` (a new array; `none` keeps the given order). */
export function sortRows(rows: readonly GenuiTableCell[][], column: number, direction: GenuiSortDirection): GenuiTableCell[][] {
  const copy = [...rows];
  if (direction === "none") return copy;
  const sign = direction === "ascending" ? 1 : -1;
  const numeric = copy.every((row) => typeof row[column] === "number");
  if (numeric) return copy.sort((left, right) => sign * ((left[column] as number) - (right[column] as number)));
  return copy.sort((left, right) => {
    const a = genuiCellText(left[column]);
    const b = genuiCellText(right[column]);
    return a < b ? -sign : a > b ? sign : 0;
  });
}
