/**
 * How a table shows one cell, as text: the words a reader sees and the
 * filter box searches. Presentation changes the words (a number grouped, a
 * date in words); it never changes the sort, which reads the raw value.
 */
import { formatUiValue } from "@/lib/ui/expression";
import { formatNumber } from "../format/format-number";

/** How a column presents its cells. */
export type DataTablePresentation = "text" | "number" | "percent" | "date" | "code" | "tag";

/** Text of a value with no presentation: strings as they are, lists joined, records as JSON, null as nothing. */
export function plainCellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) {
    return value.map((item) => (typeof item === "object" && item !== null ? safeJson(item) : plainCellText(item))).join(", ");
  }
  return safeJson(value);
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return "";
  }
}

/**
 * The text of a cell under its column's presentation: `number` groups digits
 * (`1,234.5`), `percent` appends `%` to the number as written (87.5 → `87.5%`,
 * the 0–100 scale `Progress` uses), `date` writes an ISO date or epoch
 * milliseconds as `Jan 5, 2024` (UTC). A value the presentation cannot read
 * is shown as plain text.
 */
export function dataTableCellText(value: unknown, presentation: DataTablePresentation = "text"): string {
  if (typeof value === "number" && Number.isFinite(value)) {
    if (presentation === "number") return formatNumber(value);
    if (presentation === "percent") return `${formatNumber(value)}%`;
  }
  if (presentation === "date" && (typeof value === "string" || typeof value === "number")) {
    try {
      return formatUiValue(value, "date") ?? "";
    } catch {
      return plainCellText(value);
    }
  }
  return plainCellText(value);
}

/** True when a column's cells line up on the right: numeric presentations, or every non-empty cell a number. */
export function isNumericColumn(values: readonly unknown[], presentation: DataTablePresentation = "text"): boolean {
  if (presentation === "number" || presentation === "percent") return true;
  if (presentation !== "text") return false;
  let any = false;
  for (const value of values) {
    if (value === null || value === undefined || value === "") continue;
    if (typeof value !== "number") return false;
    any = true;
  }
  return any;
}
