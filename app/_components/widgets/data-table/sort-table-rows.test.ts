import { describe, expect, it } from "vitest";
import { nextTableSort, sortTableRows } from "./sort-table-rows";

const rows = [
  { name: "search", ms: 310 },
  { name: "Login", ms: 120 },
  { name: "checkout", ms: null },
  { name: "item 10", ms: 940 },
  { name: "item 2", ms: 120 },
];

describe("sortTableRows", () => {
  it("sorts numbers by value, keeps ties in the given order and puts empty cells last", () => {
    expect(sortTableRows(rows, { field: "ms", direction: "ascending" }).map((row) => row.name)).toEqual([
      "Login",
      "item 2",
      "search",
      "item 10",
      "checkout",
    ]);
    expect(sortTableRows(rows, { field: "ms", direction: "descending" }).map((row) => row.name)).toEqual([
      "item 10",
      "search",
      "Login",
      "item 2",
      "checkout",
    ]);
  });

  it("sorts text ignoring case, with digits by value", () => {
    expect(sortTableRows(rows, { field: "name", direction: "ascending" }).map((row) => row.name)).toEqual([
      "checkout",
      "item 2",
      "item 10",
      "Login",
      "search",
    ]);
  });

  it("keeps the given order without a sort and never reads inherited fields", () => {
    expect(sortTableRows(rows, null)).toEqual(rows);
    expect(sortTableRows(rows, { field: "constructor", direction: "ascending" })).toEqual(rows);
  });
});

describe("nextTableSort", () => {
  it("cycles none → ascending → descending → none, and starts over on another column", () => {
    const ascending = nextTableSort(null, "ms");
    expect(ascending).toEqual({ field: "ms", direction: "ascending" });
    const descending = nextTableSort(ascending, "ms");
    expect(descending).toEqual({ field: "ms", direction: "descending" });
    expect(nextTableSort(descending, "ms")).toBeNull();
    expect(nextTableSort(descending, "name")).toEqual({ field: "name", direction: "ascending" });
  });
});
