import { describe, expect, it } from "vitest";
import { z } from "zod";
import { compileUiBlock } from "../compile/compile-block";
import type { UiBlock } from "../envelope/schema";
import { UiState } from "../state/ui-state";
import { evaluateUiBlock } from "./evaluate-block";
import { UI_MISSING_VALUE } from "./null-props";
import type { UiViewNode } from "./view-node";

const querySchemas = { tests: z.object({ branch: z.string() }) };

function compile(body: string): UiBlock {
  return compileUiBlock(body, { id: "live", final: true, querySchemas, now: () => 0 });
}

/** Every view node of a tree, depth first. */
function flatten(nodes: readonly UiViewNode[]): UiViewNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

const RUNS = [
  { name: "auth.login", failed: true, ms: 120, unit: "ms" },
  { name: "auth.logout", failed: false, ms: 80, unit: "ms" },
];

/** The build-status block a model writes: counts, a tone from a count, interpolated text, a table. */
const BUILD_STATUS = [
  '$runs = @Query("tests", {branch: "main"})',
  "$failed = @Filter($runs, run, run.failed)",
  "$slowest = @Sort($runs, \"ms\", \"desc\")[0]",
  "<Stats>",
  '  <Stat label="Tests" value={@Count($runs)}/>',
  '  <Stat label="Failed" value={@Count($failed)} tone={@Count($failed) > 0 ? "danger" : "success"}/>',
  '  <Stat label="Slowest" value={@Round($slowest.ms / 1000, 2)} unit={$slowest.unit}/>',
  "</Stats>",
  "<Summary>{@Count($failed)} of {@Count($runs)} tests failed on main.</Summary>",
  "<Table rows={$runs}>",
  '  <Column field="name"/>',
  "</Table>",
].join("\n");

function answered(block: UiBlock, rows: unknown): UiState {
  const state = new UiState(block);
  state.setQuery("runs", rows, block);
  return state;
}

describe("values over a query that has not answered", () => {
  it("are pending, never a count of zero or a tone, and raise no diagnostic", () => {
    const block = compile(BUILD_STATUS);
    expect(block.diagnostics).toEqual([]);
    const evaluation = evaluateUiBlock(block, new UiState(block));
    expect(evaluation.diagnostics).toEqual([]);
    const nodes = flatten(evaluation.nodes);
    const stats = nodes.filter((node) => node.type === "Stat" || node.props.type === "Stat");
    expect(stats).toHaveLength(3);
    for (const stat of stats) expect(stat.pending).toEqual(["runs"]);
    const texts = nodes.filter((node) => node.type === "#text" || node.props.type === "#text");
    // The two interpolations wait; the static text between them does not.
    expect(texts.filter((node) => node.pending !== undefined)).toHaveLength(2);
    expect(texts.filter((node) => node.pending === undefined).map((node) => node.props.text)).toEqual([" of ", " tests failed on main."]);
    const table = nodes.find((node) => node.type === "Table");
    expect(table?.pending).toEqual(["runs"]);
    expect(nodes.some((node) => node.type === "#fallback")).toBe(false);
  });

  it("show the real values once the host answers", () => {
    const block = compile(BUILD_STATUS);
    const evaluation = evaluateUiBlock(block, answered(block, RUNS));
    expect(evaluation.diagnostics).toEqual([]);
    const nodes = flatten(evaluation.nodes);
    expect(nodes.some((node) => node.pending !== undefined)).toBe(false);
    const stats = nodes.filter((node) => node.type === "Stat").map((node) => [node.props.value, node.props.tone, node.props.unit]);
    expect(stats).toEqual([
      [2, undefined, undefined],
      [1, "danger", undefined],
      [0.12, undefined, "ms"],
    ]);
  });

  it("on an empty answer show honest figures: a count of zero, a missing value as —, no error", () => {
    const block = compile(BUILD_STATUS);
    const evaluation = evaluateUiBlock(block, answered(block, []));
    expect(evaluation.diagnostics).toEqual([]);
    const nodes = flatten(evaluation.nodes);
    expect(nodes.some((node) => node.type === "#fallback" || node.type === "#pending")).toBe(false);
    const stats = nodes.filter((node) => node.type === "Stat").map((node) => [node.props.label, node.props.value, node.props.tone]);
    expect(stats).toEqual([
      ["Tests", 0, undefined],
      ["Failed", 0, "success"],
      // Stat's own schema takes a null value and draws it as —.
      ["Slowest", null, undefined],
    ]);
    // `unit={$slowest.unit}` on a missing row is an absent optional prop, not an error.
    expect(nodes.find((node) => node.props.label === "Slowest")?.props).not.toHaveProperty("unit");
    expect(nodes.find((node) => node.type === "Table")?.props.rows).toEqual([]);
  });

  it("a component whose props cannot be checked without the data waits as #pending instead of a fallback", () => {
    // `value` must be a number or text: a record read from the rows cannot be known before they arrive.
    const block = compile(['$runs = @Query("tests", {branch: "main"})', '<Progress value={$runs[0].ms} label="First"/>'].join("\n"));
    const waiting = evaluateUiBlock(block, new UiState(block));
    expect(waiting.diagnostics).toEqual([]);
    expect(waiting.nodes.map((node) => [node.type, node.pending])).toEqual([["Progress", ["runs"]]]);
    const wrong = compile(['$runs = @Query("tests", {branch: "main"})', "<Chart kind={$runs[0].kind} rows={$runs}/>"].join("\n"));
    const pending = evaluateUiBlock(wrong, new UiState(wrong));
    expect(pending.nodes.map((node) => [node.type, node.props.type])).toEqual([["#pending", "Chart"]]);
    expect(pending.diagnostics).toEqual([]);
    // Once answered, a real type error is a diagnostic again.
    const broken = evaluateUiBlock(wrong, answered(wrong, RUNS));
    expect(broken.nodes.map((node) => node.type)).toEqual(["#fallback"]);
    expect(broken.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["invalid_prop"]);
  });

  it("a Show on a condition over the data waits as one placeholder", () => {
    const block = compile(['$runs = @Query("tests", {branch: "main"})', "<Show when={@Count($runs) > 0}>", "  <Callout tone=\"danger\">Red</Callout>", "</Show>"].join("\n"));
    const waiting = evaluateUiBlock(block, new UiState(block));
    expect(waiting.nodes.map((node) => [node.type, node.props.type])).toEqual([["#pending", "Show"]]);
    expect(flatten(evaluateUiBlock(block, answered(block, RUNS)).nodes).map((node) => node.type)).toContain("Callout");
    expect(evaluateUiBlock(block, answered(block, [])).nodes).toEqual([]);
  });

  it("a panel that reads no query is unchanged", () => {
    const block = compile(['$n = 3', '<Stats><Stat label="Open" value={$n}/></Stats>'].join("\n"));
    const evaluation = evaluateUiBlock(block, new UiState(block));
    expect(flatten(evaluation.nodes).map((node) => [node.type, node.props.value, node.pending])).toEqual([
      ["Stats", undefined, undefined],
      ["Stat", 3, undefined],
    ]);
  });
});

describe("props that evaluate to null", () => {
  it("an optional prop is absent and a required display prop shows —", () => {
    const block = compile(['$row = {title: null}', "<Stats><Stat label={$row.title} value={$row.count} unit={$row.unit} tone={$row.tone}/></Stats>"].join("\n"));
    const evaluation = evaluateUiBlock(block, new UiState(block));
    expect(evaluation.diagnostics).toEqual([]);
    expect(evaluation.nodes[0]?.children[0]?.props).toEqual({ label: UI_MISSING_VALUE, value: null });
  });

  it("a required tone computed from a missing value is neutral", () => {
    const block = compile(['$change = null', '<Callout tone={$change > 0 ? "danger" : "success"} title="Errors">Since the release.</Callout>'].join("\n"));
    const evaluation = evaluateUiBlock(block, new UiState(block));
    expect(evaluation.diagnostics).toEqual([]);
    expect(evaluation.nodes.map((node) => [node.type, node.props.tone])).toEqual([["Callout", "neutral"]]);
  });

  it("a host link whose target is missing stands as the missing mark, not an error", () => {
    const block = compile(['$commits = @Query("tests", {branch: "main"})', "<Summary>Newest: <Commit sha={$commits[0].sha}/></Summary>"].join("\n"));
    const state = new UiState(block);
    state.setQuery("commits", [], block);
    const evaluation = evaluateUiBlock(block, state);
    expect(evaluation.diagnostics).toEqual([]);
    expect(flatten(evaluation.nodes).map((node) => [node.type, node.props.text])).toEqual([
      ["Summary", undefined],
      ["#text", "Newest: "],
      ["#text", UI_MISSING_VALUE],
    ]);
  });

  it("a prop that cannot stand for a missing value still fails the schema", () => {
    const block = compile(['$row = {kind: null}', '<Chart kind={$row.kind} rows={[{label: "a", n: 1}]}/>'].join("\n"));
    const evaluation = evaluateUiBlock(block, new UiState(block));
    expect(evaluation.nodes.map((node) => node.type)).toEqual(["#fallback"]);
    expect(evaluation.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["invalid_prop"]);
  });
});
