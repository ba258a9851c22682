/**
 * Hostile specs. Every case must come back without throwing, as `null` or a
 * spec within every cap, quickly, without touching `Object.prototype`; most
 * cases also check what exactly was kept and reported.
 */
import { afterEach, describe, expect, test } from "vitest";
import { GENUI_BUDGETS, GENUI_LIMITS } from "../limits";
import type { GenuiSurface } from "../schema/spec";
import { genuiCapViolations } from "../testing/cap-violations";
import { parseGenuiSpec, type GenuiParseResult } from "./parse-genui-spec";

/** Generous for a shared CI machine; the bench checks the real targets. */
const TIME_LIMIT_MS = 250;
const BIG = "x".repeat(10 * 1024 * 1024);
const codes = (result: GenuiParseResult) => result.diagnostics.map((diagnostic) => diagnostic.code);
const range = (count: number) => Array.from({ length: count }, (_, index) => index);

type HostileCase = {
  name: string;
  surface?: GenuiSurface;
  input: () => unknown;
  check?: (result: GenuiParseResult) => void;
};

function deepCards(depth: number): unknown {
  let node: unknown = { type: "text", text: "bottom" };
  for (let level = 0; level < depth; level += 1) node = { type: "card", children: [node] };
  return node;
}

function deepPayload(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = { next: value };
  return value;
}

const button = (payload: unknown) => ({ items: [{ type: "button", label: "b", action: "a", payload }] });

const cases: HostileCase[] = [
  // -- script URLs -----------------------------------------------------------
  ...["javascript:alert(document.cookie)", " JaVaScRiPt:alert(1)", "java\tscript:alert(1)", "&#106;avascript:alert(1)", "\u0001javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:x"].map(
    (href): HostileCase => ({
      name: `href ${JSON.stringify(href)}`,
      input: () => ({ items: [{ type: "link", text: "click", href }] }),
      check: (result) => {
        expect(result.spec?.items).toEqual([]);
        expect(codes(result)).toEqual(["link_scheme"]);
      },
    }),
  ),
  // -- prototype keys -----------------------------------------------------------
  {
    name: "__proto__ in a payload",
    input: () => JSON.parse('{"items":[{"type":"button","label":"b","action":"a","payload":{"__proto__":{"isAdmin":true},"ok":1}}]}'),
    check: (result) => {
      const payload = (result.spec?.items[0] as { payload: Record<string, unknown> }).payload;
      expect(payload).toEqual({ ok: 1 });
      expect(Object.getPrototypeOf(payload)).toBe(Object.prototype);
      expect(codes(result)).toEqual(["forbidden_key"]);
    },
  },
  {
    name: "constructor.prototype nested in a payload",
    input: () => JSON.parse('{"items":[{"type":"button","label":"b","action":"a","payload":{"a":{"constructor":{"prototype":{"x":1}}},"b":[{"prototype":1}]}}]}'),
    check: (result) => {
      expect((result.spec?.items[0] as { payload: unknown }).payload).toEqual({ a: {}, b: [{}] });
      expect(codes(result)).toEqual(["forbidden_key", "forbidden_key"]);
    },
  },
  {
    name: "__proto__ as a field name",
    input: () => ({ items: [{ type: "input", field: "__proto__" }, { type: "checkbox", field: "constructor" }] }),
    check: (result) => expect(codes(result)).toEqual(["invalid_field_name", "invalid_field_name"]),
  },
  {
    name: "__proto__ as a visibleWhen field and a filterBy field",
    input: () => ({ items: [{ type: "text", text: "t", visibleWhen: { field: "__proto__", equals: "" } }, { type: "table", columns: ["a"], rows: [], filterBy: { field: "prototype", column: "a" } }] }),
    check: (result) => {
      expect(result.spec?.items).toEqual([{ type: "text", text: "t" }, { type: "table", columns: ["a"], rows: [] }]);
    },
  },
  {
    name: "__proto__, constructor and toString as node types",
    input: () => JSON.parse('{"items":[{"type":"__proto__"},{"type":"constructor"},{"type":"toString"},{"type":"hasOwnProperty"}]}'),
    check: (result) => expect(codes(result)).toEqual(["unknown_type", "unknown_type", "unknown_type", "unknown_type"]),
  },
  {
    name: "a __proto__ key on the spec carrying items",
    input: () => JSON.parse('{"__proto__":{"items":[{"type":"text","text":"smuggled"}]}}'),
    check: (result) => expect(result.spec).toBeNull(),
  },
  // -- sizes --------------------------------------------------------------------
  {
    name: "a 10 MB string in a text node",
    input: () => ({ items: [{ type: "text", text: BIG }] }),
    check: (result) => expect((result.spec?.items[0] as { text: string }).text).toHaveLength(GENUI_LIMITS.stringLength),
  },
  {
    name: "a 10 MB href",
    input: () => ({ items: [{ type: "link", href: `https://example.com/${BIG}` }] }),
    check: (result) => expect(codes(result)).toEqual(["link_too_long"]),
  },
  {
    name: "a 10 MB key",
    input: () => ({ items: [{ type: "text", text: "t", [BIG]: 1 }] }),
    check: (result) => {
      expect(codes(result)).toEqual(["unknown_field"]);
      expect(result.diagnostics[0]?.path.length).toBeLessThan(80);
    },
  },
  {
    name: "10 MB strings in a payload, a cell, a code block and a type",
    input: () => ({ items: [{ type: "button", label: "b", action: "a", payload: { big: BIG } }, { type: "table", columns: ["a"], rows: [[BIG]] }, { type: "code", code: BIG }, { type: BIG }] }),
    check: (result) => {
      expect(codes(result)).toEqual(["text_truncated", "text_truncated", "text_truncated", "unknown_type"]);
      expect(JSON.stringify(result).length).toBeLessThan(20_000);
    },
  },
  {
    name: "a 100k-row table",
    input: () => ({ items: [{ type: "table", columns: ["n", "s"], rows: range(100_000).map((index) => [index, `r${index}`]) }] }),
    check: (result) => expect((result.spec?.items[0] as { rows: unknown[] }).rows).toHaveLength(GENUI_LIMITS.tableRows),
  },
  {
    name: "100k columns and 100k-cell rows",
    input: () => ({ items: [{ type: "table", columns: range(100_000).map(String), rows: [range(100_000)] }] }),
    check: (result) => expect((result.spec?.items[0] as { rows: unknown[][] }).rows[0]).toHaveLength(GENUI_LIMITS.tableColumns),
  },
  {
    name: "100k list items, options, tabs, series and points",
    input: () => {
      const series = { points: range(1_000).map((index) => ({ label: `${index}`, value: index })) };
      return {
        items: [
          { type: "list", items: range(100_000).map(String) },
          { type: "select", field: "f", options: range(100_000).map(String) },
          { type: "tabs", tabs: range(100_000).map((index) => ({ label: `${index}`, children: [] })) },
          { type: "plot", plot: "line", series: range(100_000).map(() => series) },
        ],
      };
    },
    check: (result) => {
      expect(codes(result).filter((code) => code === "entries_trimmed")).toHaveLength(4 + GENUI_LIMITS.plotSeries);
      expect(result.spec?.items.map((node) => JSON.stringify(node).length).every((length) => length < 50_000)).toBe(true);
    },
  },
  {
    name: "100k nodes",
    input: () => ({ items: range(100_000).map((index) => ({ type: "text", text: `${index}` })) }),
    check: (result) => {
      expect(result.spec?.items).toHaveLength(GENUI_LIMITS.nodes);
      expect(codes(result)).toEqual(["too_many_nodes"]);
    },
  },
  {
    name: "100k invalid node candidates",
    input: () => ({ items: range(100_000).map(() => null) }),
    check: (result) => {
      expect(result.spec?.items).toEqual([]);
      expect(result.diagnostics.length).toBe(GENUI_BUDGETS.diagnostics + 1);
      expect(result.diagnostics.at(-1)?.code).toBe("too_many_diagnostics");
    },
  },
  {
    name: "100k unknown types, each with a big subtree",
    input: () => {
      const subtree = { type: "nope", children: range(1_000).map(() => ({ type: "text", text: "x" })) };
      return { items: range(100_000).map(() => subtree) };
    },
    check: (result) => expect(result.spec?.items).toEqual([]),
  },
  {
    name: "three full 500 × 50 tables: the spec-wide entries budget",
    input: () => {
      const table = { type: "table", columns: range(50).map(String), rows: range(500).map(() => range(50)) };
      return { items: [table, table, table] };
    },
    check: (result) => {
      const rows = result.spec?.items.map((node) => (node as { rows: unknown[] }).rows.length);
      expect(rows).toEqual([500, 500, 0]);
      expect(codes(result)).toEqual(["entries_budget"]);
    },
  },
  {
    name: "100k keys on one node",
    input: () => ({ items: [{ type: "text", text: "t", ...Object.fromEntries(range(100_000).map((index) => [`k${index}`, index])) }] }),
    check: (result) => {
      expect(result.spec?.items).toEqual([{ type: "text", text: "t" }]);
      expect(result.diagnostics.at(-1)?.message).toContain("99990 more fields");
    },
  },
  // -- depth and cycles ---------------------------------------------------------------
  { name: "cards nested 100k deep", input: () => ({ items: [deepCards(100_000)] }) },
  { name: "a payload nested 100k deep", input: () => button(deepPayload(100_000)) },
  {
    name: "arrays nested 100k deep in a cell",
    input: () => {
      let cell: unknown = 1;
      for (let level = 0; level < 100_000; level += 1) cell = [cell];
      return { items: [{ type: "table", columns: ["a"], rows: [[cell]] }] };
    },
    check: (result) => expect(codes(result)).toEqual(["cell_not_scalar"]),
  },
  {
    name: "a card that contains itself",
    input: () => {
      const card: { type: string; children: unknown[] } = { type: "card", children: [] };
      card.children.push(card, card);
      return { items: [card] };
    },
  },
  {
    name: "a payload that contains itself",
    input: () => {
      const payload: Record<string, unknown> = {};
      payload.self = payload;
      payload.list = [payload];
      return button(payload);
    },
    check: (result) => expect(codes(result)).toContain("payload_trimmed"),
  },
  // -- not JSON -------------------------------------------------------------------------
  {
    name: "getters are never run",
    input: () => {
      const node = { type: "text" };
      Object.defineProperty(node, "text", { enumerable: true, get: () => {
        throw new Error("getter ran");
      } });
      const spec = {};
      Object.defineProperty(spec, "items", { enumerable: true, get: () => {
        throw new Error("getter ran");
      } });
      return { items: [node], nested: spec };
    },
    check: (result) => {
      expect(result.spec?.items).toEqual([]);
      expect(codes(result)).toEqual(["unknown_field", "not_json", "missing_field"]);
    },
  },
  {
    name: "an accessor items",
    input: () => Object.defineProperty({}, "items", { enumerable: true, get: () => [{ type: "text", text: "t" }] }),
    check: (result) => {
      expect(result.spec).toBeNull();
      expect(codes(result)).toEqual(["not_json", "missing_items"]);
    },
  },
  {
    name: "a proxy that throws on every trap",
    input: () => ({ items: [new Proxy({}, { get: () => { throw new Error("trap"); }, getOwnPropertyDescriptor: () => { throw new Error("trap"); }, ownKeys: () => { throw new Error("trap"); }, getPrototypeOf: () => { throw new Error("trap"); } })] }),
    check: (result) => {
      expect(result.spec).toBeNull();
      expect(codes(result)).toEqual(["internal"]);
    },
  },
  {
    name: "class instances, maps, dates and functions as nodes",
    input: () => ({ items: [new Date(), new Map([["type", "text"]]), new (class Node { type = "text"; text = "t"; })(), () => ({ type: "text" }), Object.assign(Object.create({ type: "text", text: "inherited" }), {})] }),
    check: (result) => expect(codes(result)).toEqual(Array(5).fill("invalid_node")),
  },
  {
    name: "non-enumerable and symbol-keyed fields are invisible",
    input: () => {
      const node = { type: "text", [Symbol("text")]: "symbol" };
      Object.defineProperty(node, "text", { value: "hidden", enumerable: false });
      return { items: [node] };
    },
    check: (result) => expect(codes(result)).toEqual(["missing_field"]),
  },
  {
    name: "NaN, Infinity, BigInt, undefined and functions as values",
    input: () => ({
      items: [
        { type: "progress", value: Number.NaN },
        { type: "progress", value: Number.POSITIVE_INFINITY },
        { type: "stat", label: "l", value: 10n },
        { type: "text", text: undefined },
        { type: "table", columns: ["a"], rows: [[Number.NaN, () => 1]] },
        { type: "button", label: "b", action: "a", payload: { n: Number.NEGATIVE_INFINITY, f: () => 1, u: undefined } },
      ],
    }),
    check: (result) => {
      expect(result.spec?.items).toEqual([
        { type: "table", columns: ["a"], rows: [[null]] },
        { type: "button", label: "b", action: "a", payload: {} },
      ]);
    },
  },
  {
    name: "sparse arrays",
    input: () => {
      const items: unknown[] = [];
      items[3] = { type: "text", text: "t" };
      const row: unknown[] = [];
      row[1] = "b";
      return { items: [...items.slice(0, 0), ...[, , { type: "table", columns: ["a", "b"], rows: [row] }]], list: items };
    },
  },
  {
    name: "strings that look like markup stay plain text",
    input: () => ({ items: [{ type: "text", text: "<img src=x onerror=alert(1)>" }, { type: "code", code: "</code><script>alert(1)</script>" }] }),
    check: (result) => expect((result.spec?.items[0] as { text: string }).text).toBe("<img src=x onerror=alert(1)>"),
  },
  {
    name: "a lone surrogate and a pair at the cut",
    input: () => ({ items: [{ type: "text", text: `${"a".repeat(GENUI_LIMITS.stringLength - 1)}😀` }, { type: "text", text: "\ud800" }] }),
    check: (result) => expect((result.spec?.items[0] as { text: string }).text).toHaveLength(GENUI_LIMITS.stringLength - 1),
  },
  {
    name: "interactive nodes with payloads through the tool",
    surface: "tool",
    input: () => ({ items: [{ type: "button", label: "b", action: "a", payload: deepPayload(1_000) }, { type: "card", children: [{ type: "input", field: "pw", inputType: "password" }] }] }),
    check: (result) => expect(result.spec?.items).toEqual([{ type: "card", children: [] }]),
  },
  {
    name: "non-JSON top-level inputs",
    input: () => "{\"items\": []}",
    check: (result) => expect(result.spec).toBeNull(),
  },
];

describe("hostile specs", () => {
  afterEach(() => {
    expect(Object.prototype).not.toHaveProperty("isAdmin");
    expect(Object.prototype).not.toHaveProperty("polluted");
  });
  test("the corpus has at least 30 cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });
  for (const hostile of cases) {
    test(hostile.name, () => {
      const input = hostile.input();
      const surface = hostile.surface ?? "fence";
      // The fastest of three runs: a collection of the large input, or another process, can stall any one run.
      let elapsed = Number.POSITIVE_INFINITY;
      let result = parseGenuiSpec(input, { surface });
      for (let run = 0; run < 3; run += 1) {
        const started = performance.now();
        result = parseGenuiSpec(input, { surface });
        elapsed = Math.min(elapsed, performance.now() - started);
      }
      expect(elapsed).toBeLessThan(TIME_LIMIT_MS);
      if (result.spec !== null) expect(genuiCapViolations(result.spec, surface)).toEqual([]);
      expect(result.diagnostics.length).toBeLessThanOrEqual(GENUI_BUDGETS.diagnostics + 1);
      hostile.check?.(result);
    });
  }
});
