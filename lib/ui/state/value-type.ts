import type { UiValue } from "../expression/value";

/** The type of a state variable, fixed by its default: a variable never changes it. */
export type UiValueType = "null" | "boolean" | "number" | "string" | "array" | "object";

/** The type of a JSON value as a state variable sees it (arrays and objects are distinct). */
export function uiValueType(value: UiValue): UiValueType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  switch (typeof value) {
    case "boolean":
      return "boolean";
    case "number":
      return "number";
    case "string":
      return "string";
    default:
      return "object";
  }
}
