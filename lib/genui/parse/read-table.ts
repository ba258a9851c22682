/**
 * Reading a `table`: columns (50), rows (500), cells (2000 units, scalars
 * only). Every kept row is made exactly as wide as the columns, so the
 * renderer, `filterRows` and `sortRows` never meet a ragged row.
 */
import type { GenuiPath } from "../diagnostics/path";
import { GENUI_LIMITS } from "../limits";
import type { GenuiTableCell, GenuiTableNode } from "../schema/nodes";
import { MISSING, NodeFields } from "./node-fields";
import { ABSENT, ACCESSOR, isRawList, isRawRecord, listLength, readIndex } from "./raw";
import { INVALID, isFieldName, readElement, readText } from "./read-values";
import type { SpecWalk } from "./spec-walk";

const FILTER_KEYS: ReadonlySet<string> = new Set(["field", "column"]);

/** Reads one cell (`readIndex` already ran: `ACCESSOR` and `ABSENT` arrive here as not-scalars). */
function readCell(walk: SpecWalk, value: unknown, rowPath: GenuiPath, column: number): GenuiTableCell {
  if (typeof value === "string") {
    if (value.length <= GENUI_LIMITS.cellLength) return value;
    const text = readText(walk, value, rowPath.child(column), { max: GENUI_LIMITS.cellLength });
    return text === INVALID ? null : text;
  }
  if (typeof value === "number" && Number.isFinite(value)) return value === 0 ? 0 : value;
  if (value === null || typeof value === "boolean") return value;
  walk.diagnostics.report(value === ACCESSOR ? "not_json" : "cell_not_scalar", rowPath.child(column));
  return null;
}

function readColumns(walk: SpecWalk, list: readonly unknown[], path: GenuiPath): string[] {
  const length = listLength(list);
  if (length > GENUI_LIMITS.tableColumns) walk.diagnostics.report("entries_trimmed", path, `kept the first ${GENUI_LIMITS.tableColumns} columns`);
  const columns: string[] = [];
  for (let index = 0; index < Math.min(length, GENUI_LIMITS.tableColumns); index += 1) {
    const name = readText(walk, readElement(walk, list, index, path), path.child(index));
    // A column cannot simply be dropped: every cell after it would move one column left.
    if (name === INVALID) walk.diagnostics.report("invalid_entry", path.child(index), "the column is shown without a name");
    columns.push(name === INVALID ? "" : name);
  }
  return columns;
}

function readRows(walk: SpecWalk, list: readonly unknown[], path: GenuiPath, width: number): GenuiTableCell[][] {
  const length = listLength(list);
  if (length > GENUI_LIMITS.tableRows) walk.diagnostics.report("entries_trimmed", path, `kept the first ${GENUI_LIMITS.tableRows} rows`);
  const rows: GenuiTableCell[][] = [];
  for (let index = 0; index < Math.min(length, GENUI_LIMITS.tableRows); index += 1) {
    const rowPath = path.child(index);
    const row = readElement(walk, list, index, path);
    if (!isRawList(row)) {
      walk.diagnostics.report("invalid_entry", rowPath, "a row is an array of cells");
      continue;
    }
    if (walk.takeEntries(width, rowPath) < width) break;
    const rowLength = listLength(row);
    if (rowLength > width) walk.diagnostics.report("entries_trimmed", rowPath, `kept ${width} cells, one per column`);
    else if (rowLength < width) walk.diagnostics.report("row_padded", rowPath);
    const cells: GenuiTableCell[] = [];
    const filled = Math.min(rowLength, width);
    // The hot loop of a full table (25,000 cells): readIndex directly, no per-cell path or wrapper.
    for (let column = 0; column < filled; column += 1) cells.push(readCell(walk, readIndex(row, column), rowPath, column));
    for (let column = filled; column < width; column += 1) cells.push(null);
    rows.push(cells);
  }
  return rows;
}

/** Reads a table's fields; `MISSING` when its columns or rows are not arrays. */
export function readTable(fields: NodeFields): Omit<GenuiTableNode, "type" | "visibleWhen"> | typeof MISSING {
  const { walk, path } = fields;
  const columnList = fields.requiredList("columns");
  const rowList = fields.requiredList("rows");
  if (columnList === MISSING || rowList === MISSING) return MISSING;
  const columns = readColumns(walk, columnList, path.child("columns"));
  const table: Omit<GenuiTableNode, "type" | "visibleWhen"> = { columns, rows: [] };
  const filterBy = fields.raw("filterBy");
  if (filterBy !== ABSENT) {
    const filterPath = path.child("filterBy");
    if (!isRawRecord(filterBy)) fields.invalid("filterBy", "an object {field, column}");
    else {
      const filterFields = new NodeFields(walk, filterBy, filterPath);
      const field = filterFields.raw("field");
      const column = filterFields.raw("column");
      filterFields.reportUnknown(FILTER_KEYS);
      if (!isFieldName(field)) walk.diagnostics.report("invalid_field_name", filterPath.child("field"), "filterBy was dropped");
      else if (typeof column !== "string" || !columns.includes(column)) walk.diagnostics.report("filter_column", filterPath.child("column"));
      else table.filterBy = { field, column };
    }
  }
  const sortable = fields.optionalBoolean("sortable");
  if (sortable !== undefined) table.sortable = sortable;
  table.rows = readRows(walk, rowList, path.child("rows"), columns.length);
  return table;
}
