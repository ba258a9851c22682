/**
 * The guide's "Caps" section, one test per cap, each at the cap (kept
 * untouched, no diagnostic) and just past it (trimmed or dropped, with the
 * diagnostic the playground shows).
 */
import { describe, expect, test } from "vitest";
import { GENUI_LIMITS as L } from "../limits";
import type { GenuiNode } from "../schema/nodes";
import { genuiCapViolations } from "../testing/cap-violations";
import { parseGenuiSpec } from "./parse-genui-spec";

const fence = (items: unknown[]) => parseGenuiSpec({ items }, { surface: "fence" });
const only = (items: unknown[]) => {
  const result = fence(items);
  expect(result.spec).not.toBeNull();
  expect(genuiCapViolations(result.spec)).toEqual([]);
  return { node: result.spec?.items[0] as GenuiNode, codes: result.diagnostics.map((diagnostic) => diagnostic.code), result };
};
const strings = (length: number) => "x".repeat(length);
const range = (count: number) => Array.from({ length: count }, (_, index) => index);

/** A chain of cards `depth` deep with a text at the bottom: the text sits at `depth`. */
function chain(depth: number): unknown {
  let node: unknown = { type: "text", text: "bottom" };
  for (let level = depth - 1; level >= 1; level -= 1) node = { type: "card", children: [node] };
  return node;
}

function deepest(node: GenuiNode): number {
  if ("children" in node) return 1 + Math.max(0, ...node.children.map(deepest));
  if (node.type === "tabs") return 1 + Math.max(0, ...node.tabs.flatMap((tab) => tab.children.map(deepest)));
  return 1;
}

describe("tree depth", () => {
  test(`a node at depth ${L.depth} is kept`, () => {
    const { node, codes } = only([chain(L.depth)]);
    expect(deepest(node)).toBe(L.depth);
    expect(codes).toEqual([]);
  });
  test(`a node at depth ${L.depth + 1} is dropped with its subtree; its parent stays`, () => {
    const { node, codes, result } = only([chain(L.depth + 1)]);
    expect(deepest(node)).toBe(L.depth);
    expect(codes).toEqual(["too_deep"]);
    expect(result.diagnostics[0]?.path).toBe(`items[0]${".children[0]".repeat(L.depth)}`);
  });
  test("a tab's children are one level below the tabs node", () => {
    let node: unknown = { type: "text", text: "bottom" };
    for (let level = L.depth - 1; level >= 1; level -= 1) node = { type: "tabs", tabs: [{ label: "t", children: [node] }] };
    expect(deepest(only([node]).node)).toBe(L.depth);
    const deeper = { type: "tabs", tabs: [{ label: "t", children: [node] }] };
    expect(only([deeper]).codes).toEqual(["too_deep"]);
  });
});

describe("nodes per spec", () => {
  test(`${L.nodes} nodes are kept`, () => {
    const result = fence(range(L.nodes).map((index) => ({ type: "text", text: `n${index}` })));
    expect(result.spec?.items).toHaveLength(L.nodes);
    expect(result.diagnostics).toEqual([]);
  });
  test(`node ${L.nodes + 1} is dropped, counting nested nodes in document order`, () => {
    const children = range(L.nodes - 1).map((index) => ({ type: "text", text: `n${index}` }));
    const result = fence([{ type: "card", children }, { type: "text", text: "one too many" }]);
    expect(result.spec?.items).toHaveLength(1);
    expect((result.spec?.items[0] as { children: unknown[] }).children).toHaveLength(L.nodes - 1);
    expect(result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([["too_many_nodes", "items[1]"]]);
  });
});

describe("string fields", () => {
  const cases: [string, (text: string) => unknown, (node: GenuiNode) => unknown][] = [
    ["text.text", (text) => ({ type: "text", text }), (node) => (node as { text: string }).text],
    ["card.title", (title) => ({ type: "card", title, children: [] }), (node) => (node as { title: string }).title],
    ["stat.label", (label) => ({ type: "stat", label, value: 1 }), (node) => (node as { label: string }).label],
    ["stat.value", (value) => ({ type: "stat", label: "l", value }), (node) => (node as { value: string }).value],
    ["badge.text", (text) => ({ type: "badge", text }), (node) => (node as { text: string }).text],
    ["callout.title", (title) => ({ type: "callout", text: "t", title }), (node) => (node as { title: string }).title],
    ["list item", (text) => ({ type: "list", items: [text] }), (node) => (node as { items: string[] }).items[0]],
    ["keyvalue value", (value) => ({ type: "keyvalue", items: [{ label: "l", value }] }), (node) => (node as { items: { value: string }[] }).items[0]?.value],
    ["table column", (column) => ({ type: "table", columns: [column], rows: [] }), (node) => (node as { columns: string[] }).columns[0]],
    ["option label", (label) => ({ type: "select", field: "f", options: [{ label, value: "v" }] }), (node) => (node as { options: { label: string }[] }).options[0]?.label],
    ["input placeholder", (placeholder) => ({ type: "input", field: "f", placeholder }), (node) => (node as { placeholder: string }).placeholder],
    ["plot point label", (label) => ({ type: "plot", plot: "bar", series: [{ points: [{ label, value: 1 }] }] }), (node) => (node as { series: { points: { label: string }[] }[] }).series[0]?.points[0]?.label],
    ["button action", (action) => ({ type: "button", label: "b", action }), (node) => (node as { action: string }).action],
    ["quiz explanation", (explanation) => ({ type: "quiz", field: "f", question: "q", options: ["a"], correct: "a", explanation }), (node) => (node as { explanation: string }).explanation],
  ];
  for (const [name, build, read] of cases) {
    test(`${name}: ${L.stringLength} characters kept, ${L.stringLength + 1} cut to ${L.stringLength}`, () => {
      const at = only([build(strings(L.stringLength))]);
      expect(read(at.node)).toBe(strings(L.stringLength));
      expect(at.codes.filter((code) => code === "text_truncated")).toEqual([]);
      const past = only([build(strings(L.stringLength + 1))]);
      expect(read(past.node)).toBe(strings(L.stringLength));
      expect(past.codes).toContain("text_truncated");
    });
  }
  test(`the spec title: ${L.stringLength} kept, ${L.stringLength + 1} cut`, () => {
    expect(parseGenuiSpec({ title: strings(L.stringLength), items: [] }, { surface: "tool" }).spec?.title).toHaveLength(L.stringLength);
    const past = parseGenuiSpec({ title: strings(L.stringLength + 1), items: [] }, { surface: "tool" });
    expect(past.spec?.title).toHaveLength(L.stringLength);
    expect(past.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([["text_truncated", "title"]]);
  });
});

describe("table cells, rows and columns", () => {
  test(`a cell of ${L.cellLength} characters is kept, ${L.cellLength + 1} is cut`, () => {
    const at = only([{ type: "table", columns: ["a"], rows: [[strings(L.cellLength)]] }]);
    expect((at.node as { rows: string[][] }).rows[0]?.[0]).toHaveLength(L.cellLength);
    expect(at.codes).toEqual([]);
    const past = only([{ type: "table", columns: ["a"], rows: [[strings(L.cellLength + 1)]] }]);
    expect((past.node as { rows: string[][] }).rows[0]?.[0]).toHaveLength(L.cellLength);
    expect(past.result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([["text_truncated", "items[0].rows[0][0]"]]);
  });
  test(`${L.tableRows} rows are kept, the ${L.tableRows + 1}st is dropped`, () => {
    const rows = (count: number) => range(count).map((index) => [index]);
    const at = only([{ type: "table", columns: ["n"], rows: rows(L.tableRows) }]);
    expect((at.node as { rows: unknown[] }).rows).toHaveLength(L.tableRows);
    expect(at.codes).toEqual([]);
    const past = only([{ type: "table", columns: ["n"], rows: rows(L.tableRows + 1) }]);
    expect((past.node as { rows: number[][] }).rows.at(-1)).toEqual([L.tableRows - 1]);
    expect(past.codes).toEqual(["entries_trimmed"]);
  });
  test(`${L.tableColumns} columns are kept, the ${L.tableColumns + 1}st is dropped with its cells`, () => {
    const at = only([{ type: "table", columns: range(L.tableColumns).map(String), rows: [range(L.tableColumns)] }]);
    expect((at.node as { columns: string[] }).columns).toHaveLength(L.tableColumns);
    expect(at.codes).toEqual([]);
    const past = only([{ type: "table", columns: range(L.tableColumns + 1).map(String), rows: [range(L.tableColumns + 1)] }]);
    expect((past.node as { columns: string[] }).columns).toHaveLength(L.tableColumns);
    expect((past.node as { rows: number[][] }).rows[0]).toHaveLength(L.tableColumns);
    expect(past.codes).toEqual(["entries_trimmed", "entries_trimmed"]);
  });
});

describe("entry caps", () => {
  const cases: [string, number, (count: number) => unknown, (node: GenuiNode) => number][] = [
    ["list items", L.listItems, (count) => ({ type: "list", items: range(count).map((index) => `i${index}`) }), (node) => (node as { items: unknown[] }).items.length],
    ["keyvalue items", L.listItems, (count) => ({ type: "keyvalue", items: range(count).map((index) => ({ label: `k${index}`, value: "v" })) }), (node) => (node as { items: unknown[] }).items.length],
    ["select options", L.options, (count) => ({ type: "select", field: "f", options: range(count).map((index) => ({ label: `o${index}`, value: `${index}` })) }), (node) => (node as { options: unknown[] }).options.length],
    ["radio options", L.options, (count) => ({ type: "radio", field: "f", options: range(count).map((index) => ({ label: `o${index}`, value: `${index}` })) }), (node) => (node as { options: unknown[] }).options.length],
    ["quiz options", L.options, (count) => ({ type: "quiz", field: "f", question: "q", correct: "0", options: range(count).map((index) => ({ label: `o${index}`, value: `${index}` })) }), (node) => (node as { options: unknown[] }).options.length],
    ["tabs", L.tabs, (count) => ({ type: "tabs", tabs: range(count).map((index) => ({ label: `t${index}`, children: [] })) }), (node) => (node as { tabs: unknown[] }).tabs.length],
    ["plot series", L.plotSeries, (count) => ({ type: "plot", plot: "line", series: range(count).map(() => ({ points: [] })) }), (node) => (node as { series: unknown[] }).series.length],
    ["plot points", L.plotPoints, (count) => ({ type: "plot", plot: "line", series: [{ points: range(count).map((index) => ({ label: `${index}`, value: index })) }] }), (node) => (node as { series: { points: unknown[] }[] }).series[0]?.points.length ?? 0],
  ];
  for (const [name, cap, build, count] of cases) {
    test(`${name}: ${cap} kept, ${cap + 1} trimmed to ${cap}`, () => {
      const at = only([build(cap)]);
      expect(count(at.node)).toBe(cap);
      expect(at.codes).toEqual([]);
      const past = only([build(cap + 1)]);
      expect(count(past.node)).toBe(cap);
      expect(past.codes).toEqual(["entries_trimmed"]);
    });
  }
});

describe("long text", () => {
  const cases: [string, (text: string) => unknown, (node: GenuiNode) => unknown][] = [
    ["code", (code) => ({ type: "code", code }), (node) => (node as { code: string }).code],
    ["mermaid", (code) => ({ type: "mermaid", code }), (node) => (node as { code: string }).code],
    ["textarea default", (value) => ({ type: "textarea", field: "f", value }), (node) => (node as { value: string }).value],
  ];
  for (const [name, build, read] of cases) {
    test(`${name}: ${L.longTextLength} kept, ${L.longTextLength + 1} cut`, () => {
      const at = only([build(strings(L.longTextLength))]);
      expect(read(at.node)).toHaveLength(L.longTextLength);
      expect(at.codes).toEqual([]);
      const past = only([build(strings(L.longTextLength + 1))]);
      expect(read(past.node)).toHaveLength(L.longTextLength);
      expect(past.codes).toEqual(["text_truncated"]);
    });
  }
});

describe("link href", () => {
  const href = (length: number) => `https://example.com/${strings(length - "https://example.com/".length)}`;
  test(`an href of ${L.hrefLength} characters is kept`, () => {
    const at = only([{ type: "link", href: href(L.hrefLength) }]);
    expect((at.node as { href: string }).href).toBe(href(L.hrefLength));
  });
  test(`an href of ${L.hrefLength + 1} characters drops the node rather than being cut`, () => {
    const past = fence([{ type: "link", href: href(L.hrefLength + 1) }, { type: "text", text: "sibling" }]);
    expect(past.spec?.items).toEqual([{ type: "text", text: "sibling" }]);
    expect(past.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["link_too_long"]);
  });
});

describe("clamped numbers", () => {
  const cases: [string, number, number, (value: number) => unknown, (node: GenuiNode) => unknown][] = [
    ["textarea rows", L.textareaRowsMin, L.textareaRowsMax, (rows) => ({ type: "textarea", field: "f", rows }), (node) => (node as { rows: number }).rows],
    ["row gap", 0, L.gapMax, (gap) => ({ type: "row", gap, children: [] }), (node) => (node as { gap: number }).gap],
    ["col gap", 0, L.gapMax, (gap) => ({ type: "col", gap, children: [] }), (node) => (node as { gap: number }).gap],
    ["progress value", 0, L.progressMax, (value) => ({ type: "progress", value }), (node) => (node as { value: number }).value],
  ];
  for (const [name, min, max, build, read] of cases) {
    test(`${name}: ${min} and ${max} kept, ${min - 1} and ${max + 1} clamped`, () => {
      for (const value of [min, max]) {
        const at = only([build(value)]);
        expect(read(at.node)).toBe(value);
        expect(at.codes).toEqual([]);
      }
      for (const [value, clamped] of [
        [min - 1, min],
        [max + 1, max],
      ] as const) {
        const past = only([build(value)]);
        expect(read(past.node)).toBe(clamped);
        expect(past.codes).toEqual(["value_clamped"]);
      }
    });
  }
});

describe("button payload: its own budget", () => {
  function nested(depth: number): Record<string, unknown> {
    let value: Record<string, unknown> = { leaf: true };
    for (let level = depth - 1; level >= 1; level -= 1) value = { next: value };
    return value;
  }
  function depthOf(value: unknown): number {
    return value !== null && typeof value === "object" ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0;
  }
  test(`a payload ${L.payloadDepth} levels deep is kept`, () => {
    const at = only([{ type: "button", label: "b", action: "a", payload: nested(L.payloadDepth) }]);
    expect(depthOf((at.node as { payload: unknown }).payload)).toBe(L.payloadDepth);
    expect(at.codes).toEqual([]);
  });
  test(`a level ${L.payloadDepth + 1} deep is dropped`, () => {
    const past = only([{ type: "button", label: "b", action: "a", payload: nested(L.payloadDepth + 1) }]);
    let level = (past.node as { payload: Record<string, unknown> }).payload;
    for (let depth = 1; depth < L.payloadDepth; depth += 1) level = level.next as Record<string, unknown>;
    // The object at depth 8 stays; the one at depth 9 that it held is gone.
    expect(level).toEqual({});
    expect(past.codes).toEqual(["payload_trimmed"]);
  });
  test(`${L.payloadEntries} keys per level are kept, the ${L.payloadEntries + 1}st dropped; arrays likewise`, () => {
    const keys = (count: number) => Object.fromEntries(range(count).map((index) => [`k${index}`, index]));
    const at = only([{ type: "button", label: "b", action: "a", payload: { level: keys(L.payloadEntries), list: range(L.payloadEntries) } }]);
    expect(at.codes).toEqual([]);
    const past = only([{ type: "button", label: "b", action: "a", payload: { level: keys(L.payloadEntries + 1) } }]);
    expect(Object.keys((past.node as unknown as { payload: { level: object } }).payload.level)).toHaveLength(L.payloadEntries);
    expect(past.codes).toEqual(["payload_trimmed"]);
    const list = only([{ type: "button", label: "b", action: "a", payload: { list: range(L.payloadEntries + 1) } }]);
    expect((list.node as unknown as { payload: { list: unknown[] } }).payload.list).toHaveLength(L.payloadEntries);
  });
  test(`a payload does not count against the ${L.nodes} nodes`, () => {
    const wide = Object.fromEntries(range(L.payloadEntries).map((index) => [`k${index}`, { a: 1, b: [1, 2] }]));
    const items = [...range(L.nodes - 1).map(() => ({ type: "divider" })), { type: "button", label: "b", action: "a", payload: wide }];
    const result = fence(items);
    expect(result.spec?.items).toHaveLength(L.nodes);
    expect(result.diagnostics).toEqual([]);
  });
});

describe("panel id", () => {
  test(`an id of 1 and of ${L.panelIdLength} letters, digits, _ and - is kept`, () => {
    for (const id of ["a", `A-_9${strings(L.panelIdLength - 4)}`]) {
      const result = parseGenuiSpec({ id, items: [] }, { surface: "fence" });
      expect(result.spec?.id).toBe(id);
      expect(result.diagnostics).toEqual([]);
    }
  });
  test(`an id of ${L.panelIdLength + 1} characters, an empty one or one with other characters is dropped; the panel still renders`, () => {
    for (const id of [strings(L.panelIdLength + 1), "", "a b", "../x", "a.b", "é", 12]) {
      const result = parseGenuiSpec({ id, items: [{ type: "divider" }] }, { surface: "fence" });
      expect(result.spec).toEqual({ items: [{ type: "divider" }] });
      expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["invalid_panel_id"]);
    }
  });
});
