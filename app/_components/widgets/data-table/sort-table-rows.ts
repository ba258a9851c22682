/**
 * The default order of a sorted column: numbers by value when every
 * non-empty cell is a number, otherwise text in one fixed collation (en-US,
 * digits by value, case and accents ignored) so that the order is the same
 * on every machine. Empty cells go last in both directions, and the sort is
 * stable: equal rows keep the order the model gave them.
 */

/** A sort direction of a column. */
export type DataTableSortDirection = "ascending" | "descending";

/** Which column a table is sorted by, or null for the given order. */
export type DataTableSort = { field: string; direction: DataTableSortDirection } | null;

/** One row of a table: its fields by name. */
export type DataTableRow = Readonly<Record<string, unknown>>;

/** The one collation of table text (see the file comment). */
const collator = new Intl.Collator("en-US", { numeric: true, sensitivity: "base" });

/** A row's own field (never an inherited one such as `constructor`). */
export function rowField(row: DataTableRow, field: string): unknown {
  return Object.hasOwn(row, field) ? row[field] : undefined;
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === "";
}

function sortText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return "";
  }
}

/** `rows` ordered by `sort` (a new array; null keeps the given order). */
export function sortTableRows<Row extends DataTableRow>(rows: readonly Row[], sort: DataTableSort): Row[] {
  const copy = [...rows];
  if (sort === null) return copy;
  const { field, direction } = sort;
  const sign = direction === "ascending" ? 1 : -1;
  const numeric = copy.every((row) => {
    const value = rowField(row, field);
    return isEmpty(value) || typeof value === "number";
  });
  const keyed = copy.map((row, index) => ({ row, index, value: rowField(row, field) }));
  keyed.sort((left, right) => {
    const leftEmpty = isEmpty(left.value);
    const rightEmpty = isEmpty(right.value);
    if (leftEmpty || rightEmpty) return leftEmpty === rightEmpty ? left.index - right.index : leftEmpty ? 1 : -1;
    const order = numeric
      ? (left.value as number) - (right.value as number)
      : collator.compare(sortText(left.value), sortText(right.value));
    return order === 0 ? left.index - right.index : sign * order;
  });
  return keyed.map((entry) => entry.row);
}

/** The next sort when a header is activated: none → ascending → descending → none. */
export function nextTableSort(current: DataTableSort, field: string): DataTableSort {
  if (current === null || current.field !== field) return { field, direction: "ascending" };
  return current.direction === "ascending" ? { field, direction: "descending" } : null;
}
