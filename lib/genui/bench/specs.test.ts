/** The bench's specs are what they claim: the maximal one legal and at every cap, the hostile ones about 5 MB. */
import { describe, expect, test } from "vitest";
import { GENUI_LIMITS as L } from "../limits";
import { parseGenuiSpec } from "../parse/parse-genui-spec";
import { GENUI_NODE_CATALOG } from "../schema/catalog";
import { forEachGenuiNode } from "../schema/walk-nodes";
import { HOSTILE_SIZE, hostileSpecTexts, maximalSpec } from "./specs";

describe("maximalSpec", () => {
  const result = parseGenuiSpec(maximalSpec(), { surface: "fence" });
  test("is legal: kept whole, with no diagnostic", () => {
    expect(result.diagnostics).toEqual([]);
    expect(result.spec).toEqual(maximalSpec());
  });
  test("reaches the node cap, the depth cap and every node type", () => {
    const types = new Set<string>();
    let nodes = 0;
    let deepest = 0;
    forEachGenuiNode(result.spec?.items ?? [], (node, path) => {
      nodes += 1;
      types.add(node.type);
      deepest = Math.max(deepest, (path.match(/\[\d+\]/g) ?? []).length - (path.match(/tabs\[\d+\]/g) ?? []).length);
    });
    expect(nodes).toBe(L.nodes);
    expect(deepest).toBe(L.depth);
    expect([...types].sort()).toEqual(GENUI_NODE_CATALOG.flatMap((entry) => entry.types).sort());
  });
  test("reaches the table, list, option, tab and plot caps", () => {
    const items = result.spec?.items ?? [];
    const find = <Type extends string>(type: Type) => items.find((node) => node.type === type) as Extract<(typeof items)[number], { type: Type }>;
    expect(find("table").rows).toHaveLength(L.tableRows);
    expect(find("table").columns).toHaveLength(L.tableColumns);
    expect(find("table").rows[0]?.[0]).toHaveLength(L.cellLength);
    expect(find("list").items).toHaveLength(L.listItems);
    expect(find("keyvalue").items).toHaveLength(L.listItems);
    expect(find("select").options).toHaveLength(L.options);
    expect(find("tabs").tabs).toHaveLength(L.tabs);
    expect(find("plot").series).toHaveLength(L.plotSeries);
    expect(find("plot").series[0]?.points).toHaveLength(L.plotPoints);
    expect(find("code").code).toHaveLength(L.longTextLength);
    expect(find("link").href).toHaveLength(L.hrefLength);
  });
});

test("every hostile spec is at least 5 MB of JSON", () => {
  for (const [name, text] of Object.entries(hostileSpecTexts())) {
    expect(text.length, name).toBeGreaterThanOrEqual(HOSTILE_SIZE);
    expect(() => JSON.parse(text), name).not.toThrow();
  }
});
