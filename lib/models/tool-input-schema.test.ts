import { asSchema } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toolInputSchema } from "./tool-input-schema";

describe("toolInputSchema", () => {
  it("gives one schema per zod schema, whose JSON Schema is computed once and still validates", async () => {
    const Input = z.object({ path: z.string().min(1), lines: z.number().int().optional() });
    const first = toolInputSchema(Input);
    expect(toolInputSchema(Input)).toBe(first);
    expect(asSchema(first)).toBe(first);
    expect(first.jsonSchema).toBe(first.jsonSchema);
    expect(first.jsonSchema).toMatchObject({ type: "object", required: ["path"] });
    expect(await first.validate?.({ path: "a.md" })).toEqual({ success: true, value: { path: "a.md" } });
    expect((await first.validate?.({ path: "" }))?.success).toBe(false);
  });
});
