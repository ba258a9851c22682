/**
 * A `Chart`'s reference marks: `marks={[{x: "Tue", label: "v2.1"}, {y: 500,
 * label: "SLO"}]}` draws a labelled line across the chart at one x value (a
 * row's `label`: a release day) or at one y value (a threshold). Writers
 * reached for these and had none; a list of records keeps them one prop.
 */
import type { UiRecord, UiValue } from "../expression/value";
import { UI_PROP_LIMITS } from "./prop-limits";

/** A mark at an x value (the `label` of a row) or at a y value, with an optional label. */
export type UiChartMark = { x: string | number; label?: string } | { y: number; label?: string };

/** The fields a mark may have: a misspelt one (`value`, `tone`) is refused, not ignored. */
const MARK_FIELDS: ReadonlySet<string> = new Set(["x", "y", "label"]);

/** Why a record cannot be a mark (the schema's item rule), or undefined when it can. */
export function uiChartMarkProblem(mark: UiRecord): string | undefined {
  for (const field of Object.keys(mark)) if (!MARK_FIELDS.has(field)) return `a mark has x or y and a label, not "${field}"`;
  const hasX = mark.x !== undefined && mark.x !== null;
  const hasY = mark.y !== undefined && mark.y !== null;
  // A mark at a value that is missing (`{x: $release.day}` over an empty answer) marks nothing: it is left out, quietly.
  if (!hasX && !hasY && (mark.x === null || mark.y === null)) return undefined;
  if (hasX === hasY) return "a mark has exactly one of x (a row's label) and y (a number)";
  if (hasX && typeof mark.x !== "number" && !(typeof mark.x === "string" && mark.x.length <= UI_PROP_LIMITS.label))
    return "a mark's x is a row's label: text or a number";
  if (hasY && typeof mark.y !== "number") return "a mark's y is a number";
  const label: UiValue | undefined = mark.label;
  if (label !== undefined && label !== null && !(typeof label === "string" && label.length <= UI_PROP_LIMITS.label))
    return "a mark's label is short text";
  return undefined;
}

/** The marks of a validated `Chart.marks` prop, nulls and marks at a missing value left out (its schema already refused anything else). */
export function uiChartMarks(marks: unknown): UiChartMark[] {
  if (!Array.isArray(marks)) return [];
  const result: UiChartMark[] = [];
  for (const mark of marks as UiValue[]) {
    if (typeof mark !== "object" || mark === null || Array.isArray(mark) || uiChartMarkProblem(mark) !== undefined) continue;
    const label = typeof mark.label === "string" && mark.label !== "" ? { label: mark.label } : {};
    if (typeof mark.y === "number") result.push({ y: mark.y, ...label });
    else if (typeof mark.x === "string" || typeof mark.x === "number") result.push({ x: mark.x, ...label });
  }
  return result;
}
