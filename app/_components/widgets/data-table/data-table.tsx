"use client";

import { getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from "@tanstack/react-table";
import { useDeferredValue, useId, useMemo, useState, type ReactNode } from "react";
import { ScrollBox } from "../scroll-box/scroll-box";
import { ToneBadge } from "../tone-badge/tone-badge";
import { dataTableCellText, isNumericColumn, type DataTablePresentation } from "./cell-text";
import {
  nextTableSort,
  rowField,
  sortTableRows,
  type DataTableRow,
  type DataTableSort,
} from "./sort-table-rows";
import styles from "./data-table.module.css";

/** One shown column: the row field it reads and how it looks. */
export type DataTableColumn = {
  /** The row field shown. */
  field: string;
  /** Header text (default: the field name). */
  title?: string;
  /** Unit of the column's values, shown in the header (`Time (ms)`). */
  unit?: string;
  /** How cells are presented (default text). */
  presentation?: DataTablePresentation;
};

/** Props of `DataTable`. */
export type DataTableProps = {
  /** The columns, in order. */
  columns: readonly DataTableColumn[];
  /** The rows: records read by `columns[].field` (own fields only). */
  rows: readonly DataTableRow[];
  /** The table's name, shown above it (its caption). */
  title?: string;
  /** A note shown below the table. */
  caption?: string;
  /** Headers sort on activation, cycling none → ascending → descending. */
  sortable?: boolean;
  /** Adds a local filter box that keeps the rows whose shown text contains it (case-insensitive). */
  filterable?: boolean;
  /** True while its rows are still arriving: an empty table says "Loading rows…" instead of that it has none. */
  arriving?: boolean;
  /** What an empty table says (default "No rows"). */
  emptyText?: string;
  /** The sort, when the parent keeps it (controlled); otherwise the table keeps its own. */
  sort?: DataTableSort;
  /** Called with the next sort when a header is activated. */
  onSortChange?: (sort: DataTableSort) => void;
  /** Orders rows for a sort instead of the default (`sortTableRows`), for a dialect with its own rule. */
  sortRows?: (rows: readonly DataTableRow[], sort: NonNullable<DataTableSort>) => readonly DataTableRow[];
  /**
   * Draws a cell in place of its presentation when it returns something other
   * than undefined: a dialect's own cells (a host-link chip, a dash for a
   * value not known yet). `row` is the row object as given in `rows`.
   */
  renderCell?: (value: unknown, column: DataTableColumn, row: DataTableRow) => ReactNode | undefined;
  /** The filter text, when the parent keeps it (controlled). */
  filter?: string;
  /** Called with the filter text as the person types. */
  onFilterChange?: (filter: string) => void;
};

/** Rows drawn at first, and added per "Show more": a reply's 10,000-row table stays smooth to draw and scroll. */
export const DATA_TABLE_PAGE_ROWS = 100;

/** Characters of a filter: a search phrase, not a document. */
const FILTER_MAX_CHARACTERS = 200;

type ColumnMeta = { presentation: DataTablePresentation; numeric: boolean };

function headerText(column: DataTableColumn): string {
  const title = column.title ?? column.field;
  return column.unit ? `${title} (${column.unit})` : title;
}

/** One cell under its column's presentation. */
function Cell({ value, presentation }: { value: unknown; presentation: DataTablePresentation }) {
  const text = dataTableCellText(value, presentation);
  if (text === "") return null;
  if (presentation === "code") return <code>{text}</code>;
  if (presentation === "tag") return <ToneBadge>{text}</ToneBadge>;
  return <>{text}</>;
}

/** The arrow of a header's sort state (the state itself is in `aria-sort`). */
const SORT_ARROWS = { ascending: "▲", descending: "▼", none: "↕" } as const;

/**
 * A table of records (built on @tanstack/react-table): sortable headers
 * with `aria-sort`, an optional local filter box, an empty state, numbers
 * right-aligned, and long tables drawn a page at a time.
 */
export function DataTable(props: DataTableProps) {
  const { columns, rows, title, caption, sortable = false, filterable = false, emptyText = "No rows", arriving = false } = props;
  const filterId = useId();
  const [ownSort, setOwnSort] = useState<DataTableSort>(null);
  const [ownFilter, setOwnFilter] = useState("");
  const [shownRows, setShownRows] = useState(DATA_TABLE_PAGE_ROWS);
  const sort = props.sort !== undefined ? props.sort : ownSort;
  const filter = props.filter !== undefined ? props.filter : ownFilter;
  // Typing stays responsive on large tables: the filtered rows follow a moment later.
  const deferredFilter = useDeferredValue(filterable ? filter : "");
  const sortRows = props.sortRows;

  const columnDefs = useMemo<ColumnDef<DataTableRow>[]>(
    () =>
      columns.map((column, index): ColumnDef<DataTableRow> => {
        const presentation = column.presentation ?? "text";
        const meta: ColumnMeta = {
          presentation,
          numeric: isNumericColumn(
            rows.map((row) => rowField(row, column.field)),
            presentation,
          ),
        };
        return {
          id: `${index}:${column.field}`,
          accessorFn: (row: DataTableRow) => rowField(row, column.field),
          header: headerText(column),
          meta,
        };
      }),
    [columns, rows],
  );
  // Each row's shown text, lower-cased, computed once per rows and columns: typing a filter then
  // costs one substring search per row, not one cell formatting per cell.
  const searchTexts = useMemo(
    () =>
      filterable
        ? rows.map((row) =>
            columns
              .map((column) => dataTableCellText(rowField(row, column.field), column.presentation))
              .join("\u0000")
              .toLowerCase(),
          )
        : undefined,
    [rows, columns, filterable],
  );
  const needle = deferredFilter.trim().toLowerCase();
  const filteredRows = useMemo(
    () => (searchTexts === undefined || needle === "" ? rows : rows.filter((_, index) => searchTexts[index]?.includes(needle))),
    [rows, searchTexts, needle],
  );
  const sortedRows = useMemo(() => {
    if (!sortable || sort === null) return filteredRows;
    return sortRows ? sortRows(filteredRows, sort) : sortTableRows(filteredRows, sort);
  }, [filteredRows, sort, sortable, sortRows]);

  const sorting: SortingState = sort ? [{ id: sortColumnId(columns, sort.field), desc: sort.direction === "descending" }] : [];
  // Only the drawn page goes through the table model: building row objects for 10,000 rows would
  // cost more than drawing the hundred a reader sees.
  const drawnData = useMemo(() => sortedRows.slice(0, shownRows) as DataTableRow[], [sortedRows, shownRows]);
  const table = useReactTable<DataTableRow>({
    data: drawnData,
    columns: columnDefs,
    state: { sorting },
    // Rows arrive filtered and sorted (above): the table keeps the sort state for its headers only.
    manualSorting: true,
    manualFiltering: true,
    getCoreRowModel: getCoreRowModel(),
  });

  const changeSort = (field: string) => {
    const next = nextTableSort(sort, field);
    if (props.sort === undefined) setOwnSort(next);
    props.onSortChange?.(next);
  };
  const changeFilter = (value: string) => {
    const next = value.slice(0, FILTER_MAX_CHARACTERS);
    if (props.filter === undefined) setOwnFilter(next);
    props.onFilterChange?.(next);
    setShownRows(DATA_TABLE_PAGE_ROWS);
  };

  const drawnRows = table.getRowModel().rows;
  const matching = sortedRows.length;
  const filtering = filterable && needle !== "";

  return (
    <div className={styles.dataTable}>
      {filterable ? (
        <div className={styles.toolbar}>
          <label className={styles.filterLabel} htmlFor={filterId}>
            Filter{title ? ` ${title}` : " rows"}
          </label>
          <input
            id={filterId}
            className={styles.filter}
            type="search"
            value={filter}
            maxLength={FILTER_MAX_CHARACTERS}
            placeholder="Type to filter"
            onChange={(event) => changeFilter(event.target.value)}
          />
          <span className={styles.count} role="status">
            {filtering ? `${matching} of ${rows.length} rows` : `${rows.length} ${rows.length === 1 ? "row" : "rows"}`}
          </span>
        </div>
      ) : null}
      <ScrollBox scrollClassName={styles.scroll}>
        <table className={styles.table}>
          {title ? <caption className={styles.title}>{title}</caption> : null}
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header, index) => {
                  const column = columns[index];
                  const meta = header.column.columnDef.meta as ColumnMeta;
                  const text = String(header.column.columnDef.header);
                  const state = sort && column && sort.field === column.field ? sort.direction : "none";
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={meta.numeric ? styles.numeric : undefined}
                      aria-sort={sortable ? state : undefined}
                    >
                      {sortable && column ? (
                        <button type="button" className={styles.sortButton} onClick={() => changeSort(column.field)}>
                          {text}
                          <span className={state === "none" ? styles.sortIdle : styles.sortActive} aria-hidden="true">
                            {SORT_ARROWS[state]}
                          </span>
                        </button>
                      ) : (
                        text
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {drawnRows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell, index) => {
                  const meta = cell.column.columnDef.meta as ColumnMeta;
                  const column = columns[index];
                  const own = column && props.renderCell ? props.renderCell(cell.getValue(), column, row.original) : undefined;
                  return (
                    <td key={cell.id} className={meta.numeric ? styles.numeric : undefined}>
                      {own !== undefined ? own : <Cell value={cell.getValue()} presentation={meta.presentation} />}
                    </td>
                  );
                })}
              </tr>
            ))}
            {matching === 0 && arriving && rows.length === 0 ? (
              <tr data-placeholder="">
                <td className={styles.empty} colSpan={Math.max(1, columns.length)}>
                  Loading rows…
                </td>
              </tr>
            ) : matching === 0 ? (
              <tr>
                <td className={styles.empty} colSpan={Math.max(1, columns.length)}>
                  {filtering && rows.length > 0 ? `No rows match “${deferredFilter.trim()}”` : emptyText}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </ScrollBox>
      {matching > drawnRows.length ? (
        <button
          type="button"
          className={`button button-secondary button-small ${styles.more}`}
          onClick={() => setShownRows((count) => count + DATA_TABLE_PAGE_ROWS)}
        >
          {`Show ${Math.min(DATA_TABLE_PAGE_ROWS, matching - drawnRows.length)} more rows (${drawnRows.length} of ${matching} shown)`}
        </button>
      ) : null}
      {caption ? <p className={styles.caption}>{caption}</p> : null}
    </div>
  );
}

/** The tanstack column id of a field (the first column showing it). */
function sortColumnId(columns: readonly DataTableColumn[], field: string): string {
  const index = columns.findIndex((column) => column.field === field);
  return index === -1 ? field : `${index}:${field}`;
}

export { type DataTableRow, type DataTableSort, type DataTableSortDirection } from "./sort-table-rows";
export { type DataTablePresentation } from "./cell-text";
