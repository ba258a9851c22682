/**
 * Readers of one scalar value. Each checks the type first and the length
 * before any copy, reports what it trims or refuses, and returns `INVALID`
 * when nothing usable is left (the caller decides what that drops).
 */
import type { GenuiPath } from "../diagnostics/path";
import { GENUI_BUDGETS, GENUI_LIMITS } from "../limits";
import { FORBIDDEN_KEYS } from "../schema/condition";
import { cutText } from "./cut-text";
import { ABSENT, ACCESSOR, readIndex } from "./raw";
import type { SpecWalk } from "./spec-walk";

/** Returned when a value has no usable reading. */
export const INVALID: unique symbol = Symbol("invalid");

/** How a text reader treats numbers and booleans. */
export type TextOptions = {
  /** The cap in UTF-16 units (default `GENUI_LIMITS.stringLength`). */
  max?: number;
  /** Turn a finite number or a boolean into text, with a `coerced_value` note (default true). */
  coerce?: boolean;
};

/** Reads text: a string cut to its cap, or (by default) a number or boolean turned into text. */
export function readText(walk: SpecWalk, value: unknown, path: GenuiPath, options: TextOptions = {}): string | typeof INVALID {
  const max = options.max ?? GENUI_LIMITS.stringLength;
  if (typeof value === "string") {
    if (value.length <= max) return value;
    walk.diagnostics.report("text_truncated", path, `cut to ${max} characters`);
    return cutText(value, max);
  }
  if (options.coerce !== false && ((typeof value === "number" && Number.isFinite(value)) || typeof value === "boolean")) {
    walk.diagnostics.report("coerced_value", path);
    return String(value);
  }
  return INVALID;
}

/** Reads a finite number, clamped into `[min, max]` when bounds are given. */
export function readNumber(
  walk: SpecWalk,
  value: unknown,
  path: GenuiPath,
  bounds: { min?: number; max?: number } = {},
): number | typeof INVALID {
  if (typeof value !== "number" || !Number.isFinite(value)) return INVALID;
  let clamped = value;
  if (bounds.min !== undefined && clamped < bounds.min) clamped = bounds.min;
  if (bounds.max !== undefined && clamped > bounds.max) clamped = bounds.max;
  if (clamped !== value) walk.diagnostics.report("value_clamped", path, `${value} became ${clamped}`);
  // -0 is not a number a person means; normalizing it keeps output equal to its own re-parse.
  return clamped === 0 ? 0 : clamped;
}

/** Reads a boolean. */
export function readBoolean(value: unknown): boolean | typeof INVALID {
  return typeof value === "boolean" ? value : INVALID;
}

/** Reads one of a fixed set of strings. */
export function readChoice<Choice extends string>(value: unknown, choices: readonly Choice[]): Choice | typeof INVALID {
  if (typeof value === "string" && value.length <= GENUI_LIMITS.stringLength && (choices as readonly string[]).includes(value)) {
    return value as Choice;
  }
  return INVALID;
}

/** True for a usable field name: 1–128 characters, not a prototype key. */
export function isFieldName(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && value.length <= GENUI_BUDGETS.fieldNameLength && !FORBIDDEN_KEYS.has(value);
}

/** Unknown keys reported one by one per object; the rest are summed in one more diagnostic. */
const UNKNOWN_KEYS_LISTED = 10;

/** Up to this many keys an object's key list is scanned; past it, keys are probed by name instead. */
export const KEY_SCAN_LIMIT = 16;

const propertyIsEnumerable = Object.prototype.propertyIsEnumerable;

/** True when `key` is an own enumerable property of `record` (a probe by name, whatever the object's size). */
export function hasOwnEnumerable(record: object, key: string): boolean {
  return propertyIsEnumerable.call(record, key);
}

/** Keys reported by name rather than as unknown fields. */
const SPECIAL_KEYS: readonly string[] = [...FORBIDDEN_KEYS, "inputType"];

function isSpecialKey(key: string, nodeType: string | undefined): boolean {
  return FORBIDDEN_KEYS.has(key) || (key === "inputType" && nodeType === "input");
}

function reportSpecialKey(walk: SpecWalk, key: string, path: GenuiPath): void {
  walk.diagnostics.report(FORBIDDEN_KEYS.has(key) ? "forbidden_key" : "input_type_dropped", path.child(key));
}

/**
 * Reports every key of `keys` (an object's own enumerable keys) that `known`
 * does not list: prototype keys as `forbidden_key`, `inputType` on an input
 * as `input_type_dropped`, anything else as `unknown_field` — the first ten
 * by name, the rest counted. A large object is not scanned key by key: its
 * special and known keys are probed by name and the rest counted, so the
 * cost past listing the keys does not grow with them.
 */
export function reportUnknownKeys(walk: SpecWalk, record: object, keys: readonly string[], known: ReadonlySet<string>, path: GenuiPath, nodeType?: string): void {
  let unknown = 0;
  if (keys.length <= KEY_SCAN_LIMIT) {
    for (const key of keys) {
      if (known.has(key)) continue;
      if (isSpecialKey(key, nodeType)) reportSpecialKey(walk, key, path);
      else unknown += 1;
    }
  } else {
    let accounted = 0;
    for (const key of SPECIAL_KEYS) {
      if (isSpecialKey(key, nodeType) && hasOwnEnumerable(record, key)) {
        reportSpecialKey(walk, key, path);
        accounted += 1;
      }
    }
    for (const key of known) if (hasOwnEnumerable(record, key)) accounted += 1;
    unknown = keys.length - accounted;
  }
  if (unknown === 0) return;
  let listed = 0;
  // Known and special keys are few, so this stops within a few dozen keys however large the object is.
  for (let index = 0; index < keys.length && listed < UNKNOWN_KEYS_LISTED; index += 1) {
    const key = keys[index] as string;
    if (known.has(key) || isSpecialKey(key, nodeType)) continue;
    listed += 1;
    walk.diagnostics.report("unknown_field", path.child(key));
  }
  if (unknown > listed) walk.diagnostics.report("unknown_field", path, `${unknown - listed} more fields`);
}

/** Reads an element of a kept array, reporting an accessor (and treating it, like a hole, as absent). */
export function readElement(walk: SpecWalk, list: readonly unknown[], index: number, path: GenuiPath): unknown {
  const value = readIndex(list, index);
  if (value === ACCESSOR) {
    walk.diagnostics.report("not_json", path.child(index));
    return ABSENT;
  }
  return value;
}
