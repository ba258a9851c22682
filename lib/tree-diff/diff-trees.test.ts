import { describe, expect, it } from "vitest";
import type { DiffNode } from "./diff-node";
import { diffTrees } from "./diff-trees";
import { diffKinds } from "./tree-change";

const node = (type: string, extra: Partial<DiffNode> = {}): DiffNode => ({ type, props: {}, diagnostics: [], children: [], ...extra });

describe("diffTrees", () => {
  it("finds nothing between equal trees, whatever the key order of their props", () => {
    const before = [node("list", { props: { a: 1, b: { x: [1, 2] } }, children: [node("item"), node("item")] })];
    const after = [node("list", { props: { b: { x: [1, 2] }, a: 1 }, children: [node("item"), node("item")] })];
    expect(diffTrees(before, after)).toEqual({ changes: [], counts: { added: 0, removed: 0, props: 0, diagnostics: 0 } });
  });

  it("reports one node inserted among unkeyed siblings as one addition, not a change of every node after it", () => {
    const before = [node("list", { children: [node("a"), node("b"), node("c")] })];
    const after = [node("list", { children: [node("a"), node("x", { children: [node("y")] }), node("b"), node("c")] })];
    const diff = diffTrees(before, after);
    expect(diff.changes).toEqual([{ kind: "added", path: "list[0] › x[1]", type: "x", nodes: 2 }]);
    expect(diffKinds(diff)).toEqual(["added"]);
  });

  it("matches keyed nodes wherever they moved, and reports a removed one where it stood", () => {
    const before = [node("row", { key: "p", props: { v: 1 } }), node("row", { key: "q", id: "q-id" }), node("row", { key: "r" })];
    const after = [node("row", { key: "r" }), node("row", { key: "p", props: { v: 2 } })];
    expect(diffTrees(before, after).changes).toEqual([
      { kind: "removed", path: "row[1]", type: "row", id: "q-id", nodes: 1 },
      { kind: "changed", path: "row[1]", type: "row", props: [{ name: "v", before: 1, after: 2 }], diagnostics: { added: [], removed: [] } },
    ]);
  });

  it("reports changed props (a type change too) and diagnostics added and removed, counted by kind", () => {
    const before = [
      node("Table", { key: "t", props: { rows: [1], caption: "old" }, diagnostics: [{ code: "refused_prop", message: "m" }, { code: "x", message: "y" }] }),
    ];
    const after = [node("Grid", { key: "t", props: { rows: [1], caption: "new", extra: true }, diagnostics: [{ code: "x", message: "y" }, { code: "x", message: "y" }] })];
    const diff = diffTrees(before, after);
    expect(diff.changes).toEqual([
      {
        kind: "changed",
        path: "Grid[0]",
        type: "Grid",
        props: [
          { name: "type", before: "Table", after: "Grid" },
          { name: "caption", before: "old", after: "new" },
          { name: "extra", before: undefined, after: true },
        ],
        diagnostics: { added: [{ code: "x", message: "y" }], removed: [{ code: "refused_prop", message: "m" }] },
      },
    ]);
    expect(diff.counts).toEqual({ added: 0, removed: 0, props: 1, diagnostics: 1 });
  });

  it("does not trust a key that appears twice among siblings", () => {
    const before = [node("a", { key: "k", props: { n: 1 } }), node("a", { key: "k", props: { n: 2 } })];
    const after = [node("a", { key: "k", props: { n: 1 } }), node("a", { key: "k", props: { n: 2 } })];
    expect(diffTrees(before, after).changes).toEqual([]);
  });

  it("uses a node's own segment in paths, and names whole subtrees removed once", () => {
    const before = [node("ui block", { segment: "ui block 1 (panel sales)", children: [node("Stats", { children: [node("Stat"), node("Stat")] })] })];
    const after = [node("ui block", { segment: "ui block 1 (panel sales)" })];
    expect(diffTrees(before, after).changes).toEqual([{ kind: "removed", path: "ui block 1 (panel sales) › Stats[0]", type: "Stats", nodes: 3 }]);
  });

  it("matches very long sibling lists in linear time by type", () => {
    const many = (count: number) => Array.from({ length: count }, (_unused, index) => node(index % 2 === 0 ? "a" : "b", { props: { index } }));
    const before = [node("root", { children: many(1_000) })];
    const after = [node("root", { children: [node("z"), ...many(1_000)] })];
    const diff = diffTrees(before, after);
    expect(diff.counts.added).toBe(1);
    expect(diff.counts.props).toBe(0);
  });
});
