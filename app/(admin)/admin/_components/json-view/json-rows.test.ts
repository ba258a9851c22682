import { describe, expect, it } from "vitest";
import { jsonRows, openToDepth } from "./json-rows";

describe("jsonRows", () => {
  const value = { ui: [{ id: "b", nodes: [{ type: "Tag" }] }], genui: null, "odd key": "x".repeat(300) };

  it("shows a closed container as one row, and an open one with its members in order", () => {
    expect(jsonRows(value, new Set()).map((row) => [row.path, row.preview, row.open])).toEqual([["$", "{3 keys}", false]]);
    const rows = jsonRows(value, new Set(["$", "$.ui"]));
    expect(rows.map((row) => [row.depth, row.key, row.preview])).toEqual([
      [0, null, "{3 keys}"],
      [1, "ui", "[1 item]"],
      [2, "0", "{2 keys}"],
      [1, "genui", "null"],
      [1, "odd key", JSON.stringify(`${"x".repeat(199)}…`)],
    ]);
    expect(rows[4]?.path).toBe('$["odd key"]');
  });

  it("opens containers to a depth, so a large tree starts small", () => {
    expect([...openToDepth(value, 1)].sort()).toEqual(["$", "$.ui"]);
    const big = { ui: Array.from({ length: 2_048 }, (_unused, index) => ({ id: `n${index}`, props: { a: 1 } })) };
    expect(jsonRows(big, openToDepth(big, 0))).toHaveLength(2);
    expect(jsonRows(big, openToDepth(big, 1))).toHaveLength(2 + 2_048);
  });
});
