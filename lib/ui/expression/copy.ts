/**
 * `copyUiValue`: how a host turns anything it holds into a `UiValue` the
 * library can trust. It validates and deep-copies without invoking accessors:
 * properties are read through `Object.getOwnPropertyDescriptor`, keys through
 * `Reflect.ownKeys`, prototypes through `Object.getPrototypeOf`, so no getter,
 * `toJSON` or `valueOf` of the input ever runs.
 *
 * A Proxy cannot be told apart from a plain object or array without
 * host-specific APIs. Its traps (`getPrototypeOf`, `ownKeys`,
 * `getOwnPropertyDescriptor`) do run during the copy: they can observe it,
 * spend time (bounded only when the clock is next read), throw (the copy
 * fails with `internal`), or answer inconsistently (each property is read
 * once, and the copy holds whatever was answered). What a Proxy cannot do is
 * reach the copy: the result is made of fresh plain arrays and objects that
 * hold only validated JSON, so nothing it does can run code later.
 *
 * Decisions: `-0` becomes 0; an own property whose value is `undefined` is
 * dropped, as `JSON.stringify` drops it, but `undefined` in a list is refused
 * (it would turn into null silently); on objects, non-enumerable properties
 * and symbol keys are refused (`invalid_value`); on arrays only the indices
 * are read, so named properties on an array are left out, as
 * `JSON.stringify` leaves them; objects from another realm are refused (their
 * `Object.prototype` is a different object).
 */
import { toUiFailure, UiFailure } from "../failure";
import { UiBudget } from "./budget";
import { safeKey, type UiRecord, type UiValue } from "./value";

/** Validates `input` as finite JSON and returns a fresh deep copy; throws `UiFailure`. One step per value, lists and records nested up to `limits.nesting` deep. */
export function copyUiValue(input: unknown, budget: UiBudget = new UiBudget()): UiValue {
  try {
    budget.step();
    return copyValue(input, budget, 1, new Set());
  } catch (caught) {
    throw toUiFailure(caught);
  }
}

/** The own data property `key` of `container`, refusing accessors; `undefined` when absent. */
function ownData(container: object, key: string | number): { value: unknown } | undefined {
  const descriptor = Object.getOwnPropertyDescriptor(container, key);
  if (descriptor === undefined) return undefined;
  if (!("value" in descriptor)) throw new UiFailure("accessor", String(key));
  if (!descriptor.enumerable) throw new UiFailure("invalid_value", `non-enumerable property ${String(key)}`);
  return { value: descriptor.value };
}

/** Copies one value; its own step was charged by its container (or by `copyUiValue` for the root). */
function copyValue(input: unknown, budget: UiBudget, depth: number, ancestors: Set<object>): UiValue {
  switch (typeof input) {
    case "string":
    case "boolean":
      return input;
    case "number":
      if (!Number.isFinite(input)) throw new UiFailure("non_finite", String(input));
      return input === 0 ? 0 : input;
    case "object":
      if (input === null) return null;
      break;
    default:
      throw new UiFailure("invalid_value", typeof input);
  }
  if (ancestors.has(input)) throw new UiFailure("cycle");
  budget.checkDepth(depth);
  ancestors.add(input);
  const copy = Array.isArray(input) ? copyArray(input, budget, depth, ancestors) : copyRecord(input, budget, depth, ancestors);
  ancestors.delete(input);
  return copy;
}

function copyArray(input: unknown[], budget: UiBudget, depth: number, ancestors: Set<object>): UiValue[] {
  if (Object.getPrototypeOf(input) !== Array.prototype) throw new UiFailure("invalid_value", "an array subclass");
  const lengthDescriptor = Object.getOwnPropertyDescriptor(input, "length");
  const length: unknown = lengthDescriptor?.value;
  if (typeof length !== "number") throw new UiFailure("invalid_value", "an array without a length");
  // Charge for every element first, so a huge (or hugely sparse) length fails before any allocation.
  budget.step(length);
  const copy: UiValue[] = [];
  for (let index = 0; index < length; index++) {
    const property = ownData(input, index);
    if (property === undefined) throw new UiFailure("sparse_array");
    if (property.value === undefined) throw new UiFailure("invalid_value", "undefined in a list");
    copy.push(copyValue(property.value, budget, depth + 1, ancestors));
  }
  return copy;
}

function copyRecord(input: object, budget: UiBudget, depth: number, ancestors: Set<object>): UiRecord {
  const prototype: unknown = Object.getPrototypeOf(input);
  if (prototype !== Object.prototype && prototype !== null) throw new UiFailure("invalid_value", "a class instance");
  const keys = Reflect.ownKeys(input);
  // One step per property, charged before any is copied.
  budget.step(keys.length);
  const copy: UiRecord = {};
  for (const key of keys) {
    if (typeof key === "symbol") throw new UiFailure("invalid_value", "a symbol key");
    if (!safeKey(key)) throw new UiFailure("forbidden_key", JSON.stringify(key));
    const property = ownData(input, key);
    // A key listed but then absent is a Proxy answering inconsistently: skip it.
    if (property === undefined || property.value === undefined) continue;
    copy[key] = copyValue(property.value, budget, depth + 1, ancestors);
  }
  return copy;
}
