"use client";
/** `table`: scalar cells, optionally narrowed by a field (`filterBy`) and sorted by header (`sortable`). */
import { useMemo } from "react";
import { filterRows, genuiFieldValue, sortRows, type GenuiTableCell, type GenuiTableNode } from "@/lib/genui";
import { DataTable, type DataTableColumn, type DataTableRow, type DataTableSort } from "../../widgets/data-table/data-table";
import styles from "../genui.module.css";
import { useGenuiPanel } from "../panel-context";

/** The field of column `index` in the table's records; synthetic, so a column named `__proto__` or twice `x` stays a plain column. */
function columnField(index: number): string {
  return `c${index}`;
}

function toRecord(row: readonly GenuiTableCell[], columnCount: number): DataTableRow {
  const record: Record<string, GenuiTableCell> = {};
  for (let index = 0; index < columnCount; index += 1) record[columnField(index)] = row[index] ?? null;
  return record;
}

/**
 * Orders records with lib/genui's `sortRows` (numeric when every cell is a
 * number, else by code units — the same in every locale), not the widget's
 * default collation, so the browser sorts the way the dialect says.
 */
function sortByGenuiRule(columnCount: number) {
  return (rows: readonly DataTableRow[], sort: NonNullable<DataTableSort>): readonly DataTableRow[] => {
    const column = Number(sort.field.slice(1));
    const byCells = new Map<GenuiTableCell[], DataTableRow>();
    const cells = rows.map((record) => {
      const row = Array.from({ length: columnCount }, (_, index) => record[columnField(index)] as GenuiTableCell);
      byCells.set(row, record);
      return row;
    });
    return sortRows(cells, column, sort.direction).map((row) => byCells.get(row) as DataTableRow);
  };
}

/** The table: rows filtered by the named field's value right away (case-insensitive substring), headers cycling unsorted → ascending → descending. */
export function TableNode({ node, path }: { node: GenuiTableNode; path: string }) {
  const { state, elementId } = useGenuiPanel();
  const columnCount = node.columns.length;
  const columns = useMemo<DataTableColumn[]>(() => node.columns.map((title, index) => ({ field: columnField(index), title })), [node.columns]);
  const filtered = filterRows(node, state.fields);
  const rows = useMemo(() => filtered.map((row) => toRecord(row, columnCount)), [filtered, columnCount]);
  const sortByRule = useMemo(() => sortByGenuiRule(columnCount), [columnCount]);
  const needle = node.filterBy === undefined ? "" : String(genuiFieldValue(state.fields, node.filterBy.field));
  const filtering = needle !== "";
  return (
    <div className={styles.field}>
      <DataTable
        columns={columns}
        rows={rows}
        sortable={node.sortable === true}
        sortRows={sortByRule}
        emptyText={filtering ? `No rows match “${needle}”` : "No rows"}
      />
      {node.filterBy !== undefined ? (
        <p id={elementId(path, "count")} className={styles.hint} role="status">
          {filtering ? `${filtered.length} of ${node.rows.length} rows match “${needle}” in ${node.filterBy.column}` : `${node.rows.length} rows`}
        </p>
      ) : null}
    </div>
  );
}
