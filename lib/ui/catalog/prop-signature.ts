/**
 * Reads a component's props back out of its zod schema, so the texts a model
 * reads are derived from the same definitions that validate its output: a
 * prop added, removed or made optional in catalog.ts changes the texts too.
 */
import { z } from "zod";
import type { UiCatalogEntry } from "./entry";
import { UiToneSchema } from "./tone";

/** One prop as the texts show it. */
export type UiPropSignature = {
  /** The prop's name. */
  name: string;
  /** True when the prop may be left out. */
  optional: boolean;
  /** The allowed words when the prop is an enumeration or literal (none for tones: those are listed once). */
  values?: readonly string[];
  /** True when the prop takes a tone. */
  tone: boolean;
  /** True when the prop may be bound to a state variable. */
  bindable: boolean;
  /** True when the prop holds an action. */
  action: boolean;
};

/** Peels optional, default, nullable and preprocess/transform wrappers down to the schema that judges the value. */
function innerSchema(schema: z.core.$ZodType): z.core.$ZodType {
  let current = schema;
  // A schema is wrapped a handful of times at most; the bound only guards against a cyclic lazy schema.
  for (let depth = 0; depth < 16; depth += 1) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodDefault || current instanceof z.ZodNullable)
      current = current.unwrap();
    else if (current instanceof z.ZodPipe) current = current.out instanceof z.ZodTransform ? current.in : current.out;
    else break;
  }
  return current;
}

/** The words an enumeration or literal schema allows, or undefined for any other schema. */
function allowedWords(schema: z.core.$ZodType): readonly string[] | undefined {
  if (schema instanceof z.ZodEnum) return schema.options.map(String);
  if (schema instanceof z.ZodLiteral) return [...schema.values].map((value) => JSON.stringify(value));
  return undefined;
}

/** The props of one catalog entry, in schema order; a literal component's `code` (its content) is left out. */
export function uiPropSignatures(entry: UiCatalogEntry): UiPropSignature[] {
  const signatures: UiPropSignature[] = [];
  for (const [name, schema] of Object.entries(entry.schema.shape)) {
    if (entry.children.kind === "literal" && name === "code") continue;
    const inner = innerSchema(schema);
    const tone = inner === UiToneSchema;
    const values = tone ? undefined : allowedWords(inner);
    signatures.push({
      name,
      optional: z.safeParse(schema, undefined).success,
      ...(values ? { values } : {}),
      tone,
      bindable: entry.bindable?.includes(name) ?? false,
      action: entry.actions?.includes(name) ?? false,
    });
  }
  return signatures;
}

/** One prop as written in a compact signature: `status?: pending|active|done|failed`. */
export function uiPropText(prop: UiPropSignature): string {
  const name = prop.optional ? `${prop.name}?` : prop.name;
  return prop.values ? `${name}: ${prop.values.join("|")}` : name;
}

/** A component's compact signature: `Stat(label, value, unit?, delta?, tone?)`. */
export function uiComponentSignature(name: string, entry: UiCatalogEntry): string {
  const props = uiPropSignatures(entry).map(uiPropText);
  return props.length === 0 ? name : `${name}(${props.join(", ")})`;
}
