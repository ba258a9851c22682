import { describe, expect, it } from "vitest";
import { csvTable, jsonTable, parseCsv, TABLE_MAX_COLUMNS } from "./table-data";

describe("parseCsv", () => {
  it("reads quoted fields, doubled quotes, commas and line breaks inside quotes, CRLF and a BOM", () => {
    expect(parseCsv('\ufeffname,note\r\n"Smith, Ann","said ""hi""\nthen left"\r\nBo,\n\n')).toEqual([
      ["name", "note"],
      ["Smith, Ann", 'said "hi"\nthen left'],
      ["Bo", ""],
    ]);
  });

  it("keeps a last record without a line break", () => {
    expect(parseCsv("a,b\n1,2")).toEqual([["a", "b"], ["1", "2"]]);
  });
});

describe("csvTable", () => {
  it("uses the header for titles and positions for fields, so repeated or empty headers still work", () => {
    const table = csvTable("team,team,\nA,B,C\n");
    expect(table).toEqual({
      ok: true,
      columns: [
        { field: "c0", title: "team" },
        { field: "c1", title: "team" },
        { field: "c2", title: "Column 3" },
      ],
      rows: [{ c0: "A", c1: "B", c2: "C" }],
      cutColumns: 0,
    });
  });

  it("cuts columns past the cap and says how many", () => {
    const header = Array.from({ length: TABLE_MAX_COLUMNS + 3 }, (_, index) => `h${index}`).join(",");
    const table = csvTable(`${header}\n`);
    expect(table.ok && [table.columns.length, table.cutColumns]).toEqual([TABLE_MAX_COLUMNS, 3]);
  });
});

describe("jsonTable", () => {
  it("makes columns from every key in order of first appearance", () => {
    const table = jsonTable('[{"region":"north","revenue":12},{"region":"south","margin":0.2}]');
    expect(table).toEqual({
      ok: true,
      columns: [
        { field: "c0", title: "region" },
        { field: "c1", title: "revenue" },
        { field: "c2", title: "margin" },
      ],
      rows: [
        { c0: "north", c1: 12, c2: null },
        { c0: "south", c1: null, c2: 0.2 },
      ],
      cutColumns: 0,
    });
  });

  it("reads an array of arrays, and keeps a prototype key as an ordinary column", () => {
    expect(jsonTable("[[1,2],[3]]")).toMatchObject({ ok: true, rows: [{ c0: 1, c1: 2 }, { c0: 3, c1: null }] });
    expect(jsonTable('[{"__proto__":"x","constructor":1}]')).toMatchObject({ ok: true, columns: [{ title: "__proto__" }, { title: "constructor" }] });
  });

  it("is not a table for anything else", () => {
    expect(jsonTable("{").ok).toBe(false);
    expect(jsonTable('{"a":1}').ok).toBe(false);
    expect(jsonTable("[]").ok).toBe(false);
    expect(jsonTable('[{"a":1},[1]]').ok).toBe(false);
  });
});
