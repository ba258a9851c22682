import { uiValueKind, type UiValueKind } from "../expression/read";
import type { UiValue } from "../expression/value";

/** The type of a state variable, fixed by its default: a variable never changes it. */
export type UiValueType = "null" | "boolean" | "number" | "string" | "array" | "object";

/** State types use JSON's own words for what the expression language calls lists and records. */
const TYPE_OF_KIND: Record<UiValueKind, UiValueType> = {
  null: "null",
  boolean: "boolean",
  number: "number",
  string: "string",
  list: "array",
  record: "object",
};

/** The type of a JSON value as a state variable sees it (arrays and objects are distinct). */
export function uiValueType(value: UiValue): UiValueType {
  return TYPE_OF_KIND[uiValueKind(value)];
}
