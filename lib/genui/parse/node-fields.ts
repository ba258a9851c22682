/**
 * The fields of one object being read (a node or an entry inside one): typed
 * readers that report what they trim or refuse at the field's path. A
 * required reader returns `MISSING` when nothing usable is there (after
 * reporting `missing_field`); the caller then drops the object. An optional
 * reader returns `undefined` for an absent field and reports a wrong one.
 */
import type { GenuiPath } from "../diagnostics/path";
import { ABSENT, ACCESSOR, isRawList, readKnownKey } from "./raw";
import {
  hasOwnEnumerable,
  INVALID,
  isFieldName,
  KEY_SCAN_LIMIT,
  readBoolean,
  readChoice,
  readNumber,
  readText,
  reportUnknownKeys,
  type TextOptions,
} from "./read-values";
import type { SpecWalk } from "./spec-walk";

/** A required field was missing or unusable: drop the object that needed it. */
export const MISSING: unique symbol = Symbol("missing");

/** Numeric bounds for a reader; values outside are clamped. */
export type NumberBounds = { min?: number; max?: number };

/**
 * Typed access to the fields of one kept object. The object's own enumerable
 * keys are listed once (`Object.keys`), which serves both to read known
 * fields without a property descriptor each and to report unknown ones.
 */
export class NodeFields {
  private readonly keys: readonly string[];

  constructor(
    readonly walk: SpecWalk,
    readonly record: object,
    readonly path: GenuiPath,
  ) {
    this.keys = Object.keys(record);
  }

  private has(name: string): boolean {
    return this.keys.length <= KEY_SCAN_LIMIT ? this.keys.includes(name) : hasOwnEnumerable(this.record, name);
  }

  /** The raw value of a field, or `ABSENT` (an accessor is reported and treated as absent). */
  raw(name: string): unknown {
    if (!this.has(name)) return ABSENT;
    const value = readKnownKey(this.record, name);
    if (value !== ACCESSOR) return value;
    this.walk.diagnostics.report("not_json", this.path.child(name));
    return ABSENT;
  }

  /** Reports every key `known` does not list (see `reportUnknownKeys`). */
  reportUnknown(known: ReadonlySet<string>, nodeType?: string): void {
    reportUnknownKeys(this.walk, this.record, this.keys, known, this.path, nodeType);
  }

  /** Reports `missing_field` at a field and returns `MISSING`. */
  missing(name: string, detail?: string): typeof MISSING {
    this.walk.diagnostics.report("missing_field", this.path.child(name), detail);
    return MISSING;
  }

  /** Reports `invalid_field` at a field and returns `undefined`. */
  invalid(name: string, detail?: string): undefined {
    this.walk.diagnostics.report("invalid_field", this.path.child(name), detail);
    return undefined;
  }

  /** A required text field. */
  requiredText(name: string, options?: TextOptions): string | typeof MISSING {
    const value = readText(this.walk, this.raw(name), this.path.child(name), options);
    return value === INVALID ? this.missing(name) : value;
  }

  /** An optional text field. */
  optionalText(name: string, options?: TextOptions): string | undefined {
    const raw = this.raw(name);
    if (raw === ABSENT) return undefined;
    const value = readText(this.walk, raw, this.path.child(name), options);
    return value === INVALID ? this.invalid(name) : value;
  }

  /** A required finite number, clamped into its bounds. */
  requiredNumber(name: string, bounds?: NumberBounds): number | typeof MISSING {
    const value = readNumber(this.walk, this.raw(name), this.path.child(name), bounds);
    return value === INVALID ? this.missing(name) : value;
  }

  /** An optional finite number, clamped into its bounds. */
  optionalNumber(name: string, bounds?: NumberBounds): number | undefined {
    const raw = this.raw(name);
    if (raw === ABSENT) return undefined;
    const value = readNumber(this.walk, raw, this.path.child(name), bounds);
    return value === INVALID ? this.invalid(name) : value;
  }

  /** An optional boolean. */
  optionalBoolean(name: string): boolean | undefined {
    const raw = this.raw(name);
    if (raw === ABSENT) return undefined;
    const value = readBoolean(raw);
    return value === INVALID ? this.invalid(name) : value;
  }

  /** A required choice among fixed strings. */
  requiredChoice<Choice extends string>(name: string, choices: readonly Choice[]): Choice | typeof MISSING {
    const value = readChoice(this.raw(name), choices);
    return value === INVALID ? this.missing(name, `one of ${choices.join(", ")}`) : value;
  }

  /** An optional choice among fixed strings. */
  optionalChoice<Choice extends string>(name: string, choices: readonly Choice[]): Choice | undefined {
    const raw = this.raw(name);
    if (raw === ABSENT) return undefined;
    const value = readChoice(raw, choices);
    return value === INVALID ? this.invalid(name, `one of ${choices.join(", ")}`) : value;
  }

  /** The required `field` name of a control; an unusable one drops the control (`invalid_field_name`). */
  fieldName(): string | typeof MISSING {
    const raw = this.raw("field");
    if (isFieldName(raw)) return raw;
    this.walk.diagnostics.report(raw === ABSENT ? "missing_field" : "invalid_field_name", this.path.child("field"));
    return MISSING;
  }

  /** A required array field. */
  requiredList(name: string): readonly unknown[] | typeof MISSING {
    const raw = this.raw(name);
    return isRawList(raw) ? raw : this.missing(name, "an array");
  }
}
