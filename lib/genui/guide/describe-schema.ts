/**
 * Printing a zod schema as the short TypeScript-like type the guide's tables
 * use (`(string | {label: string, value?: string})[]`). Only the kinds the
 * node schemas use are handled; anything else prints as `unknown`, which a
 * test would catch in the guide.
 */
import { z } from "zod";

/** Schemas printed by name instead of by structure. */
export type SchemaNames = ReadonlyMap<z.core.$ZodType, string>;

/** A printed type, and whether it is a union at the top (which an array must wrap in parentheses). */
type Printed = { text: string; union: boolean };

function print(schema: z.core.$ZodType, names: SchemaNames): Printed {
  const named = names.get(schema);
  if (named !== undefined) return { text: named, union: false };
  // A string format (`z.iso.date()`, `z.email()`) is a string to the writer; the description says which.
  if (schema instanceof z.ZodString || schema instanceof z.ZodStringFormat) return { text: "string", union: false };
  if (schema instanceof z.ZodNumber) return { text: "number", union: false };
  if (schema instanceof z.ZodBoolean) return { text: "boolean", union: false };
  if (schema instanceof z.ZodNull) return { text: "null", union: false };
  if (schema instanceof z.ZodLiteral) return { text: schema.values.size === 1 ? JSON.stringify([...schema.values][0]) : "literal", union: false };
  if (schema instanceof z.ZodEnum) return { text: schema.options.map((option) => JSON.stringify(option)).join(" | "), union: schema.options.length > 1 };
  if (schema instanceof z.ZodOptional) return print(schema.unwrap(), names);
  if (schema instanceof z.ZodArray) {
    const element = print(schema.element, names);
    return { text: element.union ? `(${element.text})[]` : `${element.text}[]`, union: false };
  }
  if (schema instanceof z.ZodUnion) {
    const options = schema.options.map((option: z.core.$ZodType) => print(option, names).text);
    return { text: options.join(" | "), union: options.length > 1 };
  }
  if (schema instanceof z.ZodRecord) return { text: "object", union: false };
  if (schema instanceof z.ZodObject) return { text: `{${describeFields(schema, names).join(", ")}}`, union: false };
  return { text: "unknown", union: false };
}

/** The type of one schema. */
export function describeSchema(schema: z.core.$ZodType, names: SchemaNames = new Map()): string {
  return print(schema, names).text;
}

/** One `name?: type` entry per field of an object schema, skipping `omit`. */
export function describeFields(schema: z.ZodObject<z.ZodRawShape>, names: SchemaNames = new Map(), omit: ReadonlySet<string> = new Set()): string[] {
  const entries: string[] = [];
  for (const [name, field] of Object.entries(schema.shape)) {
    if (omit.has(name)) continue;
    const optional = field instanceof z.ZodOptional;
    entries.push(`${name}${optional ? "?" : ""}: ${describeSchema(field, names)}`);
  }
  return entries;
}
