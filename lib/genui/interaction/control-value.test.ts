import { describe, expect, test } from "vitest";
import type { GenuiControlNode } from "../schema/nodes";
import { genuiControlValue as controlValue } from "./control-value";

const options = [{ label: "A", value: "a" }];

describe("controlValue", () => {
  test("shows the touched value before the starting one", () => {
    const input: GenuiControlNode = { type: "input", field: "f", value: "start" };
    expect(controlValue(input, {})).toBe("start");
    expect(controlValue(input, { f: "typed" })).toBe("typed");
    expect(controlValue(input, { f: "" })).toBe("");
  });

  test("checkbox and switch start from `checked`", () => {
    expect(controlValue({ type: "checkbox", field: "f", checked: true }, {})).toBe(true);
    expect(controlValue({ type: "switch", field: "f" }, {})).toBeUndefined();
    expect(controlValue({ type: "switch", field: "f", checked: true }, { f: false })).toBe(false);
  });

  test("numbers, selections and radios start from `value`; a quiz never has a starting answer", () => {
    expect(controlValue({ type: "slider", field: "f", min: 0, max: 10, value: 4 }, {})).toBe(4);
    expect(controlValue({ type: "select", field: "f", options, value: "a" }, {})).toBe("a");
    expect(controlValue({ type: "radio", field: "f", options }, {})).toBeUndefined();
    expect(controlValue({ type: "quiz", field: "f", question: "?", options, correct: "a" }, {})).toBeUndefined();
    expect(controlValue({ type: "quiz", field: "f", question: "?", options, correct: "a" }, { f: "a" })).toBe("a");
  });

  test("inherited names are not values", () => {
    expect(controlValue({ type: "input", field: "constructorName" }, Object.create({ constructorName: "inherited" }))).toBeUndefined();
  });
});
