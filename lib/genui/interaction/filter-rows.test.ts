import { describe, expect, test } from "vitest";
import { filterRows } from "./filter-rows";

const table = {
  columns: ["name", "score", "active"],
  rows: [
    ["Ada Lovelace", 10, true],
    ["Grace Hopper", 9, false],
    ["Alan Turing", null, true],
  ],
  filterBy: { field: "q", column: "name" },
};

describe("filterRows", () => {
  test("keeps rows whose cell contains the field's value, case-insensitively", () => {
    expect(filterRows(table, { q: "ADA" })).toEqual([table.rows[0]]);
    expect(filterRows(table, { q: "a" })).toEqual(table.rows);
    expect(filterRows(table, { q: "turing" })).toEqual([table.rows[2]]);
    expect(filterRows(table, { q: "zz" })).toEqual([]);
  });
  test("an empty or untouched field shows every row", () => {
    expect(filterRows(table, { q: "" })).toEqual(table.rows);
    expect(filterRows(table, {})).toEqual(table.rows);
  });
  test("numbers, booleans and nulls match as their text", () => {
    expect(filterRows({ ...table, filterBy: { field: "q", column: "score" } }, { q: "9" })).toEqual([table.rows[1]]);
    expect(filterRows({ ...table, filterBy: { field: "q", column: "active" } }, { q: "fal" })).toEqual([table.rows[1]]);
  });
  test("a table without filterBy is not filtered", () => {
    expect(filterRows({ columns: table.columns, rows: table.rows }, { q: "ada" })).toEqual(table.rows);
  });
});
