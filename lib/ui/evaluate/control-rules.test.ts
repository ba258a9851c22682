import { describe, expect, it } from "vitest";
import type { UiValue } from "../expression/value";
import { uiControlAccepts } from "./control-rules";
import type { UiViewNode } from "./view-node";

function option(value: string | number): UiViewNode {
  return { id: `o:${value}`, type: "Option", props: { value, label: String(value) }, children: [], bindings: {}, actions: {}, complete: true };
}

describe("uiControlAccepts", () => {
  it("accepts a Segmented value only among its visible options, strictly", () => {
    const options = [option("week"), option(7)];
    expect(uiControlAccepts("Segmented", { value: "week" }, "value", options)).toBe(true);
    expect(uiControlAccepts("Segmented", { value: 7 }, "value", options)).toBe(true);
    expect(uiControlAccepts("Segmented", { value: "7" }, "value", options)).toBe(false);
    expect(uiControlAccepts("Segmented", { value: "year" }, "value", options)).toBe(false);
    expect(uiControlAccepts("Segmented", { value: "week" }, "value", [])).toBe(false);
  });

  it("keeps a Slider value within min..max and on its step from min, tolerating binary decimals", () => {
    const slider = (value: number, step?: number) =>
      uiControlAccepts("Slider", step === undefined ? { min: 1, max: 2, value } : { min: 1, max: 2, value, step }, "value", []);
    expect(slider(1.5)).toBe(true);
    expect(slider(2.5)).toBe(false);
    expect(slider(0.5)).toBe(false);
    expect(slider(1.3, 0.1)).toBe(true);
    expect(slider(1.7000000000000002, 0.1)).toBe(true);
    expect(slider(1.25, 0.1)).toBe(false);
    expect(slider(2, 0.5)).toBe(true);
  });

  it("keeps a NumberField value within its optional bounds and on its step from min, or from 0 without a min", () => {
    const field = (value: UiValue, bounds: { min?: number; max?: number; step?: number } = {}) =>
      uiControlAccepts("NumberField", { label: "n", value, ...bounds }, "value", []);
    expect(field(-1e9)).toBe(true);
    expect(field(2.5)).toBe(true);
    expect(field(Number.NaN)).toBe(false);
    expect(field("3")).toBe(false);
    expect(field(5, { min: 1, max: 10 })).toBe(true);
    expect(field(0, { min: 1, max: 10 })).toBe(false);
    expect(field(11, { min: 1, max: 10 })).toBe(false);
    expect(field(11, { min: 1 })).toBe(true);
    expect(field(-4, { max: 10 })).toBe(true);
    expect(field(6, { min: 1, step: 5 })).toBe(true);
    expect(field(5, { min: 1, step: 5 })).toBe(false);
    expect(field(15, { step: 5 })).toBe(true);
    expect(field(12, { step: 5 })).toBe(false);
    expect(field(0.30000000000000004, { step: 0.1 })).toBe(true);
    expect(field(0.25, { step: 0.1 })).toBe(false);
  });

  it("adds nothing to the schema for other controls and props", () => {
    expect(uiControlAccepts("Switch", { value: true }, "value", [])).toBe(true);
    expect(uiControlAccepts("Slider", { label: "x" }, "label", [])).toBe(true);
    expect(uiControlAccepts("NumberField", { label: "x", value: 1, max: 0 }, "label", [])).toBe(true);
  });
});
