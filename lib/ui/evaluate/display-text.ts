import type { UiValue } from "../expression/value";

/**
 * How an `{expression}` inside text is shown: a string as it is, a number in
 * its shortest form, a boolean as `true`/`false`, null as nothing, a list as
 * its items joined by ", ", an object as JSON.
 */
export function uiDisplayText(value: UiValue): string {
  if (value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) {
    return value
      .map((item) => (typeof item === "object" && item !== null ? JSON.stringify(item) : uiDisplayText(item)))
      .join(", ");
  }
  return JSON.stringify(value);
}
