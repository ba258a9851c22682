import { describe, expect, it } from "vitest";
import { uiChartMarkProblem, uiChartMarks } from "./chart-marks";

describe("chart marks", () => {
  it("take exactly one of x and y, an optional label, and no other field", () => {
    expect(uiChartMarkProblem({ x: "Tue", label: "v2.1" })).toBeUndefined();
    expect(uiChartMarkProblem({ x: 2024 })).toBeUndefined();
    expect(uiChartMarkProblem({ y: -3, label: null })).toBeUndefined();
    expect(uiChartMarkProblem({ x: null, y: 5 })).toBeUndefined();
    expect(uiChartMarkProblem({ x: "Tue", y: 5 })).toMatch(/exactly one/);
    expect(uiChartMarkProblem({})).toMatch(/exactly one/);
    expect(uiChartMarkProblem({ y: 5, tone: "danger" })).toMatch(/"tone"/);
    expect(uiChartMarkProblem({ y: "5" })).toMatch(/number/);
    expect(uiChartMarkProblem({ x: true })).toMatch(/label/);
    expect(uiChartMarkProblem({ y: 1, label: 2 })).toMatch(/label/);
  });

  it("read a validated list into x and y marks, an empty label as none", () => {
    expect(uiChartMarks([{ x: "Tue", label: "v2.1" }, { y: 500, label: "" }, { x: null, y: 1 }, { bad: 1 }, "x"])).toEqual([
      { x: "Tue", label: "v2.1" },
      { y: 500 },
      { y: 1 },
    ]);
    expect(uiChartMarks(undefined)).toEqual([]);
    expect(uiChartMarks(null)).toEqual([]);
  });

  it("leave out a mark at a missing value (a field of a row that is not there) instead of refusing the chart", () => {
    expect(uiChartMarkProblem({ x: null, label: "v2.1" })).toBeUndefined();
    expect(uiChartMarkProblem({ y: null })).toBeUndefined();
    expect(uiChartMarkProblem({ label: "v2.1" })).toMatch(/exactly one/);
    expect(uiChartMarks([{ x: null, label: "v2.1" }, { x: "Tue" }])).toEqual([{ x: "Tue" }]);
  });
});
