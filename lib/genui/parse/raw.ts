/**
 * Reading an untrusted value without running any of its code: only own,
 * enumerable data properties are read (a getter is never invoked), only plain
 * objects and arrays are descended into, and nothing is copied wholesale.
 */

/** Returned by `readOwn` when the property does not exist (or is not enumerable). */
export const ABSENT: unique symbol = Symbol("absent");

/** Returned by `readOwn` when the property is an accessor: its getter is never run. */
export const ACCESSOR: unique symbol = Symbol("accessor");

/** What `readOwn` returns: the property's value, or why there is none. */
export type OwnValue = unknown;

/** True for a plain object: no class instance, no array, no function (its prototype is a realm's `Object.prototype` or null). */
export function isRawRecord(value: unknown): value is object {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/** True for an array (of any realm). */
export function isRawList(value: unknown): value is readonly unknown[] {
  return Array.isArray(value);
}

/** An own enumerable data property's value, or `ABSENT`, or `ACCESSOR` for a getter/setter. */
export function readOwn(target: object, key: string | number): OwnValue {
  const descriptor = Object.getOwnPropertyDescriptor(target, key);
  if (descriptor === undefined || !descriptor.enumerable) return ABSENT;
  if (!("value" in descriptor)) return ACCESSOR;
  return descriptor.value;
}

/** Annex B's `__lookupGetter__`: an own accessor's getter without running it (undefined for a data property). */
const lookupGetter = (Object.prototype as { __lookupGetter__?: (this: object, key: PropertyKey) => unknown }).__lookupGetter__;

/**
 * An own element of an array, or `ABSENT` for a hole, or `ACCESSOR`. Cells
 * and entries are most of what a spec holds, so this avoids allocating a
 * descriptor per element: an own property whose getter lookup finds nothing
 * is a data property, and reading it runs no code. (Element enumerability is
 * not consulted: a non-enumerable element is still plain data.)
 */
export function readIndex(list: readonly unknown[], index: number): OwnValue {
  if (lookupGetter === undefined) return readOwn(list, index);
  if (!Object.hasOwn(list, index)) return ABSENT;
  if (lookupGetter.call(list, index) !== undefined) return ACCESSOR;
  return list[index];
}

/**
 * The value of a key already known to be own and enumerable (it came from
 * `Object.keys`), or `ACCESSOR` when it is a getter/setter, which is never run.
 */
export function readKnownKey(target: object, key: string): OwnValue {
  if (lookupGetter === undefined) return readOwn(target, key);
  if (lookupGetter.call(target, key) !== undefined) return ACCESSOR;
  // A setter-only accessor reads as undefined without running anything.
  return (target as Record<string, unknown>)[key];
}

/** An array's length as a safe count (0 for anything odd). */
export function listLength(list: readonly unknown[]): number {
  const length = list.length;
  return Number.isSafeInteger(length) && length > 0 ? length : 0;
}
