import { describe, expect, it } from "vitest";
import { parseUiExpression, UI_LITERAL_NAMES, UI_RESERVED_NAMES } from "../expression/parse";
import { UI_GROUP_NAMES, type UiCatalogEntry } from "./entry";
import { UI_PROP_LIMITS } from "./prop-limits";
import { isUiComponent, UI_CATALOG, UI_CATALOG_VERSION, UI_COMPONENT_NAMES, UI_FENCE_LANGUAGE, UiToneSchema, type UiComponentName } from "./catalog";

/** The catalog seen through the entry contract, as the compiler and evaluator read it. */
const ENTRIES: Record<string, UiCatalogEntry> = UI_CATALOG;

/** Parses props against one component's schema. */
function parse(name: UiComponentName, props: Record<string, unknown>) {
  return UI_CATALOG[name].schema.safeParse(props);
}

/** The reference's group table plus the design page's catalog-1 additions. */
const REFERENCE_GROUPS: Record<string, string[]> = {
  Status: ["Summary", "Callout", "Tag", "Progress", "Steps", "Step"],
  Data: ["Stats", "Stat", "EntityList", "Entry", "Table", "Column", "Chart"],
  Structure: ["Tabs", "Tab", "Sections", "Section"],
  Content: ["CodeBlock", "Image", "Sources", "Source", "Diagram", "Graph"],
  "Host links": ["File", "Diff", "Commit", "Node"],
  "Local inputs": ["Checklist", "Item", "Switch", "Slider", "Segmented", "Option", "Show", "Each", "TextField", "NumberField"],
  Choices: ["Choices", "Choice"],
};

/** Props each component must accept: the design page's table (required props present). */
const DESIGN_TABLE_PROPS: Record<UiComponentName, Record<string, unknown>> = {
  Summary: {},
  Callout: { tone: "warning", title: "Deploy failed" },
  Tag: { tone: "success" },
  Progress: { value: 40, label: "Upload" },
  Steps: {},
  Step: { title: "Build", status: "active" },
  Stats: {},
  Stat: { label: "Failed", value: 3, unit: "tests", delta: -2, tone: "danger" },
  EntityList: {},
  Entry: { title: "api", subtitle: "eu-west-1", tone: "info" },
  Table: { rows: [{ name: "a", ms: 3 }], title: "Runs", sortable: true, filterable: true },
  Column: { field: "ms", title: "Time", unit: "ms", presentation: "number" },
  Chart: { kind: "line", rows: [{ label: "Mon", passed: 3, failed: 1 }], series: ["passed", "failed"], title: "Week", stacked: true },
  Tabs: {},
  Tab: { label: "Overview" },
  Sections: {},
  Section: { title: "Details", open: true },
  CodeBlock: { lang: "ts", code: "let a = 1;" },
  Diagram: { code: "graph TD; A-->B" },
  Graph: { nodes: [{ id: "web", label: "Web", tone: "info" }, { id: "api" }], edges: [{ from: "web", to: "api", label: "calls" }], title: "Calls", direction: "down" },
  Image: { generated: "latest", alt: "a cat", caption: "Generated" },
  Sources: {},
  Source: { title: "MDN", href: "https://developer.mozilla.org/" },
  File: { path: "src/app.ts", line: 12 },
  Diff: { path: "src/app.ts", base: "main", head: "HEAD" },
  Commit: { sha: "a1b2c3d" },
  Node: { ref: "service:api" },
  Checklist: {},
  Item: { label: "Write tests", checked: false },
  Switch: { label: "Failed only", value: true },
  Slider: { label: "Limit", min: 0, max: 100, step: 5, value: 50 },
  Segmented: { value: "week", label: "Period" },
  Option: { value: "week", label: "Week" },
  TextField: { label: "Note", value: "", placeholder: "Why?", multiline: true },
  NumberField: { label: "Budget", value: 500, min: 0, max: 1000, step: 50, unit: "ms" },
  Show: { when: false },
  Each: { items: [1, 2], as: "run" },
  Choices: {},
  Choice: { id: "rerun", label: "Re-run", context: "Only the failed tests", disabled: false },
};

describe("UI_CATALOG", () => {
  it("has the version, the fence word and exactly the reference's components in their groups", () => {
    expect(UI_CATALOG_VERSION).toBe("1");
    expect(UI_FENCE_LANGUAGE).toBe("ui");
    expect(Object.keys(REFERENCE_GROUPS)).toEqual([...UI_GROUP_NAMES]);
    const expected = Object.values(REFERENCE_GROUPS).flat().sort();
    expect([...UI_COMPONENT_NAMES].sort()).toEqual(expected);
    for (const [group, names] of Object.entries(REFERENCE_GROUPS))
      for (const name of names) expect(UI_CATALOG[name as UiComponentName].group, name).toBe(group);
  });

  it("accepts the design table's props for every component", () => {
    for (const name of UI_COMPONENT_NAMES) {
      const result = parse(name, DESIGN_TABLE_PROPS[name]);
      expect(result.success, `${name}: ${result.error?.message}`).toBe(true);
    }
  });

  it("refuses an unknown prop on every component", () => {
    for (const name of UI_COMPONENT_NAMES) {
      const result = parse(name, { ...DESIGN_TABLE_PROPS[name], onClick: "x" });
      expect(result.success, name).toBe(false);
    }
  });

  it("refuses a missing required prop", () => {
    expect(parse("Callout", { title: "x" }).success).toBe(false);
    expect(parse("Stat", { label: "x" }).success).toBe(false);
    expect(parse("Column", {}).success).toBe(false);
    expect(parse("Chart", { rows: [] }).success).toBe(false);
    expect(parse("Switch", { label: "x" }).success).toBe(false);
    expect(parse("Choice", { label: "x" }).success).toBe(false);
  });

  it("recognises only its own component names", () => {
    expect(isUiComponent("Stat")).toBe(true);
    expect(isUiComponent("TextField")).toBe(true);
    for (const name of ["stat", "Div", "toString", "__proto__", "constructor", "hasOwnProperty", ""])
      expect(isUiComponent(name), name).toBe(false);
  });

  it("has a tone schema with exactly five tones", () => {
    expect(UiToneSchema.options).toEqual(["neutral", "info", "success", "warning", "danger"]);
    expect(parse("Callout", { tone: "error" }).success).toBe(false);
    expect(parse("Tag", { tone: "Danger" }).success).toBe(false);
    expect(parse("Stat", { label: "a", value: 1, tone: "red" }).success).toBe(false);
    expect(parse("Entry", { title: "a", tone: "" }).success).toBe(false);
  });
});

describe("child, parent, binding and action rules", () => {
  it("name only components that exist", () => {
    for (const [name, entry] of Object.entries(ENTRIES)) {
      const rule = entry.children;
      if (rule.kind === "content" && rule.components !== "any")
        for (const child of rule.components) expect(isUiComponent(child), `${name} > ${child}`).toBe(true);
      for (const parent of entry.parents ?? []) expect(isUiComponent(parent), `${name} < ${parent}`).toBe(true);
    }
  });

  it("list every component that needs a parent among that parent's children, and nowhere else by name", () => {
    const namedChildren = (name: string): readonly string[] => {
      const rule = ENTRIES[name]?.children;
      return rule?.kind === "content" && rule.components !== "any" ? rule.components : [];
    };
    for (const [name, entry] of Object.entries(ENTRIES)) {
      const parents = entry.parents ?? [];
      for (const parent of parents) expect(namedChildren(parent), `${parent} > ${name}`).toContain(name);
      if (parents.length === 0) continue;
      for (const other of UI_COMPONENT_NAMES)
        if (namedChildren(other).includes(name)) expect(parents, `${other} lists ${name}`).toContain(other);
    }
  });

  it("give the parents the brief fixes", () => {
    const parentsOf = (name: UiComponentName) => ENTRIES[name]?.parents;
    expect(parentsOf("Stat")).toEqual(["Stats"]);
    expect(parentsOf("Step")).toEqual(["Steps"]);
    expect(parentsOf("Entry")).toEqual(["EntityList"]);
    expect(parentsOf("Column")).toEqual(["Table"]);
    expect(parentsOf("Tab")).toEqual(["Tabs"]);
    expect(parentsOf("Section")).toEqual(["Sections"]);
    expect(parentsOf("Item")).toEqual(["Checklist"]);
    expect(parentsOf("Option")).toEqual(["Segmented"]);
    expect(parentsOf("Source")).toEqual(["Sources"]);
    expect(parentsOf("Choice")).toEqual(["Choices"]);
    const withParents = UI_COMPONENT_NAMES.filter((name) => parentsOf(name) !== undefined).sort();
    expect(withParents).toEqual(["Choice", "Column", "Entry", "Item", "Option", "Section", "Source", "Stat", "Step", "Tab"]);
  });

  it("give the child rules the brief fixes", () => {
    expect(UI_CATALOG.Stats.children).toEqual({ kind: "content", text: false, components: ["Stat"] });
    expect(UI_CATALOG.Table.children).toEqual({ kind: "content", text: false, components: ["Column"] });
    expect(UI_CATALOG.Tabs.children).toEqual({ kind: "content", text: false, components: ["Tab"] });
    for (const name of ["Tab", "Section", "Show", "Each"] as const)
      expect(UI_CATALOG[name].children).toMatchObject({ kind: "content", components: "any" });
    // Running text takes a Tag and the host-link chips inline; a Tag itself takes only text.
    for (const name of ["Summary", "Callout", "Step", "Entry"] as const)
      expect(UI_CATALOG[name].children).toEqual({ kind: "content", text: true, components: ["Tag", "File", "Diff", "Commit", "Node"] });
    expect(UI_CATALOG.Tag.children).toEqual({ kind: "content", text: true, components: [] });
    expect(UI_CATALOG.Entry.children).toEqual({ kind: "content", text: true, components: ["Tag", "File", "Diff", "Commit", "Node"] });
    expect(UI_CATALOG.CodeBlock.children).toEqual({ kind: "literal" });
    expect(UI_CATALOG.Diagram.children).toEqual({ kind: "literal" });
  });

  it("mark bindable, action and transparent props that exist in the schemas", () => {
    const bindable: string[] = [];
    const actions: string[] = [];
    const transparent: string[] = [];
    for (const [name, entry] of Object.entries(ENTRIES)) {
      const keys = Object.keys(entry.schema.shape);
      for (const prop of entry.bindable ?? []) {
        expect(keys, `${name}.${prop}`).toContain(prop);
        bindable.push(`${name}.${prop}`);
      }
      for (const prop of entry.actions ?? []) {
        expect(keys, `${name}.${prop}`).toContain(prop);
        actions.push(`${name}.${prop}`);
      }
      if (entry.transparent) transparent.push(name);
    }
    expect(bindable.sort()).toEqual(["Checklist.value", "Item.checked", "NumberField.value", "Segmented.value", "Slider.value", "Switch.value", "TextField.value"]);
    expect(actions).toEqual(["Choice.run"]);
    expect(transparent.sort()).toEqual(["Each", "Show"]);
  });

  it("describe which children each component takes", () => {
    for (const name of UI_COMPONENT_NAMES) {
      const { children, description } = UI_CATALOG[name];
      if (children.kind === "none") expect(description, name).toMatch(/No children/);
      if (children.kind === "literal") expect(description, name).toMatch(/literal/);
      if (children.kind === "content" && children.components !== "any")
        for (const child of children.components) expect(description, name).toContain(`<${child}>`);
      if (children.kind === "content" && children.components === "any") expect(description, name).toMatch(/any components/);
    }
  });
});

describe("component schemas", () => {
  it("clamps Progress to 0–100 and reads numeric strings", () => {
    expect(parse("Progress", { value: 150 }).data).toEqual({ value: 100 });
    expect(parse("Progress", { value: -5 }).data).toEqual({ value: 0 });
    expect(parse("Progress", { value: " 42.5 " }).data).toEqual({ value: 42.5 });
    expect(parse("Progress", { value: "half" }).success).toBe(false);
    expect(parse("Progress", { value: Number.NaN }).success).toBe(false);
    // Null is a value not known yet (a query loading): drawn as "—", not refused.
    expect(parse("Progress", { value: null }).data).toEqual({ value: null });
  });

  it("refuses statuses, presentations and chart kinds outside their lists", () => {
    expect(parse("Step", { title: "a", status: "running" }).success).toBe(false);
    expect(parse("Step", { title: "a", status: "failed" }).success).toBe(true);
    expect(parse("Column", { field: "a", presentation: "html" }).success).toBe(false);
    expect(parse("Chart", { kind: "scatter", rows: [] }).success).toBe(false);
  });

  it("takes Stat values as numbers, text or null, and deltas as numbers or numeric text", () => {
    expect(parse("Stat", { label: "a", value: "ok" }).success).toBe(true);
    expect(parse("Stat", { label: "a", value: null }).data).toEqual({ label: "a", value: null });
    expect(parse("Stat", { label: "a", value: 1, delta: "+3" }).data).toEqual({ label: "a", value: 1, delta: 3 });
    expect(parse("Stat", { label: "a", value: 1, delta: "+12%" }).data).toEqual({ label: "a", value: 1, delta: "+12%" });
    expect(parse("Stat", { label: "a", value: 1, delta: "-3 ms" }).data).toEqual({ label: "a", value: 1, delta: "-3 ms" });
    // A delta that is not a change is dropped; the figure itself still stands.
    expect(parse("Stat", { label: "a", value: 1, delta: "up" }).data).toEqual({ label: "a", value: 1, delta: null });
    expect(parse("Stat", { label: "a", value: 1, delta: [1] }).data).toEqual({ label: "a", value: 1, delta: null });
    expect(parse("Stat", { label: "a", value: 1, better: "lower" }).success).toBe(true);
    expect(parse("Stat", { label: "a", value: 1, better: "smaller" }).success).toBe(false);
    expect(parse("Stat", { label: "a", value: Number.POSITIVE_INFINITY }).success).toBe(false);
    expect(parse("Stat", { label: "a", value: [1] }).success).toBe(false);
    expect(parse("Stat", { label: "x".repeat(201), value: 1 }).success).toBe(false);
  });

  it("takes Table rows as a list of records, null as no rows", () => {
    expect(parse("Table", { rows: [] }).success).toBe(true);
    expect(parse("Table", { rows: null }).data).toEqual({ rows: [] });
    expect(parse("Table", { rows: [1, 2] }).success).toBe(false);
    expect(parse("Table", { rows: { a: 1 } }).success).toBe(false);
    expect(parse("Table", { rows: "a,b" }).success).toBe(false);
    expect(parse("Table", { rows: [], sortable: "true", filterable: "false" }).data).toEqual({ rows: [], sortable: true, filterable: false });
    expect(parse("Table", { rows: [], sortable: "yes" }).success).toBe(false);
  });

  it("never lets a prototype key of a row reach the renderer", () => {
    const result = parse("Table", { rows: JSON.parse('[{"__proto__": {"polluted": 1}, "a": 1}]') });
    if (result.success) {
      const row = (result.data as { rows: Record<string, unknown>[] }).rows[0]!;
      expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
      expect(Object.keys(row)).toEqual(["a"]);
    }
    expect(parse("Column", { field: "__proto__" }).success).toBe(false);
    expect(parse("Column", { field: "constructor" }).success).toBe(false);
  });

  it("refuses as an Each name exactly the words the expression parser cannot read as a local", () => {
    const words = [...UI_RESERVED_NAMES, ...UI_LITERAL_NAMES.keys(), "run", "row_2", "_", "item", "$x", "2nd", "constructor", "prototype", "__proto__"];
    for (const word of words) {
      let readAsLocal: boolean;
      try {
        readAsLocal = parseUiExpression(word).kind === "local";
      } catch {
        readAsLocal = false;
      }
      expect(UI_CATALOG.Each.schema.shape.as.safeParse(word).success, word).toBe(readAsLocal);
    }
    expect(UI_RESERVED_NAMES.has("undefined")).toBe(true);
  });

  it("takes Chart rows with a label and numeric fields", () => {
    expect(parse("Chart", { kind: "bar", rows: [{ label: "a", n: 1 }, { label: 2, n: null }] }).success).toBe(true);
    expect(parse("Chart", { kind: "bar", rows: [{ n: 1 }] }).success).toBe(false);
    expect(parse("Chart", { kind: "bar", rows: [{ label: "a", n: "1" }] }).success).toBe(false);
    expect(parse("Chart", { kind: "pie", rows: [{ label: "a", n: 1, note: "x" }], series: "n" }).data).toMatchObject({ series: ["n"] });
    expect(parse("Chart", { kind: "pie", rows: [{ label: "a", n: 1, note: "x" }], series: ["note"] }).success).toBe(false);
    expect(parse("Chart", { kind: "line", rows: [{ label: "a", n: 1 }], series: "n, m" }).success).toBe(false);
    expect(parse("Chart", { kind: "line", rows: null }).success).toBe(true);
    expect(parse("Chart", { kind: "line", rows: [], height: 5000 }).data).toMatchObject({ height: 640 });
    expect(parse("Chart", { kind: "line", rows: [], height: "10" }).data).toMatchObject({ height: 120 });
  });

  it("takes Chart marks: at most the cap, each exactly one of x (a row's label) and y (a number), with an optional label", () => {
    const chart = (marks: unknown) => parse("Chart", { kind: "line", rows: [{ label: "Mon", n: 1 }], marks });
    expect(chart([{ x: "Mon", label: "v2.1" }, { y: 500, label: "SLO" }, { x: 2024 }]).data).toMatchObject({
      marks: [{ x: "Mon", label: "v2.1" }, { y: 500, label: "SLO" }, { x: 2024 }],
    });
    // Null is no marks yet (a query loading), as for rows.
    expect(chart(null).data).toMatchObject({ marks: [] });
    expect(chart([{ y: 1, label: null }]).success).toBe(true);
    expect(chart(Array.from({ length: UI_PROP_LIMITS.chartMarks }, (_, index) => ({ y: index }))).success).toBe(true);
    expect(chart(Array.from({ length: UI_PROP_LIMITS.chartMarks + 1 }, (_, index) => ({ y: index }))).success).toBe(false);
    for (const bad of [[{ x: "Mon", y: 1 }], [{}], [{ label: "x" }], [{ y: "500" }], [{ x: true }], [{ x: ["Mon"] }], [{ y: 1, tone: "danger" }], [{ y: 1, label: 3 }], [{ y: 1, label: "x".repeat(201) }], { y: 1 }, "Mon", [1]])
      expect(chart(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it("takes Graph nodes with an id or ref, tones among the five, edges with both ends, and a direction", () => {
    const graph = (props: Record<string, unknown>) => parse("Graph", { nodes: [{ id: "a" }], ...props });
    expect(graph({ nodes: [{ ref: "service:api", kind: "service", title: "API", direction: "self", edge: "" }] }).success).toBe(true);
    expect(graph({ nodes: [{ id: 7, label: "seven", tone: null, extra: [1] }] }).success).toBe(true);
    expect(graph({ nodes: null }).data).toEqual({ nodes: [] });
    expect(graph({ edges: null }).data).toEqual({ nodes: [{ id: "a" }], edges: [] });
    expect(graph({ edges: [{ from: "a", to: "b" }, { from: 1, to: "a", label: "x" }] }).success).toBe(true);
    for (const nodes of [[{ label: "no id" }], [{ id: "" }], [{ id: true }], [{ id: "a", label: 3 }], [{ id: "a", tone: "red" }], [{ id: "a", title: "x".repeat(201) }], ["a"], { id: "a" }])
      expect(graph({ nodes }).success, JSON.stringify(nodes)).toBe(false);
    for (const edges of [[{ from: "a" }], [{ to: "a" }], [{ from: "a", to: null }], [{ from: "a", to: "b", label: 1 }], ["a->b"]])
      expect(graph({ edges }).success, JSON.stringify(edges)).toBe(false);
    expect(graph({ direction: "down" }).success).toBe(true);
    expect(graph({ direction: "left" }).success).toBe(false);
    expect(parse("Graph", {}).success).toBe(false);
  });

  it("checks a NumberField's bounds, step and value, reading numeric text", () => {
    expect(parse("NumberField", { label: "a", value: "12.5", min: "0", step: "0.5" }).data).toEqual({ label: "a", value: 12.5, min: 0, step: 0.5 });
    expect(parse("NumberField", { label: "a", value: -3 }).success).toBe(true);
    expect(parse("NumberField", { label: "a", value: 5, min: 5, max: 5 }).success).toBe(true);
    expect(parse("NumberField", { label: "a", value: 5, min: 6, max: 5 }).success).toBe(false);
    expect(parse("NumberField", { label: "a", value: 4, min: 5 }).success).toBe(false);
    expect(parse("NumberField", { label: "a", value: 6, max: 5 }).success).toBe(false);
    expect(parse("NumberField", { label: "a", value: 5, step: 0 }).success).toBe(false);
    expect(parse("NumberField", { label: "a", value: 5, step: -1 }).success).toBe(false);
    for (const value of ["five", "", "1e999", Number.POSITIVE_INFINITY, Number.NaN, null, true, [5]])
      expect(parse("NumberField", { label: "a", value }).success, String(value)).toBe(false);
    expect(parse("NumberField", { value: 1 }).success).toBe(false);
  });

  it("takes Image with exactly one of attachment and generated=\"latest\", never a URL or path", () => {
    expect(parse("Image", { attachment: "att_123-abc" }).success).toBe(true);
    expect(parse("Image", { generated: "latest" }).success).toBe(true);
    expect(parse("Image", { attachment: "att_1", generated: "latest" }).success).toBe(false);
    expect(parse("Image", { alt: "nothing" }).success).toBe(false);
    expect(parse("Image", { generated: "first" }).success).toBe(false);
    for (const attachment of ["https://example.com/a.png", "/etc/passwd", "../a.png", "a.png", "C:\\a.png", "data:image/png;base64,AA", ""])
      expect(parse("Image", { attachment }).success, attachment).toBe(false);
    expect(parse("Image", { url: "https://example.com/a.png" }).success).toBe(false);
    expect(parse("Image", { src: "a.png", generated: "latest" }).success).toBe(false);
  });

  it("takes Source hrefs over http and https only, normalised", () => {
    const href = (value: unknown) => parse("Source", { title: "t", href: value });
    expect(href("https://example.com/a?b=1").data).toEqual({ title: "t", href: "https://example.com/a?b=1" });
    expect(href("  HTTP://Example.COM  ").data).toEqual({ title: "t", href: "http://example.com/" });
    expect(href("https://example.com/<script>").data).toEqual({ title: "t", href: "https://example.com/%3Cscript%3E" });
    for (const bad of [
      "javascript:alert(1)",
      " JaVaScRiPt:alert(1)",
      "\tjavascript:alert(1)",
      "java\nscript:alert(1)",
      "java\u0000script:alert(1)",
      "https://exa\u200Bmple.com",
      "https://example.com/\u202Egnp.exe",
      "data:text/html,<b>x</b>",
      "vbscript:x",
      "file:///etc/passwd",
      "ftp://example.com",
      "//example.com",
      "/relative/path",
      "example.com",
      "https://user:pass@example.com",
      "https://bank.example@evil.example",
      "",
      "https://" + "a".repeat(2_100) + ".com",
      42,
    ])
      expect(href(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it("checks Each, Show, Slider, Segmented and TextField values", () => {
    expect(parse("Each", { items: null, as: "row" }).data).toEqual({ items: [], as: "row" });
    expect(parse("Each", { items: "abc", as: "row" }).success).toBe(false);
    for (const as of ["1row", "a-b", "$row", "__proto__", "constructor", "true", "null", "new", "undefined", "", "a b"])
      expect(parse("Each", { items: [], as }).success, as).toBe(false);
    expect(parse("Show", { when: "true" }).success).toBe(false);
    expect(parse("Show", { when: 1 }).success).toBe(false);
    expect(parse("Show", { when: null }).success).toBe(false);
    expect(parse("Slider", { label: "a", min: "0", max: "10", step: "0.5", value: "3" }).data).toEqual({ label: "a", min: 0, max: 10, step: 0.5, value: 3 });
    expect(parse("Slider", { label: "a", min: 5, max: 5, value: 5 }).success).toBe(false);
    expect(parse("Slider", { label: "a", min: 10, max: 0, value: 5 }).success).toBe(false);
    expect(parse("Slider", { label: "a", min: 0, max: 10, value: 11 }).success).toBe(false);
    expect(parse("Slider", { label: "a", min: 0, max: 10, value: 5, step: 0 }).success).toBe(false);
    expect(parse("Slider", { label: "a", min: 0, max: 10, value: 5, step: 20 }).success).toBe(false);
    expect(parse("Slider", { label: "a", min: "0x10", max: 100, value: 5 }).success).toBe(false);
    expect(parse("Slider", { label: "a", min: "", max: 100, value: 5 }).success).toBe(false);
    expect(parse("Slider", { label: "a", min: "1e999", max: 100, value: 5 }).success).toBe(false);
    expect(parse("Segmented", { value: 7 }).success).toBe(true);
    expect(parse("Segmented", { value: true }).success).toBe(false);
    expect(parse("TextField", { label: "a", value: 3 }).success).toBe(false);
    expect(parse("TextField", { label: "a", value: "x".repeat(10_001) }).success).toBe(false);
    expect(parse("Switch", { label: "a", value: "false" }).data).toEqual({ label: "a", value: false });
    expect(parse("Switch", { label: "a", value: null }).success).toBe(false);
    expect(parse("Item", { label: "a", checked: 1 }).success).toBe(false);
  });

  it("checks choice ids, host links and code", () => {
    for (const id of ["rerun", "step_2", "a-b"]) expect(parse("Choice", { id, label: "x" }).success, id).toBe(true);
    for (const id of ["", "a b", "a.b", "constructor", "__proto__", "x".repeat(65)])
      expect(parse("Choice", { id, label: "x" }).success, id).toBe(false);
    expect(parse("Choice", { id: "a", label: "x", disabled: "true" }).data).toMatchObject({ disabled: true });
    expect(parse("File", { path: "src/a.ts", line: "12" }).data).toEqual({ path: "src/a.ts", line: 12 });
    expect(parse("File", { path: "src/a.ts", line: 0 }).success).toBe(false);
    expect(parse("File", { path: "src/a.ts", line: 1.5 }).success).toBe(false);
    expect(parse("File", { path: "" }).success).toBe(false);
    expect(parse("File", { path: "src/\u0000a" }).success).toBe(false);
    expect(parse("Commit", { sha: "A1B2C3D4" }).success).toBe(true);
    expect(parse("Commit", { sha: "main" }).success).toBe(false);
    expect(parse("Diff", {}).success).toBe(true);
    expect(parse("Diff", { base: "main; rm -rf /" }).success).toBe(false);
    expect(parse("Node", { ref: "a b" }).success).toBe(false);
    expect(parse("CodeBlock", { lang: "c++" }).data).toEqual({ code: "", lang: "c++" });
    expect(parse("CodeBlock", { lang: "<script>" }).success).toBe(false);
    expect(parse("CodeBlock", { code: "x".repeat(100_001) }).success).toBe(false);
  });
});
