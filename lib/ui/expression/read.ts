/**
 * Reading values that came from outside the evaluator (variables, locals,
 * query data). They are trusted to be JSON, but a read must still never run
 * a getter or reach a prototype: fields are read through their own property
 * descriptors, and only data properties count.
 */
import { UiFailure } from "../failure";
import { safeKey, type UiRecord, type UiValue } from "./value";

/** True for a JSON object (not null, not a list). */
export function isUiRecord(value: UiValue): value is UiRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The kind of a value, for messages and for ordering. */
export type UiValueKind = "null" | "boolean" | "number" | "string" | "list" | "record";

/** The kind of a value: `list` for arrays, `record` for objects. */
export function uiValueKind(value: UiValue): UiValueKind {
  if (value === null) return "null";
  if (Array.isArray(value)) return "list";
  switch (typeof value) {
    case "boolean":
      return "boolean";
    case "number":
      return "number";
    case "string":
      return "string";
    default:
      return "record";
  }
}

/**
 * Turns a raw own data value into a `UiValue`: a missing value (`undefined`)
 * and a non-finite number read as null; a function, symbol or bigint — which
 * only a host that skipped `copyUiValue` could hand in — is refused.
 */
function asUiValue(raw: unknown): UiValue {
  switch (typeof raw) {
    case "undefined":
      return null;
    case "number":
      return Number.isFinite(raw) ? raw : null;
    case "string":
    case "boolean":
    case "object":
      return raw as UiValue;
    default:
      throw new UiFailure("invalid_value", typeof raw);
  }
}

/**
 * An own data property's value, or null when there is none; never inherited,
 * never through a getter (an accessor is refused). `key` must be safe.
 */
export function readOwnValue(container: object, key: string | number): UiValue {
  const descriptor = Object.getOwnPropertyDescriptor(container, key);
  if (descriptor === undefined) return null;
  if (!("value" in descriptor)) throw new UiFailure("accessor", String(key));
  return asUiValue(descriptor.value);
}

/** A record's own field; a forbidden key is refused, a missing field is null. */
export function readOwnField(record: UiRecord, key: string): UiValue {
  if (!safeKey(key)) throw new UiFailure("forbidden_key", JSON.stringify(key));
  return readOwnValue(record, key);
}

/** A list's element at an integer index, or null outside the list (or at a hole). */
export function readOwnIndex(list: readonly UiValue[], index: number): UiValue {
  if (!Number.isInteger(index) || index < 0 || index >= list.length) return null;
  return readOwnValue(list, index);
}

/** A record's own enumerable string keys (no getter runs to list them). */
export function ownKeys(record: UiRecord): string[] {
  return Object.keys(record);
}

/** Looks a name up in a variables or locals map as an own data property; `undefined` when absent. */
export function lookupOwn(map: object, name: string): UiValue | undefined {
  const descriptor = Object.getOwnPropertyDescriptor(map, name);
  if (descriptor === undefined) return undefined;
  if (!("value" in descriptor)) throw new UiFailure("accessor", name);
  return asUiValue(descriptor.value);
}
