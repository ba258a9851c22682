import type { UiValue } from "../expression/value";

/**
 * What a displayed value that is null shows: a query that has not answered,
 * a field a row lacks, `@Format(null, …)`. A dash says "not known yet"
 * where an empty string left a sentence with a hole ("Latest: ").
 */
export const UI_UNKNOWN_TEXT = "—";

/** An item of a displayed list: as `uiDisplayText`, but null is an empty item (the list still shows its other items). */
function itemText(value: UiValue): string {
  if (value === null) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return uiDisplayText(value);
}

/**
 * How an `{expression}` inside text is shown: a string as it is, a number in
 * its shortest form, a boolean as `true`/`false`, null as "—"
 * (`UI_UNKNOWN_TEXT`), a list as its items joined by ", ", an object as JSON.
 */
export function uiDisplayText(value: UiValue): string {
  if (value === null) return UI_UNKNOWN_TEXT;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.map(itemText).join(", ");
  return JSON.stringify(value);
}
