import { describe, expect, it } from "vitest";
import { CHART_MAX_POINTS, chartData, numericFields } from "./chart-data";

const rows = [
  { label: "Mon", passed: 40, failed: 2 },
  { label: "Tue", passed: 38 },
  { label: "Wed", passed: null, failed: -1 },
];

describe("chartData", () => {
  it("breaks a line at a missing value", () => {
    const data = chartData({ kind: "line", rows });
    expect(data.series.map((entry) => entry.field)).toEqual(["passed", "failed"]);
    expect(data.points).toEqual([
      { label: "Mon", series0: 40, series1: 2 },
      { label: "Tue", series0: 38, series1: null },
      { label: "Wed", series0: null, series1: -1 },
    ]);
  });

  it("draws a missing bar or area value as zero, and clamps negatives only when stacked", () => {
    expect(chartData({ kind: "bar", rows }).points[2]).toEqual({ label: "Wed", series0: 0, series1: -1 });
    expect(chartData({ kind: "area", rows, stacked: true }).points[2]).toEqual({ label: "Wed", series0: 0, series1: 0 });
  });

  it("draws one series in a pie, never negative", () => {
    const data = chartData({ kind: "pie", rows, series: [{ field: "failed", name: "Failures" }] });
    expect(data.series).toEqual([{ key: "series0", field: "failed", name: "Failures", color: "var(--chart-color-1)" }]);
    expect(data.points.map((point) => point.series0)).toEqual([2, 0, 0]);
  });

  it("labels rows without a label by position and caps the points", () => {
    const many = Array.from({ length: CHART_MAX_POINTS + 5 }, (_, index) => ({ value: index }));
    const data = chartData({ kind: "bar", rows: many });
    expect(data.points).toHaveLength(CHART_MAX_POINTS);
    expect(data.points[0]?.label).toBe("#1");
    expect(data.omittedRows).toBe(5);
  });
});

describe("numericFields", () => {
  it("lists numeric fields in first-appearance order, label aside", () => {
    expect(numericFields([{ label: 1, b: 1 }, { a: 2, b: "x", c: Number.NaN }])).toEqual(["b", "a"]);
  });
});
