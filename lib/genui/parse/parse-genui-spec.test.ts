/** The guide's drop rules and node rules, one test per promise, plus the parser's own contract. */
import { describe, expect, test } from "vitest";
import { GENUI_NODE_CATALOG } from "../schema/catalog";
import { GenuiSpecSchema } from "../schema/spec";
import { parseGenuiSpec } from "./parse-genui-spec";

const fence = (items: unknown[], extra: object = {}) => parseGenuiSpec({ ...extra, items }, { surface: "fence" });
const tool = (items: unknown[]) => parseGenuiSpec({ items }, { surface: "tool" });
const codes = (result: { diagnostics: { code: string }[] }) => result.diagnostics.map((diagnostic) => diagnostic.code);
const pairs = (result: { diagnostics: { code: string; path: string }[] }) => result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path]);

/** One valid node of every type, as the guide's tables describe them. */
const EXAMPLES: Record<string, unknown> = {
  text: { type: "text", text: "t" },
  row: { type: "row", gap: 8, children: [] },
  col: { type: "col", children: [] },
  card: { type: "card", title: "c", children: [] },
  stat: { type: "stat", label: "l", value: 3, delta: "+1", tone: "success" },
  badge: { type: "badge", text: "b", tone: "info" },
  callout: { type: "callout", text: "c", title: "t", tone: "warning" },
  table: { type: "table", columns: ["a"], rows: [["x"]], sortable: true },
  list: { type: "list", items: ["a", { label: "b", value: "c" }] },
  keyvalue: { type: "keyvalue", items: [{ label: "k", value: "v" }] },
  progress: { type: "progress", value: 50, label: "p" },
  divider: { type: "divider" },
  code: { type: "code", code: "x = 1", lang: "python" },
  link: { type: "link", text: "docs", href: "https://example.com/" },
  collapsible: { type: "collapsible", title: "more", children: [], open: true },
  plot: { type: "plot", plot: "bar", series: [{ name: "s", points: [{ label: "a", value: 1 }] }], stacked: false, legend: true, xLabel: "x", yLabel: "y", height: 240 },
  mermaid: { type: "mermaid", code: "graph TD; A-->B" },
  input: { type: "input", field: "q", label: "Q", placeholder: "…", value: "v" },
  select: { type: "select", field: "s", label: "S", options: [{ label: "A", value: "a" }], value: "a" },
  checkbox: { type: "checkbox", field: "c", label: "C", checked: true },
  switch: { type: "switch", field: "w", label: "W", checked: false },
  radio: { type: "radio", field: "r", options: [{ label: "A", value: "a" }] },
  tabs: { type: "tabs", tabs: [{ label: "one", children: [{ type: "text", text: "in a tab" }] }] },
  slider: { type: "slider", field: "n", min: 0, max: 10, step: 1, label: "N", value: 5 },
  number: { type: "number", field: "m", min: 0, max: 9, step: 1, value: 3 },
  textarea: { type: "textarea", field: "t", rows: 4, value: "hi" },
  quiz: { type: "quiz", field: "z", question: "2+2?", options: [{ label: "4", value: "4" }, { label: "5", value: "5" }], correct: "4", explanation: "math" },
  button: { type: "button", label: "Go", action: "go", payload: { a: 1 } },
};

describe("the node whitelist", () => {
  test("the examples cover every type of the catalog", () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(GENUI_NODE_CATALOG.flatMap((entry) => entry.types).sort());
  });
  for (const [type, node] of Object.entries(EXAMPLES)) {
    test(`a valid ${type} passes through a fence unchanged, with no diagnostic`, () => {
      const result = fence([node]);
      expect(result.spec?.items).toEqual([node]);
      expect(result.diagnostics).toEqual([]);
    });
  }
  test("read-only nodes render from the tool surface too", () => {
    for (const entry of GENUI_NODE_CATALOG.filter((catalogEntry) => !catalogEntry.interactive)) {
      for (const type of entry.types) expect(tool([EXAMPLES[type]]).spec?.items).toEqual([EXAMPLES[type]]);
    }
  });
  test("the tool surface drops every interactive type like an unknown type; siblings stay", () => {
    for (const entry of GENUI_NODE_CATALOG.filter((catalogEntry) => catalogEntry.interactive)) {
      for (const type of entry.types) {
        const result = tool([EXAMPLES.text, EXAMPLES[type]]);
        expect(result.spec?.items).toEqual([EXAMPLES.text]);
        expect(pairs(result)).toEqual([["interactive_on_tool", "items[1]"]]);
      }
    }
  });
  test("an interactive node nested in a read-only container is dropped from the tool card too", () => {
    const result = tool([{ type: "card", children: [EXAMPLES.text, EXAMPLES.button] }]);
    expect(result.spec?.items).toEqual([{ type: "card", children: [EXAMPLES.text] }]);
    expect(pairs(result)).toEqual([["interactive_on_tool", "items[0].children[1]"]]);
  });
  test("an unknown type drops that node and its whole subtree; its siblings still render", () => {
    const subtree = { type: "grid", children: [EXAMPLES.text, EXAMPLES.badge] };
    const result = fence([EXAMPLES.text, subtree, EXAMPLES.divider]);
    expect(result.spec?.items).toEqual([EXAMPLES.text, EXAMPLES.divider]);
    expect(pairs(result)).toEqual([["unknown_type", "items[1]"]]);
  });
  test("a node without a string type is dropped", () => {
    const result = fence([{ text: "no type" }, { type: 3 }, "text", null, []]);
    expect(result.spec?.items).toEqual([]);
    expect(codes(result)).toEqual(["invalid_node", "invalid_node", "invalid_node", "invalid_node", "invalid_node"]);
  });
  test("a node missing a required field is dropped", () => {
    const result = fence([{ type: "text" }, { type: "stat", value: 1 }, { type: "card" }, { type: "progress", value: "50" }, EXAMPLES.text]);
    expect(result.spec?.items).toEqual([EXAMPLES.text]);
    expect(pairs(result)).toEqual([
      ["missing_field", "items[0].text"],
      ["missing_field", "items[1].label"],
      ["missing_field", "items[2].children"],
      ["missing_field", "items[3].value"],
    ]);
  });
});

describe("the spec", () => {
  test("only a missing or invalid items array gives spec null", () => {
    for (const input of [{}, { items: "x" }, { items: {} }, { title: "t" }]) {
      const result = parseGenuiSpec(input, { surface: "tool" });
      expect(result.spec).toBeNull();
      expect(codes(result)).toEqual(["missing_items"]);
    }
    for (const input of [null, 3, "{}", [], undefined]) {
      const result = parseGenuiSpec(input, { surface: "tool" });
      expect(result.spec).toBeNull();
      expect(codes(result)).toEqual(["invalid_spec"]);
    }
  });
  test("an empty items array, or one whose nodes are all dropped, is still a spec", () => {
    expect(parseGenuiSpec({ items: [] }, { surface: "tool" }).spec).toEqual({ items: [] });
    expect(fence([{ type: "nope" }]).spec).toEqual({ items: [] });
  });
  test("unknown fields are stripped, everywhere, each with a diagnostic", () => {
    const result = fence([{ type: "text", text: "t", color: "red", style: { x: 1 } }], { theme: "dark" });
    expect(result.spec).toEqual({ items: [{ type: "text", text: "t" }] });
    expect(pairs(result)).toEqual([
      ["unknown_field", "theme"],
      ["unknown_field", "items[0].color"],
      ["unknown_field", "items[0].style"],
    ]);
  });
  test("unknown fields inside entries are stripped too", () => {
    const result = fence([{ type: "select", field: "f", options: [{ label: "a", value: "a", icon: "x" }] }]);
    expect(result.spec?.items[0]).toEqual({ type: "select", field: "f", options: [{ label: "a", value: "a" }] });
    expect(pairs(result)).toEqual([["unknown_field", "items[0].options[0].icon"]]);
  });
  test("inputType is dropped with its own diagnostic; the input stays plain text", () => {
    const result = fence([{ type: "input", field: "pw", inputType: "password" }]);
    expect(result.spec?.items).toEqual([{ type: "input", field: "pw" }]);
    expect(pairs(result)).toEqual([["input_type_dropped", "items[0].inputType"]]);
  });
  test("__proto__, constructor and prototype keys are stripped with a diagnostic and never reach the output", () => {
    const input: unknown = JSON.parse('{"items":[{"type":"text","text":"t","__proto__":{"polluted":1},"constructor":{"x":1},"prototype":2}],"__proto__":{"items":[]}}');
    const result = parseGenuiSpec(input, { surface: "fence" });
    expect(result.spec).toEqual({ items: [{ type: "text", text: "t" }] });
    expect(Object.getPrototypeOf(result.spec?.items[0])).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(codes(result)).toEqual(["forbidden_key", "forbidden_key", "forbidden_key", "forbidden_key"]);
  });
  test("diagnostics are {code, path, message} with JSON paths", () => {
    const result = fence([{ type: "card", children: [{ type: "tabs", tabs: [{ label: "t", children: [{ type: "text", text: 5 }] }] }] }]);
    expect(result.diagnostics).toEqual([
      { code: "coerced_value", path: "items[0].children[0].tabs[0].children[0].text", message: expect.stringContaining("turned into text") },
    ]);
  });
  test("the output is built fresh: no object of it is an object of the input", () => {
    const node = { type: "list", items: [{ label: "a" }] };
    const input = { items: [node] };
    const spec = fence(input.items).spec;
    expect(spec?.items[0]).toEqual(node);
    expect(spec?.items[0]).not.toBe(node);
    (spec?.items[0] as { items: { label: string }[] }).items[0]!.label = "changed";
    expect(node.items[0]?.label).toBe("a");
  });
  test("the output always passes GenuiSpecSchema", () => {
    const result = fence(Object.values(EXAMPLES));
    expect(GenuiSpecSchema.safeParse(result.spec).success).toBe(true);
  });
  test("parsing the output again changes nothing and reports nothing", () => {
    const messy = fence([
      { type: "text", text: "x".repeat(900), extra: 1 },
      { type: "table", columns: ["a", "b"], rows: [[1], [1, 2, 3], [{ node: 1 }, null]], filterBy: { field: "q", column: "z" } },
      { type: "slider", field: "s", min: 0, max: 10, value: 99 },
      { type: "select", field: "f", options: ["a", 2] },
    ]);
    const again = parseGenuiSpec(messy.spec, { surface: "fence" });
    expect(again.spec).toEqual(messy.spec);
    expect(again.diagnostics).toEqual([]);
  });
});

describe("node rules", () => {
  test("slider: max must exceed min or the node is dropped", () => {
    for (const [min, max] of [
      [5, 5],
      [10, 0],
    ]) {
      const result = fence([{ type: "slider", field: "s", min, max }]);
      expect(result.spec?.items).toEqual([]);
      expect(codes(result)).toEqual(["slider_range"]);
    }
  });
  test("slider: step defaults to a hundredth of the range; a value outside is clamped", () => {
    const result = fence([{ type: "slider", field: "s", min: 10, max: 30, value: 50 }]);
    expect(result.spec?.items[0]).toEqual({ type: "slider", field: "s", min: 10, max: 30, step: 0.2, value: 30 });
    expect(codes(result)).toEqual(["value_clamped"]);
    const badStep = fence([{ type: "slider", field: "s", min: 0, max: 1, step: -1 }]);
    expect(badStep.spec?.items[0]).toMatchObject({ step: 0.01 });
    expect(codes(badStep)).toEqual(["invalid_field"]);
  });
  test("number: bounds with min above max are both dropped; the value is clamped into the bounds", () => {
    const crossed = fence([{ type: "number", field: "n", min: 5, max: 1, value: 3 }]);
    expect(crossed.spec?.items[0]).toEqual({ type: "number", field: "n", value: 3 });
    expect(codes(crossed)).toEqual(["number_range"]);
    expect(fence([{ type: "number", field: "n", min: 0, max: 10, value: 11 }]).spec?.items[0]).toMatchObject({ value: 10 });
  });
  test("quiz: correct must be one of the options' values or the quiz is dropped", () => {
    const result = fence([{ type: "quiz", field: "q", question: "?", options: [{ label: "A", value: "a" }], correct: "b" }]);
    expect(result.spec?.items).toEqual([]);
    expect(codes(result)).toEqual(["quiz_answer"]);
  });
  test("select/radio: a starting value that is not an option is dropped", () => {
    const result = fence([{ type: "radio", field: "r", options: [{ label: "A", value: "a" }], value: "z" }]);
    expect(result.spec?.items[0]).toEqual({ type: "radio", field: "r", options: [{ label: "A", value: "a" }] });
    expect(codes(result)).toEqual(["invalid_field"]);
  });
  test("options given as bare strings, or with only a label or a value, use it for both", () => {
    const result = fence([{ type: "select", field: "f", options: ["a", 2, { label: "L" }, { value: "v" }, { nothing: 1 }] }]);
    expect((result.spec?.items[0] as { options: unknown[] }).options).toEqual([
      { label: "a", value: "a" },
      { label: "2", value: "2" },
      { label: "L", value: "L" },
      { label: "v", value: "v" },
    ]);
    expect(codes(result)).toContain("invalid_entry");
  });
  test("a field name must be a non-empty name that is not a prototype key, or the control is dropped", () => {
    for (const field of ["", "__proto__", "constructor", "prototype", 7, "x".repeat(129)]) {
      const result = fence([{ type: "input", field }]);
      expect(result.spec?.items).toEqual([]);
      expect(codes(result)).toEqual(["invalid_field_name"]);
    }
  });
  test("table: filterBy.column must name one of the columns, else filterBy is dropped and the table stays", () => {
    const result = fence([{ type: "table", columns: ["name"], rows: [], filterBy: { field: "q", column: "Name" } }]);
    expect(result.spec?.items[0]).toEqual({ type: "table", columns: ["name"], rows: [] });
    expect(pairs(result)).toEqual([["filter_column", "items[0].filterBy.column"]]);
  });
  test("table: cells are scalars — a node or object in a cell becomes null; rows are made as wide as the columns", () => {
    const result = fence([{ type: "table", columns: ["a", "b"], rows: [[{ type: "text", text: "x" }, [1]], ["only"], ["a", "b", "c"], "not a row"] }]);
    expect((result.spec?.items[0] as { rows: unknown[] }).rows).toEqual([
      [null, null],
      ["only", null],
      ["a", "b"],
    ]);
    expect(pairs(result)).toEqual([
      ["cell_not_scalar", "items[0].rows[0][0]"],
      ["cell_not_scalar", "items[0].rows[0][1]"],
      ["row_padded", "items[0].rows[1]"],
      ["entries_trimmed", "items[0].rows[2]"],
      ["invalid_entry", "items[0].rows[3]"],
    ]);
  });
  test("link: only http, https, mailto and tel survive; anything else drops the node", () => {
    const kept = ["http://a.example/", "https://a.example/x?y#z", "mailto:someone@example.com", "tel:+15551234"];
    for (const href of kept) expect(fence([{ type: "link", href }]).spec?.items).toHaveLength(1);
    for (const href of ["javascript:alert(1)", "data:text/html,x", "ftp://a.example/", "/relative", "//a.example/"]) {
      const result = fence([{ type: "link", href }]);
      expect(result.spec?.items).toEqual([]);
      expect(codes(result)).toEqual(["link_scheme"]);
    }
  });
  test("visibleWhen: of equals, in and not only the first in that order survives", () => {
    const result = fence([{ type: "text", text: "t", visibleWhen: { field: "f", not: "x", in: ["a"], equals: "b" } }]);
    expect(result.spec?.items[0]).toEqual({ type: "text", text: "t", visibleWhen: { field: "f", equals: "b" } });
    expect(codes(result)).toEqual(["condition_extra", "condition_extra"]);
    const second = fence([{ type: "text", text: "t", visibleWhen: { field: "f", not: "x", in: ["a"] } }]);
    expect(second.spec?.items[0]).toMatchObject({ visibleWhen: { field: "f", in: ["a"] } });
  });
  test("visibleWhen: range tests combine", () => {
    const result = fence([{ type: "text", text: "t", visibleWhen: { field: "f", gte: 10, lt: 100, gt: 1, lte: 50 } }]);
    expect(result.spec?.items[0]).toMatchObject({ visibleWhen: { field: "f", gte: 10, lt: 100, gt: 1, lte: 50 } });
    expect(result.diagnostics).toEqual([]);
  });
  test("visibleWhen: a condition mixing both families keeps the equality test", () => {
    const result = fence([{ type: "text", text: "t", visibleWhen: { field: "f", gte: 1, equals: 2 } }]);
    expect(result.spec?.items[0]).toMatchObject({ visibleWhen: { field: "f", equals: 2 } });
    expect(codes(result)).toEqual(["condition_family"]);
  });
  test("visibleWhen: a condition with no usable field or test is dropped, so the node always shows", () => {
    for (const visibleWhen of [{ field: "f" }, { equals: 1 }, { field: "f", gt: "1" }, "f", { field: "__proto__", equals: 1 }]) {
      const result = fence([{ type: "text", text: "t", visibleWhen }]);
      expect(result.spec?.items[0]).toEqual({ type: "text", text: "t" });
      expect(codes(result)).toContain("invalid_condition");
    }
  });
  test("numbers where text is expected are turned into text and reported", () => {
    const result = fence([{ type: "keyvalue", items: [{ label: "Users", value: 1200 }, { label: true, value: "x" }] }]);
    expect(result.spec?.items[0]).toEqual({ type: "keyvalue", items: [{ label: "Users", value: "1200" }, { label: "true", value: "x" }] });
    expect(codes(result)).toEqual(["coerced_value", "coerced_value"]);
  });
  test("an optional field of the wrong type is dropped; the node stays", () => {
    const result = fence([{ type: "badge", text: "b", tone: "red" }, { type: "collapsible", title: "t", children: [], open: "yes" }]);
    expect(result.spec?.items).toEqual([{ type: "badge", text: "b" }, { type: "collapsible", title: "t", children: [] }]);
    expect(pairs(result)).toEqual([
      ["invalid_field", "items[0].tone"],
      ["invalid_field", "items[1].open"],
    ]);
  });
  test("code: any lang is kept (the renderer falls back to plain monospace rather than failing)", () => {
    expect(fence([{ type: "code", code: "MOVE A TO B.", lang: "cobol" }]).spec?.items[0]).toEqual({ type: "code", code: "MOVE A TO B.", lang: "cobol" });
  });
  test("link: text may be omitted (the href is shown instead)", () => {
    const result = fence([{ type: "link", href: "https://example.com/" }]);
    expect(result.spec?.items[0]).toEqual({ type: "link", href: "https://example.com/" });
    expect(result.diagnostics).toEqual([]);
  });
  test("tabs: a tab's children can be any node type, interactive ones included", () => {
    const tabs = { type: "tabs", tabs: [{ label: "form", children: [EXAMPLES.input, EXAMPLES.button, { type: "tabs", tabs: [] }] }] };
    const result = fence([tabs]);
    expect(result.spec?.items[0]).toEqual(tabs);
    expect(result.diagnostics).toEqual([]);
  });
  test("there is no node for colour, CSS, HTML or 3D: those types are unknown", () => {
    const result = fence(["color", "css", "html", "three", "scene3d"].map((type) => ({ type })));
    expect(codes(result)).toEqual(Array(5).fill("unknown_type"));
  });
  test("plot height is clamped to the budget", () => {
    expect(fence([{ type: "plot", plot: "pie", series: [], height: 5000 }]).spec?.items[0]).toMatchObject({ height: 800 });
  });
});
