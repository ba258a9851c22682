import { describe, expect, test } from "vitest";
import { plotAxis } from "./plot-axis";

const series = [
  { name: "2023", points: [{ label: "Q1", value: 1 }, { label: "Q2", value: -2 }, { label: "Q4", value: 4 }] },
  { name: "2024", points: [{ label: "Q1", value: 5 }, { label: "Q3", value: 6 }] },
];

describe("plotAxis", () => {
  test("the axis is the union of labels in first-appearance order", () => {
    expect(plotAxis({ plot: "bar", series }).labels).toEqual(["Q1", "Q2", "Q4", "Q3"]);
  });
  test("a gap breaks a line and is zero for bar and area", () => {
    expect(plotAxis({ plot: "line", series }).series[1]?.values).toEqual([5, null, null, 6]);
    expect(plotAxis({ plot: "bar", series }).series[1]?.values).toEqual([5, 0, 0, 6]);
    expect(plotAxis({ plot: "area", series }).series[1]?.values).toEqual([5, 0, 0, 6]);
  });
  test("pie uses series[0] and ignores the rest", () => {
    const axis = plotAxis({ plot: "pie", series });
    expect(axis.labels).toEqual(["Q1", "Q2", "Q4"]);
    expect(axis.series).toHaveLength(1);
  });
  test("stacked clamps negatives to zero; unstacked keeps them", () => {
    expect(plotAxis({ plot: "bar", series, stacked: true }).series[0]?.values).toEqual([1, 0, 4, 0]);
    expect(plotAxis({ plot: "line", series }).series[0]?.values).toEqual([1, -2, 4, null]);
  });
  test("a label repeated in one series keeps its first point; series names are carried", () => {
    const axis = plotAxis({ plot: "line", series: [{ points: [{ label: "a", value: 1 }, { label: "a", value: 2 }] }] });
    expect(axis).toEqual({ labels: ["a"], series: [{ values: [1] }] });
    expect(plotAxis({ plot: "bar", series }).series[0]?.name).toBe("2023");
  });
});
