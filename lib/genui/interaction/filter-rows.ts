/**
 * `table.filterBy`, in the browser: the rows whose cell in the named column
 * contains the field's value, case-insensitively. An empty (or untouched)
 * value shows every row.
 */
import type { GenuiFieldValues } from "../schema/condition";
import type { GenuiTableCell, GenuiTableNode } from "../schema/nodes";
import { genuiCellText } from "./cell-text";
import { genuiFieldValue } from "./field-value";

/** The rows of `table` that pass its `filterBy` for the touched `fields` (all rows when it has none). */
export function filterRows(table: Pick<GenuiTableNode, "columns" | "rows" | "filterBy">, fields: GenuiFieldValues): GenuiTableCell[][] {
  const filter = table.filterBy;
  if (filter === undefined) return table.rows;
  const column = table.columns.indexOf(filter.column);
  // toLowerCase, not toLocaleLowerCase: server and browser must agree whatever their locales.
  const needle = String(genuiFieldValue(fields, filter.field)).toLowerCase();
  if (column === -1 || needle === "") return table.rows;
  return table.rows.filter((row) => genuiCellText(row[column]).toLowerCase().includes(needle));
}
