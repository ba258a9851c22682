/** Provenance of evaluated values: which `@Query` variables each prop was computed from. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { compileUiBlock } from "../compile/compile-block";
import { UiState } from "../state/ui-state";
import { evaluateUiBlock } from "./evaluate-block";
import type { UiViewNode } from "./view-node";

const querySchemas = { tests: z.object({ branch: z.string() }), commits: z.object({ branch: z.string() }) };

function flatten(nodes: readonly UiViewNode[]): UiViewNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

function evaluate(source: string) {
  const block = compileUiBlock(source, { id: "block", querySchemas });
  expect(block.diagnostics).toEqual([]);
  const state = new UiState(block);
  state.setQuery("runs", [{ name: "login", ms: 120, failed: true }, { name: "search", ms: 80, failed: false }], block);
  return flatten(evaluateUiBlock(block, state).nodes);
}

describe("host data", () => {
  it("marks a prop read from a query, directly or through computed variables, and leaves typed values unmarked", () => {
    const nodes = evaluate(`$runs = @Query("tests", {branch: "main"})
$failed = @Filter($runs, run, run.failed)
$count = @Count($failed)
$target = 3
<Stats>
  <Stat label="Failed" value={$count}/>
  <Stat label="Target" value={$target}/>
  <Stat label="Typed" value={7}/>
</Stats>`);
    const stats = nodes.filter((node) => node.type === "Stat");
    expect(stats.map((node) => node.hostData)).toEqual([{ value: ["runs"] }, undefined, undefined]);
  });

  it("follows Each items into the locals of its children, and interpolated text", () => {
    const nodes = evaluate(`$runs = @Query("tests", {branch: "main"})
$shas = @Query("commits", {branch: "main"})
<Summary>{@Count($runs)} runs, {@Count($shas)} commits</Summary>
<EntityList>
  <Each items={$runs} as="run">
    <Entry title={run.name} subtitle={"typed"}/>
  </Each>
</EntityList>`);
    const texts = nodes.filter((node) => node.type === "#text" && node.hostData !== undefined);
    expect(texts.map((node) => [node.props.text, node.hostData])).toEqual([
      ["2", { text: ["runs"] }],
      ["0", { text: ["shas"] }],
    ]);
    const entries = nodes.filter((node) => node.type === "Entry");
    expect(entries).toHaveLength(2);
    for (const entry of entries) expect(entry.hostData).toEqual({ title: ["runs"] });
  });

  it("does not carry a query into a state variable an input edits", () => {
    const nodes = evaluate(`$runs = @Query("tests", {branch: "main"})
$name = "login"
<TextField label="Name" value={$name}/>
<Summary>{$name}</Summary>`);
    expect(nodes.some((node) => node.hostData !== undefined)).toBe(false);
  });
});
