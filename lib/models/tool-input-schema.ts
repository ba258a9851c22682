/**
 * A tool's input schema as the AI SDK takes it, converted once per process.
 * Given a zod schema, the AI SDK wraps it anew on every call of `streamText`
 * and converts it to JSON Schema again for the model — every reply, for every
 * tool, and the `render_ui` node union is large. The wrapper it makes keeps
 * its conversion, so one wrapper per schema, kept here, is converted once.
 */
import { zodSchema, type Schema } from "ai";
import type { z } from "zod";

const wrappers = new WeakMap<z.ZodType, Schema<unknown>>();

/** The AI SDK schema of `schema`, the same object every time (its JSON Schema computed on first use, then kept). */
export function toolInputSchema<Input>(schema: z.ZodType<Input>): Schema<Input> {
  let wrapper = wrappers.get(schema);
  if (!wrapper) {
    wrapper = zodSchema(schema) as Schema<unknown>;
    wrappers.set(schema, wrapper);
  }
  return wrapper as Schema<Input>;
}
