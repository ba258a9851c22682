import { describe, expect, it, vi } from "vitest";
import { UI_CATALOG, UI_COMPONENT_NAMES } from "../catalog/catalog";
import type { UiCatalogEntry } from "../catalog/entry";
import type { UiNode } from "../envelope/schema";
import type { UiValue } from "../expression/value";
import { UiState } from "../state/ui-state";
import { evaluateUiBlock } from "./evaluate-block";
import { blockBuilder } from "./testing/block-builder";
import type { UiViewNode } from "./view-node";

/** Every view node of a tree, depth first. */
function flatten(nodes: readonly UiViewNode[]): UiViewNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

/** Valid static props of every component, for the "every kind renders" test. */
const SAMPLE_PROPS: Record<string, { [prop: string]: UiValue }> = {
  Summary: {},
  Callout: { tone: "warning", title: "Careful" },
  Tag: { tone: "success" },
  Progress: { value: 40, label: "Upload" },
  Steps: {},
  Step: { title: "Build", status: "done" },
  Stats: {},
  Stat: { label: "Failed", value: 3, unit: "tests", delta: -1 },
  EntityList: {},
  Entry: { title: "billing", subtitle: "service" },
  Table: { rows: [{ name: "a", ms: 12 }] },
  Column: { field: "name", title: "Name" },
  Chart: { kind: "bar", rows: [{ label: "Mon", passed: 3 }] },
  Tabs: {},
  Tab: { label: "One" },
  Sections: {},
  Section: { title: "Details", open: true },
  CodeBlock: { code: "const a = 1;", lang: "ts" },
  Diagram: { code: "graph TD; A-->B" },
  Graph: { nodes: [{ id: "web" }, { id: "api" }], edges: [{ from: "web", to: "api" }] },
  Image: { attachment: "att_1", alt: "a chart" },
  Sources: {},
  Source: { title: "Docs", href: "https://example.com/docs" },
  File: { path: "src/app.ts", line: 3 },
  Diff: { path: "src/app.ts", base: "main", head: "feature" },
  Commit: { sha: "4f2a9c1" },
  Node: { ref: "service:billing" },
  Checklist: {},
  Item: { label: "Write tests", checked: false },
  Switch: { label: "Failed only", value: true },
  Slider: { label: "Limit", min: 0, max: 10, value: 5 },
  Segmented: { value: "week" },
  Option: { value: "week", label: "Week" },
  TextField: { label: "Note", value: "" },
  NumberField: { label: "Budget", value: 500, min: 0, step: 50 },
  Choices: {},
  Choice: { id: "next", label: "Next" },
};

describe("evaluateUiBlock: components", () => {
  it("renders every catalog component with valid props as itself", () => {
    const entry = (name: string): UiCatalogEntry => (UI_CATALOG as Record<string, UiCatalogEntry>)[name]!;
    const drawn = UI_COMPONENT_NAMES.filter((name) => !entry(name).transparent);
    expect(Object.keys(SAMPLE_PROPS).sort()).toEqual([...drawn].sort());
    const { element, text, block } = blockBuilder();
    const nodes = drawn.map((name) =>
      element(name, { props: SAMPLE_PROPS[name] }, (({ children }) => children.kind === "content" && children.text)(entry(name)) ? [text("hello")] : []),
    );
    const evaluation = evaluateUiBlock(block(nodes));
    expect(evaluation.diagnostics).toEqual([]);
    expect(evaluation.supported).toBe(true);
    expect(evaluation.nodes.map((node) => node.type)).toEqual(drawn);
    for (const node of evaluation.nodes) expect(node.props, node.type).toMatchObject(SAMPLE_PROPS[node.type]!);
  });

  it("merges static props with evaluated expressions and keeps the schema's output", () => {
    const { element, block, state } = blockBuilder();
    const evaluation = evaluateUiBlock(
      block(
        [
          element("Progress", { props: { label: "Done" }, expressions: { value: "$done * 50" } }),
          element("Stat", { props: { label: "Ratio" }, expressions: { value: "@Round($done / 3, 2)", tone: '$done > 2 ? "danger" : "success"' } }),
        ],
        [state("done", 3)],
      ),
    );
    expect(evaluation.diagnostics).toEqual([]);
    expect(evaluation.nodes[0]!.props).toEqual({ label: "Done", value: 100 });
    expect(evaluation.nodes[1]!.props).toEqual({ label: "Ratio", value: 1, tone: "danger" });
  });

  it("keeps #text and turns #expression into #text with the value as text", () => {
    const { element, text, interpolation, block, state } = blockBuilder();
    const evaluation = evaluateUiBlock(
      block(
        [
          element("Summary", {}, [
            interpolation("@Count($runs)"),
            text(" runs: "),
            interpolation("$names"),
            interpolation("$missing"),
            interpolation('$flag ? "yes" : "no"'),
          ]),
        ],
        [state("runs", [1, 2, 3]), state("names", ["a", "b"]), state("missing", null), state("flag", true)],
      ),
    );
    expect(evaluation.nodes[0]!.children.map((child) => [child.type, child.props.text])).toEqual([
      ["#text", "3"],
      ["#text", " runs: "],
      ["#text", "a, b"],
      // A null value in text is a known unknown: a dash, not a hole in the sentence.
      ["#text", "—"],
      ["#text", "yes"],
    ]);
  });

  it("replaces an element with invalid props by a #fallback with a diagnostic, and its siblings still render", () => {
    const { element, text, block } = blockBuilder();
    const bad = element("Callout", { props: { tone: "purple" } }, [text("Deploy failed")]);
    const missing = element("Stat", { props: { label: "No value" } });
    const good = element("Tag", {}, [text("ok")]);
    const evaluation = evaluateUiBlock(block([bad, missing, good]));
    expect(evaluation.nodes.map((node) => node.type)).toEqual(["#fallback", "#fallback", "Tag"]);
    expect(evaluation.nodes[0]!.props.type).toBe("Callout");
    expect(evaluation.nodes[0]!.props.text).toContain("Deploy failed");
    expect(evaluation.nodes[0]!.children).toEqual([]);
    expect(evaluation.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.nodeId])).toEqual([
      ["invalid_prop", bad.id],
      ["missing_prop", missing.id],
    ]);
  });

  it("falls back when an expression prop fails, with the failure's code", () => {
    const { element, block, state } = blockBuilder();
    const node = element("Stat", { props: { label: "x" }, expressions: { value: '$name * 2' } });
    const evaluation = evaluateUiBlock(block([node], [state("name", "a")]));
    expect(evaluation.nodes[0]!.type).toBe("#fallback");
    expect(evaluation.diagnostics).toMatchObject([{ code: "type_mismatch", nodeId: node.id }]);
    // The fallback still reads as a figure: its label, and a placeholder where the value could not be computed.
    expect(evaluation.nodes[0]!.props.text).toBe("x: …");
  });

  it("shows an unknown component as the text of its children", () => {
    const { element, text, block } = blockBuilder();
    const unknown = element("Card", { props: { title: "x" } }, [element("Summary", {}, [text("inside")])]);
    const evaluation = evaluateUiBlock(block([unknown]));
    expect(evaluation.nodes).toHaveLength(1);
    expect(evaluation.nodes[0]).toMatchObject({ type: "#fallback", props: { type: "Card" } });
    expect(evaluation.nodes[0]!.props.text).toContain("inside");
    expect(evaluation.diagnostics).toMatchObject([{ code: "unknown_component", nodeId: unknown.id }]);
  });

  it("shows every node of an unknown catalog version as its fallback, with one diagnostic", () => {
    const { element, text, block } = blockBuilder();
    const evaluation = evaluateUiBlock(
      block([element("Summary", {}, [text("one")]), element("Hologram", {}, [text("two")])], [], { catalog: "9" }),
    );
    expect(evaluation.supported).toBe(false);
    expect(evaluation.nodes.map((node) => [node.type, node.props.type])).toEqual([
      ["#fallback", "Summary"],
      ["#fallback", "Hologram"],
    ]);
    expect(evaluation.nodes[0]!.props.text).toContain("one");
    expect(evaluation.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["unknown_catalog"]);
  });

  it("reads query variables from what setQuery stored, null until then, and never performs a query", () => {
    const { element, block, query, interpolation } = blockBuilder();
    const definition = block([element("Summary", {}, [interpolation('$runs === null ? "" : @Count($runs)')])], [query("runs", "tests")]);
    const state = new UiState(definition);
    expect(evaluateUiBlock(definition, state).nodes[0]!.children[0]!.props.text).toBe("");
    state.setQuery("runs", [1, 2], definition);
    expect(evaluateUiBlock(definition, state).nodes[0]!.children[0]!.props.text).toBe("2");
  });

  it("includes the diagnostics of failing computed values", () => {
    const { block, computed, state } = blockBuilder();
    const definition = block([], [state("x", 1), computed("a", "$b"), computed("b", "$a")]);
    const evaluation = evaluateUiBlock(definition, new UiState(definition));
    expect(evaluation.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["computed_cycle", "computed_cycle"]);
  });

  it("reports a state that belongs to another block or was not synced", () => {
    const builder = blockBuilder();
    const definition = builder.block([], [builder.state("x", 1)]);
    expect(evaluateUiBlock(definition, new UiState(blockBuilder("other").block([]))).diagnostics[0]?.code).toBe("stale_state");
    const state = new UiState(builder.block([], [builder.state("x", 2)]));
    expect(evaluateUiBlock(definition, state).diagnostics[0]?.code).toBe("stale_state");
    state.sync(definition);
    expect(evaluateUiBlock(definition, state).diagnostics).toEqual([]);
  });
});

describe("evaluateUiBlock: Show and Each", () => {
  it("resolves Show: children appear while `when` is true, and Show itself never does", () => {
    const builder = blockBuilder();
    const inside = builder.element("Tag", {}, [builder.text("shown")]);
    const definition = builder.block(
      [builder.element("Show", { expressions: { when: "$on" } }, [inside]), builder.element("Show", { props: { when: true } }, [builder.text("flag")])],
      [builder.state("on", false)],
    );
    const state = new UiState(definition);
    expect(evaluateUiBlock(definition, state).nodes.map((node) => node.type)).toEqual(["#text"]);
    state.set("on", true);
    const shown = evaluateUiBlock(definition, state);
    expect(shown.nodes.map((node) => node.id)).toEqual([inside.id, expect.any(String)]);
    expect(shown.nodes[0]!.type).toBe("Tag");
  });

  it("hides a Show whose `when` is not a boolean, with a diagnostic once it is complete", () => {
    const builder = blockBuilder();
    const complete = builder.element("Show", { expressions: { when: "$count" } }, [builder.text("x")]);
    const streaming = builder.element("Show", { complete: false }, [builder.text("y")]);
    const evaluation = evaluateUiBlock(builder.block([complete, streaming], [builder.state("count", 1)], { complete: false }));
    expect(evaluation.nodes).toEqual([]);
    expect(evaluation.diagnostics).toMatchObject([{ code: "invalid_prop", nodeId: complete.id }]);
  });

  it("repeats Each's children with the local bound, suffixed ids and the compiled id as sourceId", () => {
    const builder = blockBuilder();
    const entry = builder.element("Entry", { expressions: { title: "run.name" } });
    const definition = builder.block(
      [builder.element("EntityList", {}, [builder.element("Each", { expressions: { items: "$runs" }, props: { as: "run" } }, [entry])])],
      [builder.state("runs", [{ name: "a" }, { name: "b" }])],
    );
    const list = evaluateUiBlock(definition).nodes[0]!;
    expect(list.children.map((child) => [child.id, child.sourceId, child.props.title])).toEqual([
      [`${entry.id}#0`, entry.id, "a"],
      [`${entry.id}#1`, entry.id, "b"],
    ]);
  });

  it("nests Each, appending one suffix per level, and lets inner expressions read outer locals", () => {
    const builder = blockBuilder();
    const cell = builder.interpolation('group.name + ":" + item');
    const definition = builder.block(
      [
        builder.element("Summary", {}, [
          builder.element("Each", { expressions: { items: "$groups" }, props: { as: "group" } }, [
            builder.element("Each", { expressions: { items: "group.items" }, props: { as: "item" } }, [cell]),
          ]),
        ]),
      ],
      [builder.state("groups", [{ name: "g0", items: ["x", "y"] }, { name: "g1", items: ["z"] }])],
    );
    const summary = evaluateUiBlock(definition).nodes[0]!;
    expect(summary.children.map((child) => [child.id, child.sourceId, child.props.text])).toEqual([
      [`${cell.id}#0#0`, cell.id, "g0:x"],
      [`${cell.id}#0#1`, cell.id, "g0:y"],
      [`${cell.id}#1#0`, cell.id, "g1:z"],
    ]);
  });

  it("repeats nothing for an Each whose props are bad, with a diagnostic once it is complete", () => {
    const builder = blockBuilder();
    const bad = builder.element("Each", { expressions: { items: "3" }, props: { as: "x" } }, [builder.text("a")]);
    const badName = builder.element("Each", { expressions: { items: "[1]" }, props: { as: "__proto__" } }, [builder.text("b")]);
    const streaming = builder.element("Each", { expressions: { items: "[1]" }, complete: false }, [builder.text("c")]);
    const evaluation = evaluateUiBlock(builder.block([bad, badName, streaming], [], { complete: false }));
    expect(evaluation.nodes).toEqual([]);
    expect(evaluation.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.nodeId])).toEqual([
      ["invalid_prop", bad.id],
      ["invalid_prop", badName.id],
    ]);
  });

  it("stands one #pending node for an Each over a query that has not answered, and repeats nothing over an answered null", () => {
    const builder = blockBuilder();
    const definition = builder.block(
      [builder.element("Each", { expressions: { items: "$runs" }, props: { as: "run" } }, [builder.interpolation("run")])],
      [builder.query("runs", "tests")],
    );
    const waiting = evaluateUiBlock(definition);
    expect(waiting.nodes.map((node) => [node.type, node.props.type, node.pending])).toEqual([["#pending", "Each", ["runs"]]]);
    expect(waiting.diagnostics).toEqual([]);
    const state = new UiState(definition);
    state.setQuery("runs", null, definition);
    const answered = evaluateUiBlock(definition, state);
    expect(answered.nodes).toEqual([]);
    expect(answered.diagnostics).toEqual([]);
  });

  it("refuses an Each over a million items before allocating anything for them, and renders its siblings", () => {
    const builder = blockBuilder();
    const definition = builder.block(
      [
        builder.element("Each", { expressions: { items: "$many" }, props: { as: "item" } }, [builder.element("Tag", {}, [builder.interpolation("item")])]),
        builder.element("Each", { expressions: { items: "$few" }, props: { as: "item" } }, [builder.interpolation("item")]),
      ],
      [builder.query("many", "big"), builder.state("few", [1, 2])],
    );
    // The state's own bounds let it hold the data; the evaluation's default bounds refuse to repeat it.
    const state = new UiState(definition, { limits: { steps: 10_000_000, elapsedMs: 60_000 } });
    state.setQuery("many", new Array(1_000_000).fill(0), definition);
    const started = performance.now();
    const evaluation = evaluateUiBlock(definition, state);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(evaluation.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["budget_iterations"]);
    expect(evaluation.nodes.map((node) => node.props.text)).toEqual(["1", "2"]);
  });

  it("reserves iterations across nested Each against the limit", () => {
    const builder = blockBuilder();
    const definition = builder.block(
      [
        builder.element("Each", { expressions: { items: "[1, 2, 3]" }, props: { as: "outer" } }, [
          builder.element("Each", { expressions: { items: "[1, 2, 3]" }, props: { as: "inner" } }, [builder.interpolation("outer * inner")]),
        ]),
      ],
      [],
    );
    expect(evaluateUiBlock(definition, undefined, { iterations: 12 }).nodes).toHaveLength(9);
    const limited = evaluateUiBlock(definition, undefined, { iterations: 8 });
    expect(limited.nodes.length).toBeLessThan(9);
    expect(limited.diagnostics.map((diagnostic) => diagnostic.code)).toContain("budget_iterations");
  });
});

describe("evaluateUiBlock: bindings and actions", () => {
  const builder = blockBuilder();
  const switchNode = builder.element("Switch", { props: { label: "On" }, bindings: { value: "on" } });
  const slider = builder.element("Slider", { props: { label: "Limit", min: 0, max: 10, step: 2 }, bindings: { value: "limit" } });
  const segmented = builder.element("Segmented", { bindings: { value: "period" } }, [
    builder.element("Option", { props: { value: "week", label: "Week" } }),
    builder.element("Show", { expressions: { when: "$on" } }, [builder.element("Option", { props: { value: "year", label: "Year" } })]),
  ]);
  const streaming = builder.element("TextField", { props: { label: "Note" }, bindings: { value: "note" }, complete: false });
  const definition = builder.block(
    [switchNode, slider, segmented, streaming],
    [builder.state("on", false), builder.state("limit", 4), builder.state("period", "week"), builder.state("note", "")],
    { complete: false },
  );

  it("exposes each bound prop with its variable and value", () => {
    const state = new UiState(definition);
    const [drawnSwitch, drawnSlider] = evaluateUiBlock(definition, state).nodes;
    expect(drawnSwitch!.props.value).toBe(false);
    expect(drawnSwitch!.bindings.value).toMatchObject({ variable: "on", value: false });
    expect(drawnSlider!.bindings.value).toMatchObject({ variable: "limit", value: 4 });
  });

  it("changes state through set when the new value passes the schema and the control", () => {
    const state = new UiState(definition);
    const listener = vi.fn();
    state.subscribe(listener);
    const [drawnSwitch, drawnSlider] = evaluateUiBlock(definition, state).nodes;
    expect(drawnSwitch!.bindings.value!.set(true)).toBe(true);
    expect(drawnSlider!.bindings.value!.set(8)).toBe(true);
    expect(state.scope()).toMatchObject({ on: true, limit: 8 });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("refuses values that fail the schema, the control's rules or the variable's type, without throwing", () => {
    const state = new UiState(definition);
    const [drawnSwitch, drawnSlider, drawnSegmented] = evaluateUiBlock(definition, state).nodes;
    expect(drawnSwitch!.bindings.value!.set("yes")).toBe(false);
    expect(drawnSwitch!.bindings.value!.set("true")).toBe(false);
    expect(drawnSlider!.bindings.value!.set(11)).toBe(false);
    expect(drawnSlider!.bindings.value!.set(3)).toBe(false);
    expect(drawnSlider!.bindings.value!.set(Number.POSITIVE_INFINITY)).toBe(false);
    expect(drawnSegmented!.bindings.value!.set("year")).toBe(false);
    expect(drawnSegmented!.bindings.value!.set("week")).toBe(true);
    const getter = vi.fn(() => true);
    expect(drawnSwitch!.bindings.value!.set(Object.defineProperty({}, "x", { get: getter, enumerable: true }))).toBe(false);
    expect(getter).not.toHaveBeenCalled();
    expect(state.scope()).toMatchObject({ on: false, limit: 4, period: "week" });
  });

  it("accepts a Segmented option only once it is visible", () => {
    const state = new UiState(definition);
    state.set("on", true);
    const drawnSegmented = evaluateUiBlock(definition, state).nodes[2]!;
    expect(drawnSegmented.children.map((child) => child.props.value)).toEqual(["week", "year"]);
    expect(drawnSegmented.bindings.value!.set("year")).toBe(true);
    expect(state.value("period")).toBe("year");
  });

  it("does not change state from an incomplete input node, or without a state", () => {
    const state = new UiState(definition);
    const drawnField = evaluateUiBlock(definition, state).nodes[3]!;
    expect(drawnField.complete).toBe(false);
    expect(drawnField.bindings.value!.set("typed")).toBe(false);
    expect(state.value("note")).toBe("");
    const stateless = evaluateUiBlock(definition).nodes[0]!;
    expect(stateless.bindings.value!.set(true)).toBe(false);
  });

  it("falls back on a binding to something that is not state", () => {
    const local = blockBuilder();
    const node = local.element("Switch", { props: { label: "x" }, bindings: { value: "total" } });
    const evaluation = evaluateUiBlock(local.block([node], [local.computed("total", "true")]));
    expect(evaluation.nodes[0]!.type).toBe("#fallback");
    expect(evaluation.diagnostics).toMatchObject([{ code: "invalid_binding", nodeId: node.id }]);
  });

  it("turns a Choice's run into a local action that runs in the state, with Each locals", () => {
    const local = blockBuilder();
    const choice = local.element("Choice", { props: { id: "pick", label: "Pick" }, expressions: { run: "@Set($picked, row)" } });
    const reset = local.element("Choice", { props: { id: "reset", label: "Reset" }, expressions: { run: "@Reset()" } });
    const definition = local.block(
      [local.element("Choices", {}, [local.element("Each", { expressions: { items: '["a", "b"]' }, props: { as: "row" } }, [choice]), reset])],
      [local.state("picked", "")],
    );
    const state = new UiState(definition);
    const choices = evaluateUiBlock(definition, state).nodes[0]!.children;
    expect(choices.map((node) => node.props.run)).toEqual(["@Set($picked, row)", "@Set($picked, row)", "@Reset()"]);
    expect(choices[1]!.actions.run!.run()).toBe(true);
    expect(state.value("picked")).toBe("b");
    expect(choices[2]!.actions.run!.run()).toBe(true);
    expect(state.value("picked")).toBe("");
  });

  it("falls back on a Choice whose run is not an action, so it can never be sent", () => {
    const local = blockBuilder();
    const choice = local.element("Choice", { props: { id: "x", label: "X" }, expressions: { run: "$picked" } });
    const evaluation = evaluateUiBlock(local.block([local.element("Choices", {}, [choice])], [local.state("picked", "")]));
    expect(evaluation.nodes[0]!.children[0]!.type).toBe("#fallback");
    expect(evaluation.diagnostics).toMatchObject([{ code: "invalid_action", nodeId: choice.id }]);
  });
});

describe("evaluateUiBlock: bounds and hostile blocks", () => {
  it("turns a budget failure into diagnostics, never a throw", () => {
    const builder = blockBuilder();
    const nodes = Array.from({ length: 50 }, () => builder.element("Tag", {}, [builder.interpolation("@Count(@Map([1,2,3,4,5,6,7,8,9,10], i, i * 2))")]));
    const evaluation = evaluateUiBlock(builder.block(nodes), undefined, { steps: 300 });
    // Once the budget is spent the rest is shown unevaluated, without a diagnostic per node.
    expect(evaluation.nodes).toHaveLength(50);
    expect(evaluation.nodes.at(-1)!.type).toBe("#fallback");
    expect(evaluation.diagnostics.length).toBeGreaterThan(0);
    expect(evaluation.diagnostics.length).toBeLessThanOrEqual(2);
    expect(evaluation.diagnostics.every((diagnostic) => diagnostic.code.startsWith("budget_") || diagnostic.code === "too_many_diagnostics")).toBe(true);
  });

  it("caps the diagnostics and says how many were left out", () => {
    const builder = blockBuilder();
    const nodes = Array.from({ length: 30 }, () => builder.element("Hologram"));
    const evaluation = evaluateUiBlock(builder.block(nodes), undefined, { diagnostics: 10 });
    expect(evaluation.nodes).toHaveLength(30);
    expect(evaluation.diagnostics).toHaveLength(11);
    expect(evaluation.diagnostics[10]).toMatchObject({ code: "too_many_diagnostics" });
    expect(evaluation.diagnostics[10]!.message).toContain("20");
  });

  it("never throws on malformed blocks and ignores prototype keys and accessors in them", () => {
    const builder = blockBuilder();
    const getter = vi.fn(() => "secret");
    const hostileProps = JSON.parse('{"__proto__": {"tone": "danger"}, "title": "t"}');
    Object.defineProperty(hostileProps, "tone", { get: getter, enumerable: true });
    const hostile = builder.element("Callout", {}, [builder.text("x")]);
    (hostile as { props: unknown }).props = hostileProps;
    const broken = [
      null,
      42,
      { ...builder.element("Tag"), children: "not a list" },
      { ...builder.element("Tag"), props: null, expressions: [1] },
      hostile,
    ] as unknown as UiNode[];
    const evaluation = evaluateUiBlock(builder.block(broken));
    expect(getter).not.toHaveBeenCalled();
    expect(evaluation.nodes.map((node) => node.type)).toEqual(["Tag", "Tag", "#fallback"]);
    expect(evaluation.diagnostics).toMatchObject([{ code: "missing_prop", nodeId: hostile.id }]);
    expect(({} as Record<string, unknown>).tone).toBeUndefined();

    const notABlock = evaluateUiBlock(null as never);
    expect(notABlock.nodes).toHaveLength(1);
    expect(notABlock.nodes[0]!.type).toBe("#fallback");
    expect(notABlock.diagnostics).toHaveLength(1);
  });

  it("evaluates a large block quickly", () => {
    const builder = blockBuilder();
    const rows = Array.from({ length: 200 }, (_, index) => ({ name: `test ${index}`, ms: index, failed: index % 7 === 0 }));
    const nodes = [
      builder.element("Stats", {}, [
        builder.element("Stat", { props: { label: "Failed" }, expressions: { value: "@Count(@Filter($runs, run, run.failed))" } }),
      ]),
      builder.element("Table", { expressions: { rows: "$runs" } }, [builder.element("Column", { props: { field: "name" } })]),
      builder.element("EntityList", {}, [
        builder.element("Each", { expressions: { items: "$runs" }, props: { as: "run" } }, [
          builder.element("Entry", { expressions: { title: "run.name", tone: 'run.failed ? "danger" : "success"' } }, [
            builder.interpolation('run.ms + " ms"'),
            builder.element("File", { expressions: { path: '"tests/" + run.name + ".ts"' } }),
          ]),
        ]),
      ]),
    ];
    const definition = builder.block(nodes, [builder.state("runs", rows)]);
    const state = new UiState(definition);
    // Warm up the engine first; the time limit is lifted so a slow shared machine cannot fail the warm-up.
    evaluateUiBlock(definition, state, { elapsedMs: 60_000 });
    const started = performance.now();
    const evaluation = evaluateUiBlock(definition, state, { elapsedMs: 60_000 });
    const elapsed = performance.now() - started;
    expect(evaluation.diagnostics).toEqual([]);
    expect(flatten(evaluation.nodes)).toHaveLength(2 + 2 + 1 + 200 * 3);
    expect(elapsed).toBeLessThan(250);
    // Props are the schema's output: editing them cannot reach the state.
    const table = evaluation.nodes[1]!;
    (table.props.rows as { name: string }[])[0]!.name = "edited";
    expect((state.value("runs") as { name: string }[])[0]!.name).toBe("test 0");
  });
});
