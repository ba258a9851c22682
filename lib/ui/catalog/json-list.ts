/**
 * The list props (`Table.rows`, `Chart.rows`, `Each.items`) checked and
 * copied by one hand-written walk instead of a zod union per value.
 *
 * These lists are the largest values a block holds (up to
 * `UI_PROP_LIMITS.rows` items), and they arrive already JSON: from the
 * evaluator or `copyUiValue`. The zod schemas they had,
 * `z.array(z.record(UiFieldNameSchema, UiValueSchema))`, tried the union's
 * branches for every cell. Measured on 10,000 five-field rows (2-core
 * machine, shared): `Table.rows` took 107 ms on its first parse in a process
 * and 25 ms warm; evaluating a block with one such table took 620 ms cold
 * and 27 ms warm, near and past the evaluation's time guard. This walk:
 * 12 ms first, 1.7 ms warm; the block's evaluation 17–30 ms cold, 2.5 ms
 * warm.
 *
 * It accepts exactly the lists those zod schemas accepted (json-list.test.ts
 * compares the two on generated values) and, as zod did, returns a fresh
 * deep copy, so a view's props share nothing with the state they were read
 * from. Deliberate differences, none of which JSON can produce: an own
 * `__proto__` key is refused (zod dropped it silently), and an object must
 * have `Object.prototype` or no prototype (zod's plain-object test let a
 * cross-realm object through).
 */
import { z } from "zod";
import { safeKey, type UiRecord, type UiValue } from "../expression/value";
import { UI_PROP_LIMITS } from "./prop-limits";

/** What a list's items must be: any JSON value, or a record whose field names are usable as columns. */
export type UiJsonListItems = "values" | "records";

/** Options of `uiJsonListSchema`. */
export type UiJsonListOptions<Item extends UiValue> = {
  /** `records`: every item is a record whose keys are field names (1–64 characters, never a prototype key). */
  items: UiJsonListItems;
  /** A further rule on each checked item: a message when the item is refused. */
  itemRule?: (item: Item) => string | undefined;
};

/** A plain JSON object: `Object.prototype` or no prototype, not a list. */
function isPlainRecord(value: object): value is Record<string, unknown> {
  if (Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Why a value is not JSON: returned, not thrown, and told apart from any JSON value by its class. */
class JsonRefusal {
  constructor(readonly problem: string) {}
}

/** Why a record key cannot name a column, or undefined when it can (the rule of `UiFieldNameSchema`). */
function fieldNameProblem(key: string): string | undefined {
  if (key.length === 0) return "a field name is not empty";
  if (key.length > UI_PROP_LIMITS.token) return `a field name is at most ${UI_PROP_LIMITS.token} characters`;
  if (!safeKey(key)) return "__proto__, constructor and prototype cannot be field names";
  return undefined;
}

/** Why a nested record's key cannot be read, or undefined (the rule of `UiValueSchema`). */
function nestedKeyProblem(key: string): string | undefined {
  return safeKey(key) ? undefined : `"${key}" cannot be a key`;
}

/** Why a scalar is not JSON (undefined for a finite number, text, a boolean or null); containers are not judged here. */
function scalarProblem(value: unknown): string | undefined {
  switch (typeof value) {
    case "string":
    case "boolean":
    case "object":
      return undefined;
    case "number":
      return Number.isFinite(value) ? undefined : `${String(value)} is not a finite number`;
    default:
      return `${typeof value} is not a JSON value`;
  }
}

/**
 * A fresh copy of `input` when it is a `UiValue` (finite numbers, strings,
 * booleans, null, dense plain lists and plain records whose keys pass
 * `keyProblem`), else a refusal. Nested records take any key but a
 * prototype key. A record is copied by the engine's own spread and then
 * checked, scalars in place, so a row of scalars costs one allocation. The
 * depth is the value's own: lists and records a block holds are a few dozen
 * levels deep at most (`UI_LIMITS.nesting` bounds literals and
 * `copyUiValue`).
 */
function copyJson(input: unknown, keyProblem: (key: string) => string | undefined = nestedKeyProblem): UiValue | JsonRefusal {
  if (typeof input !== "object" || input === null) {
    const problem = scalarProblem(input);
    return problem === undefined ? (input as UiValue) : new JsonRefusal(problem);
  }
  if (Array.isArray(input)) {
    const copy: unknown[] = input.slice();
    for (let index = 0; index < copy.length; index += 1) {
      if (!(index in copy)) return new JsonRefusal("a list has no holes");
      const refusal = checkOrCopyNested(copy, index);
      if (refusal) return refusal;
    }
    return copy as UiValue[];
  }
  if (!isPlainRecord(input)) return new JsonRefusal("a record is a plain object");
  // JSON has no symbol keys, and a spread would carry them along unchecked.
  if (Object.getOwnPropertySymbols(input).length > 0) return new JsonRefusal("a record has only text keys");
  const copy: Record<string, unknown> = { ...input };
  for (const key in copy) {
    const problem = keyProblem(key);
    if (problem !== undefined) return new JsonRefusal(problem);
    const refusal = checkOrCopyNested(copy, key);
    if (refusal) return refusal;
  }
  return copy as UiRecord;
}

/** Checks the scalar at `copy[key]` in place, or replaces a nested list or record there by its copy; a refusal when it is not JSON. */
function checkOrCopyNested<Key extends string | number>(copy: { [key in Key]: unknown }, key: Key): JsonRefusal | undefined {
  const value = copy[key];
  if (typeof value === "object" && value !== null) {
    const nested = copyJson(value);
    if (nested instanceof JsonRefusal) return nested;
    copy[key] = nested;
    return undefined;
  }
  const problem = scalarProblem(value);
  return problem === undefined ? undefined : new JsonRefusal(problem);
}

/**
 * A list prop: `null` (a query that has not answered) is an empty list; a
 * list of at most `UI_PROP_LIMITS.rows` JSON items (records with field-name
 * keys when `items` is `records`) is copied; anything else is an issue whose
 * message names the first bad item.
 */
export function uiJsonListSchema<Item extends UiValue>(options: UiJsonListOptions<Item>) {
  return z.unknown().transform((input, context): Item[] => {
    const refuse = (message: string) => {
      context.addIssue({ code: "custom", message, input });
      return z.NEVER;
    };
    const list = input === null ? [] : input;
    if (!Array.isArray(list)) return refuse(options.items === "records" ? "expected a list of records" : "expected a list");
    if (list.length > UI_PROP_LIMITS.rows) return refuse(`at most ${UI_PROP_LIMITS.rows} items`);
    const items = new Array<Item>(list.length);
    for (let index = 0; index < list.length; index += 1) {
      if (!(index in list)) return refuse("a list has no holes");
      const source: unknown = list[index];
      let item: Item;
      if (options.items === "records") {
        // A row's keys name columns, so they follow the field-name rule; nested records only refuse prototype keys.
        if (typeof source !== "object" || source === null || Array.isArray(source)) return refuse(`item ${index} is not a record`);
        const copied = copyJson(source, fieldNameProblem);
        if (copied instanceof JsonRefusal) return refuse(`item ${index}: ${copied.problem}`);
        item = copied as Item;
      } else {
        const copied = copyJson(source);
        if (copied instanceof JsonRefusal) return refuse(`item ${index}: ${copied.problem}`);
        item = copied as Item;
      }
      const problem = options.itemRule?.(item);
      if (problem) return refuse(`item ${index}: ${problem}`);
      items[index] = item;
    }
    return items;
  });
}
