import { describe, expect, test } from "vitest";
import { nextSortDirection, sortRows } from "./sort-rows";

describe("sortRows", () => {
  test("headers cycle unsorted → ascending → descending → unsorted", () => {
    expect(nextSortDirection("none")).toBe("ascending");
    expect(nextSortDirection("ascending")).toBe("descending");
    expect(nextSortDirection("descending")).toBe("none");
  });
  test("a column of numbers sorts numerically", () => {
    const rows = [["a", 10], ["b", 9], ["c", 100]];
    expect(sortRows(rows, 1, "ascending").map((row) => row[1])).toEqual([9, 10, 100]);
    expect(sortRows(rows, 1, "descending").map((row) => row[1])).toEqual([100, 10, 9]);
  });
  test("one non-number makes the column sort as text", () => {
    const rows = [["a", 10], ["b", 9], ["c", "100"]];
    expect(sortRows(rows, 1, "ascending").map((row) => row[1])).toEqual([10, "100", 9]);
  });
  test("unsorted keeps the given order; the input is never mutated; equal rows keep their order", () => {
    const rows = [["b", 1], ["a", 1], ["c", 0]];
    const copy = structuredClone(rows);
    expect(sortRows(rows, 1, "none")).toEqual(rows);
    expect(sortRows(rows, 1, "ascending")).toEqual([["c", 0], ["b", 1], ["a", 1]]);
    expect(sortRows(rows, 1, "descending")).toEqual([["b", 1], ["a", 1], ["c", 0]]);
    expect(rows).toEqual(copy);
  });
  test("text sorts by code units, the same in every locale; null sorts as empty", () => {
    expect(sortRows([["b"], ["B"], [null], ["a"]], 0, "ascending").map((row) => row[0])).toEqual([null, "B", "a", "b"]);
  });
});
