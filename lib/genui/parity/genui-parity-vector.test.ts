import { describe, expect, test } from "vitest";
import { GenuiParityInputSchema, ParityGenuiResultSchema } from "./genui-parity-vector";

const minimal = { dialect: "octo-ui", description: "A text.", surface: "fence", reply: '```octo-ui\n{"items": []}\n```\n', steps: [] };

describe("GenuiParityInputSchema", () => {
  test("accepts a minimal vector", () => {
    expect(GenuiParityInputSchema.safeParse(minimal).success).toBe(true);
  });

  test("refuses a misspelt key or step", () => {
    expect(GenuiParityInputSchema.safeParse({ ...minimal, replay: "" }).success).toBe(false);
    expect(GenuiParityInputSchema.safeParse({ ...minimal, steps: [{ kind: "click", button: "items[0]" }] }).success).toBe(false);
  });
});

describe("ParityGenuiResultSchema", () => {
  test("refuses a diagnostic code the dialect does not have", () => {
    const result = { diagnostics: [{ code: "no_such_code", path: "" }], lint: [], spec: null, steps: [], nodes: [], state: { fields: {}, tabs: {}, folds: {} } };
    expect(ParityGenuiResultSchema.safeParse(result).success).toBe(false);
    expect(ParityGenuiResultSchema.safeParse({ ...result, diagnostics: [{ code: "invalid_json", path: "" }] }).success).toBe(true);
  });
});
