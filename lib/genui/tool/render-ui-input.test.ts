import { describe, expect, test } from "vitest";
import { z } from "zod";
import { RenderUiInputSchema } from "./render-ui-input";

describe("RenderUiInputSchema", () => {
  test("lets a slightly-off spec through to parseGenuiSpec, id and unknown keys included", () => {
    const input = { spec: { id: "p", title: 42, theme: "dark", items: [null, { type: "grid" }, { type: "text", text: 5 }] } };
    const parsed = RenderUiInputSchema.safeParse(input);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(input);
  });
  test("fails only without a spec object holding an items array — the guide's one failing case", () => {
    for (const input of [{}, { spec: null }, { spec: {} }, { spec: { items: "x" } }, { spec: { items: {} } }]) {
      expect(RenderUiInputSchema.safeParse(input).success).toBe(false);
    }
  });
  test("the JSON Schema the model sees still names the fields and their types", () => {
    const schema = z.toJSONSchema(RenderUiInputSchema, { io: "input" }) as unknown as {
      properties: { spec: { properties: Record<string, { type?: string; items?: { type?: string } }>; required: string[] } };
      required: string[];
    };
    expect(schema.required).toEqual(["spec"]);
    expect(schema.properties.spec.required).toEqual(["items"]);
    expect(schema.properties.spec.properties.title?.type).toBe("string");
    expect(schema.properties.spec.properties.id?.type).toBe("string");
    expect(schema.properties.spec.properties.items?.type).toBe("array");
    expect(schema.properties.spec.properties.items?.items?.type).toBe("object");
  });
});
