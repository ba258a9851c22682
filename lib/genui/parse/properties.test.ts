/**
 * Property tests: any value in gives a spec within every cap (or null) out,
 * never a throw; a parsed spec is a fixed point of the parser; the tool
 * surface never lets an interactive node through.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { GENUI_BUDGETS, GENUI_LIMITS as L } from "../limits";
import { GENUI_NODE_CATALOG } from "../schema/catalog";
import { GenuiSpecSchema } from "../schema/spec";
import { genuiCapViolations } from "../testing/cap-violations";
import { parseGenuiSpec } from "./parse-genui-spec";

const TYPES = GENUI_NODE_CATALOG.flatMap((entry) => entry.types);
const FIELD_NAMES = [
  "type", "text", "title", "label", "value", "children", "items", "columns", "rows", "options", "tabs", "field", "min", "max", "step",
  "href", "code", "lang", "plot", "series", "points", "payload", "gap", "open", "checked", "correct", "question", "visibleWhen",
  "filterBy", "sortable", "tone", "delta", "action", "placeholder", "explanation", "stacked", "legend", "xLabel", "yLabel", "height",
  "inputType", "__proto__", "constructor", "name", "equals", "in", "not", "gt", "gte", "lt", "lte", "column", "id",
];
const range = (count: number) => Array.from({ length: count }, (_, index) => index);

/** A valid node of every type, which the generator then bends with overrides. */
const TEMPLATES: Record<string, Record<string, unknown>> = {
  text: { text: "t" },
  row: { gap: 4, children: [] },
  col: { children: [] },
  card: { title: "c", children: [] },
  stat: { label: "l", value: 1, tone: "info" },
  badge: { text: "b" },
  callout: { text: "c", title: "t" },
  table: { columns: ["a", "b"], rows: [["x", 1]], filterBy: { field: "q", column: "a" }, sortable: true },
  list: { items: ["a", { label: "b", value: "c" }] },
  keyvalue: { items: [{ label: "k", value: "v" }] },
  progress: { value: 40 },
  divider: {},
  code: { code: "x", lang: "go" },
  link: { href: "https://example.com/", text: "e" },
  collapsible: { title: "c", children: [], open: false },
  plot: { plot: "line", series: [{ name: "s", points: [{ label: "a", value: 1 }] }], height: 300 },
  mermaid: { code: "graph TD; A-->B" },
  input: { field: "q", placeholder: "p" },
  select: { field: "s", options: [{ label: "A", value: "a" }], value: "a" },
  radio: { field: "r", options: ["x", "y"] },
  checkbox: { field: "c", checked: true },
  switch: { field: "w" },
  tabs: { tabs: [] },
  slider: { field: "n", min: 0, max: 10, value: 3, visibleWhen: { field: "q", equals: "a" } },
  number: { field: "m", min: 1, max: 5 },
  textarea: { field: "t", rows: 3 },
  quiz: { field: "z", question: "?", options: ["a", "b"], correct: "a" },
  button: { label: "b", action: "go", payload: { k: [1, { x: "y" }] } },
};

/** Strings right around each text cap. */
const nearCapString = fc
  .constantFrom(L.stringLength, L.cellLength, L.longTextLength, L.hrefLength)
  .chain((cap) => fc.integer({ min: cap - 1, max: cap + 1 }))
  .map((length) => "y".repeat(length));
/** Arrays right around each list cap. */
const nearCapArray = fc
  .constantFrom(L.tabs, L.plotSeries, L.tableColumns, L.options, L.plotPoints, L.listItems, L.tableRows)
  .chain((cap) => fc.integer({ min: cap - 1, max: cap + 1 }))
  .map((length) => range(length).map((index) => (index % 3 === 0 ? `s${index}` : index % 3 === 1 ? index : { label: `l${index}`, value: `${index}` })));
const scalar = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom("", "a", "https://example.com/", "javascript:alert(1)", "bar", "line", "pie", "success", "q", "0"),
  fc.integer({ min: -100, max: 1_000 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  nearCapString,
);

/** Spec-shaped values: known and unknown types, right and wrong fields, values near every cap. */
const { spec: specArbitrary } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true, maxDepth: 12 },
    scalar,
    nearCapArray,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie("value"), { maxKeys: 4 }),
    tie("node"),
    tie("nodes"),
  ),
  node: fc
    .tuple(fc.constantFrom(...TYPES, "grid", "html"), fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie("value"), { maxKeys: 3 }), tie("nodes"))
    .map(([type, overrides, children]) => {
      const template = TEMPLATES[type] ?? {};
      const node: Record<string, unknown> = { ...template, ...(overrides as object), type };
      if ("children" in template) node.children = children;
      if (type === "tabs") node.tabs = [{ label: "t", children }, ...(Array.isArray(node.tabs) ? node.tabs : [])];
      return node;
    }),
  nodes: fc.oneof({ depthSize: "small", maxDepth: 12 }, fc.constant([]), fc.array(tie("node"), { maxLength: 4 })),
  spec: fc.record({ items: tie("nodes"), title: scalar, id: fc.constantFrom("panel", "a b", "x".repeat(65), undefined) }, { requiredKeys: ["items"] }),
}));

const surfaces = fc.constantFrom("tool" as const, "fence" as const);

describe("parseGenuiSpec properties", () => {
  test("any JSON value: never a throw, a spec within every cap or null", () => {
    fc.assert(
      fc.property(fc.jsonValue(), surfaces, (value, surface) => {
        const result = parseGenuiSpec(value, { surface });
        if (result.spec !== null) {
          expect(genuiCapViolations(result.spec, surface)).toEqual([]);
          expect(GenuiSpecSchema.safeParse(result.spec).success).toBe(true);
        }
        expect(result.diagnostics.length).toBeLessThanOrEqual(GENUI_BUDGETS.diagnostics + 1);
      }),
      { numRuns: 500 },
    );
  });

  test("any JavaScript value (maps, dates, big integers, null prototypes, sparse arrays): never a throw", () => {
    const anything = fc.anything({ withBigInt: true, withBoxedValues: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true, withObjectString: true, withSparseArray: true, withTypedArray: true, withUnicodeString: true });
    fc.assert(
      fc.property(anything, surfaces, (value, surface) => {
        const result = parseGenuiSpec({ items: [value, { type: "card", children: [value] }] }, { surface });
        expect(result.spec).not.toBeNull();
        expect(genuiCapViolations(result.spec, surface)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  test("spec-shaped values: within every cap; re-parsing the output changes nothing and reports nothing", () => {
    fc.assert(
      fc.property(specArbitrary, surfaces, (input, surface) => {
        const result = parseGenuiSpec(input, { surface });
        expect(result.spec).not.toBeNull();
        expect(genuiCapViolations(result.spec, surface)).toEqual([]);
        const again = parseGenuiSpec(result.spec, { surface });
        expect(again.spec).toEqual(result.spec);
        expect(again.diagnostics).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });

  test("spec-shaped values survive a JSON round trip unchanged (the output is plain JSON)", () => {
    fc.assert(
      fc.property(specArbitrary, (input) => {
        const { spec } = parseGenuiSpec(input, { surface: "fence" });
        expect(JSON.parse(JSON.stringify(spec))).toEqual(spec);
      }),
      { numRuns: 200 },
    );
  });
});

test("the spec-shaped generator reaches real nodes of many types (so the properties above are not vacuous)", () => {
  const kept = new Map<string, number>();
  for (const input of fc.sample(specArbitrary, { numRuns: 400, seed: 7 })) {
    const { spec } = parseGenuiSpec(input, { surface: "fence" });
    const visit = (nodes: readonly { type: string; children?: unknown; tabs?: unknown }[]): void => {
      for (const node of nodes) {
        kept.set(node.type, (kept.get(node.type) ?? 0) + 1);
        if (Array.isArray(node.children)) visit(node.children);
        if (Array.isArray(node.tabs)) for (const tab of node.tabs) visit((tab as { children: [] }).children);
      }
    };
    visit(spec?.items ?? []);
  }
  expect(kept.size).toBe(TYPES.length);
});
