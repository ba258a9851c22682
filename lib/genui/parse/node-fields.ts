/**
 * The fields of one object being read (a node or an entry inside one): typed
 * readers that report what they trim or refuse at the field's path. A
 * required reader returns `MISSING` when nothing usable is there (after
 * reporting `missing_field`); the caller then drops the object. An optional
 * reader returns `undefined` for an absent field and reports a wrong one.
 */
import type { GenuiPath } from "../diagnostics/path";
import { ABSENT, isRawList } from "./raw";
import { INVALID, isFieldName, readBoolean, readChoice, readField, readNumber, readText, type TextOptions } from "./read-values";
import type { SpecWalk } from "./spec-walk";

/** A required field was missing or unusable: drop the object that needed it. */
export const MISSING: unique symbol = Symbol("missing");

/** Numeric bounds for a reader; values outside are clamped. */
export type NumberBounds = { min?: number; max?: number };

/** Typed access to the fields of one kept object. */
export class NodeFields {
  constructor(
    readonly walk: SpecWalk,
    readonly record: object,
    readonly path: GenuiPath,
  ) {}

  /** The raw value of a field, or `ABSENT`. */
  raw(name: string): unknown {
    return readField(this.walk, this.record, name, this.path);
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
