import { describe, expect, it } from "vitest";
import { dataTableCellText, isNumericColumn, plainCellText } from "./cell-text";

describe("dataTableCellText", () => {
  it("presents numbers, percentages and dates", () => {
    expect(dataTableCellText(1234.5, "number")).toBe("1,234.5");
    expect(dataTableCellText(87.5, "percent")).toBe("87.5%");
    expect(dataTableCellText("2024-01-05", "date")).toBe("Jan 5, 2024");
    expect(dataTableCellText(0, "date")).toBe("Jan 1, 1970");
  });

  it("shows what a presentation cannot read as plain text", () => {
    expect(dataTableCellText("n/a", "number")).toBe("n/a");
    expect(dataTableCellText("next week", "date")).toBe("next week");
    expect(dataTableCellText(null, "number")).toBe("");
  });
});

describe("plainCellText", () => {
  it("writes every JSON value", () => {
    expect(plainCellText(true)).toBe("true");
    expect(plainCellText(["a", 1, { b: 2 }])).toBe('a, 1, {"b":2}');
    expect(plainCellText({ a: 1 })).toBe('{"a":1}');
    expect(plainCellText(undefined)).toBe("");
  });
});

describe("isNumericColumn", () => {
  it("right-aligns numeric presentations and all-number columns", () => {
    expect(isNumericColumn(["1"], "number")).toBe(true);
    expect(isNumericColumn([1, null, 3])).toBe(true);
    expect(isNumericColumn([1, "x"])).toBe(false);
    expect(isNumericColumn([null, ""])).toBe(false);
    expect(isNumericColumn([1, 2], "code")).toBe(false);
  });
});
