import { describe, expect, test } from "vitest";
import { UiParityInputSchema } from "./ui-parity-vector";

const minimal = { dialect: "ui", description: "A tag.", source: "<Tag>x</Tag>", steps: [] };

describe("UiParityInputSchema", () => {
  test("accepts a minimal vector", () => {
    expect(UiParityInputSchema.safeParse(minimal).success).toBe(true);
  });

  test("refuses a misspelt key, so a vector cannot silently ask for nothing", () => {
    expect(UiParityInputSchema.safeParse({ ...minimal, stpes: [] }).success).toBe(false);
    expect(UiParityInputSchema.safeParse({ ...minimal, steps: [{ kind: "input", variable: "x", vaule: 1 }] }).success).toBe(false);
  });

  test("refuses a limit the library does not have", () => {
    expect(UiParityInputSchema.safeParse({ ...minimal, limits: { iterations: 5 } }).success).toBe(true);
    expect(UiParityInputSchema.safeParse({ ...minimal, limits: { loops: 5 } }).success).toBe(false);
  });
});
