/** Readers of the small records inside nodes: list items, key-value pairs and options. */
import type { GenuiPath } from "../diagnostics/path";
import type { GenuiOption } from "../schema/nodes";
import { MISSING, NodeFields } from "./node-fields";
import { ABSENT, isRawRecord } from "./raw";
import { INVALID, readText } from "./read-values";
import type { SpecWalk } from "./spec-walk";

const LABEL_VALUE: ReadonlySet<string> = new Set(["label", "value"]);

/** A `list` entry: text, or `{label, value?}`. */
export type GenuiListItem = string | { label: string; value?: string };

/** Reads a `list` entry: a string (or number), or an object with a label and an optional value. */
export function readListItem(walk: SpecWalk, value: unknown, path: GenuiPath): GenuiListItem | typeof INVALID {
  if (!isRawRecord(value)) return readText(walk, value, path);
  const fields = new NodeFields(walk, value, path);
  const label = fields.requiredText("label");
  if (label === MISSING) return INVALID;
  const itemValue = fields.optionalText("value");
  fields.reportUnknown(LABEL_VALUE);
  return itemValue === undefined ? { label } : { label, value: itemValue };
}

/** Reads a `keyvalue` entry: `{label, value}`, a number or boolean value turned into text. */
export function readKeyValueItem(walk: SpecWalk, value: unknown, path: GenuiPath): { label: string; value: string } | typeof INVALID {
  if (!isRawRecord(value)) return INVALID;
  const fields = new NodeFields(walk, value, path);
  const label = fields.requiredText("label");
  const itemValue = fields.requiredText("value");
  if (label === MISSING || itemValue === MISSING) return INVALID;
  fields.reportUnknown(LABEL_VALUE);
  return { label, value: itemValue };
}

/**
 * Reads an option `{label, value}`. A bare string (or number) stands for an
 * option whose label and value are that text, and an object with only one of
 * the two uses it for both; each shortcut is reported as `coerced_value`.
 */
export function readOption(walk: SpecWalk, value: unknown, path: GenuiPath): GenuiOption | typeof INVALID {
  if (!isRawRecord(value)) {
    const text = readText(walk, value, path);
    if (text === INVALID) return INVALID;
    if (typeof value === "string") walk.diagnostics.report("coerced_value", path, "a bare option is its own label and value");
    return { label: text, value: text };
  }
  const fields = new NodeFields(walk, value, path);
  const hasLabel = fields.raw("label") !== ABSENT;
  const hasValue = fields.raw("value") !== ABSENT;
  if (!hasLabel && !hasValue) return INVALID;
  let label = hasLabel ? fields.requiredText("label") : MISSING;
  let optionValue = hasValue ? fields.requiredText("value") : MISSING;
  if (label === MISSING && optionValue === MISSING) return INVALID;
  if (label === MISSING || optionValue === MISSING) {
    walk.diagnostics.report("coerced_value", path, "an option with one of label and value uses it for both");
    label = label === MISSING ? (optionValue as string) : label;
    optionValue = optionValue === MISSING ? label : optionValue;
  }
  fields.reportUnknown(LABEL_VALUE);
  return { label, value: optionValue };
}
