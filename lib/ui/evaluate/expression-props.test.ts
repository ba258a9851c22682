/**
 * Issue 13, point 6: which props accept `{expression}` and what null shows.
 * Every prop of every component may be an expression (only bindings and
 * actions have rules of their own); these cases are the ones models asked
 * about, compiled from source and evaluated.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { resolveUiChoice } from "../choice/resolve-choice";
import { compileUi } from "../compile/compile-ui";
import type { UiBlock } from "../envelope/schema";
import { UiFailure } from "../failure";
import { UiState } from "../state/ui-state";
import { evaluateUiBlock } from "./evaluate-block";
import type { UiViewNode } from "./view-node";

function compile(body: string): UiBlock {
  const querySchemas = { tests: z.object({ branch: z.string() }) };
  const [block] = compileUi(`\`\`\`ui\n${body}\n\`\`\``, { id: "props", final: true, querySchemas });
  if (!block) throw new Error("no block");
  return block;
}

function flatten(nodes: readonly UiViewNode[]): UiViewNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

const PANEL = `$failed = 2
$env = "staging"
<Steps>
  <Step title={"Deploy to " + $env} status={$failed > 0 ? "failed" : "done"}/>
</Steps>
<Stats>
  <Stat label={"Failed on " + $env} value={$failed} tone={$failed > 0 ? "danger" : "success"}/>
</Stats>
<Tag tone={$failed > 0 ? "warning" : "success"}>{$env}</Tag>
<Switch label={"Only " + $env} value={false}/>
<Choices>
  <Choice id="rerun" label={"Re-run " + $failed + " tests"} context={"Re-run the " + $failed + " failed tests on " + $env} disabled={$failed === 0}/>
</Choices>`;

describe("expression props", () => {
  it("Step status, Stat tone, Tag tone and labels evaluate like any prop", () => {
    const block = compile(PANEL.replace('value={false}', 'value={$only}').replace("$failed = 2", "$failed = 2\n$only = false"));
    expect(block.diagnostics).toEqual([]);
    const evaluation = evaluateUiBlock(block, new UiState(block));
    expect(evaluation.diagnostics).toEqual([]);
    const nodes = flatten(evaluation.nodes);
    const of = (type: string) => nodes.find((node) => node.type === type)?.props;
    expect(of("Step")).toEqual({ title: "Deploy to staging", status: "failed" });
    expect(of("Stat")).toEqual({ label: "Failed on staging", value: 2, tone: "danger" });
    expect(of("Tag")).toEqual({ tone: "warning" });
    expect(of("Switch")).toEqual({ label: "Only staging", value: false });
    expect(of("Choice")).toMatchObject({ label: "Re-run 2 tests", context: "Re-run the 2 failed tests on staging", disabled: false });
  });

  it("an evaluated status or tone outside its list is the element's fallback, not the block's", () => {
    const block = compile(`$s = "running"\n<Steps><Step title="a" status={$s}/><Step title="b"/></Steps>`);
    const evaluation = evaluateUiBlock(block, new UiState(block));
    expect(evaluation.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["invalid_prop"]);
    expect(flatten(evaluation.nodes).filter((node) => node.type === "Step")).toHaveLength(1);
  });

  it("a choice sends its evaluated context, and an evaluated disabled refuses it", () => {
    const block = compile(PANEL.replace("$failed = 2", "$failed = 0"));
    expect(() => resolveUiChoice(block, "rerun")).toThrow(new UiFailure("disabled_choice", "rerun"));
    const enabled = compile(PANEL);
    expect(resolveUiChoice(enabled, "rerun")).toMatchObject({ label: "Re-run 2 tests", context: "Re-run the 2 failed tests on staging" });
  });
});

describe("null display values (a query still loading)", () => {
  const LOADING = `$runs = @Query("tests", {branch: "main"})
<Stats>
  <Stat label="Slowest" value={@Max($runs, "ms")} unit="ms" delta={$runs[0].delta}/>
  <Stat label="First" value={$runs[0].name}/>
</Stats>
<Progress value={$runs[0].percent} label="Coverage"/>
<Summary>Latest: {@Format($runs[0].ms, "number")}</Summary>
<Table rows={$runs}><Column field="name"/></Table>`;

  it("evaluate without an error card, and text shows the dash", () => {
    const block = compile(LOADING);
    expect(block.diagnostics).toEqual([]);
    const evaluation = evaluateUiBlock(block, new UiState(block));
    expect(evaluation.diagnostics).toEqual([]);
    const nodes = flatten(evaluation.nodes);
    expect(nodes.some((node) => node.type === "#fallback")).toBe(false);
    expect(nodes.filter((node) => node.type === "Stat").map((node) => node.props.value)).toEqual([null, null]);
    expect(nodes.find((node) => node.type === "Progress")?.props.value).toBeNull();
    const summary = nodes.find((node) => node.type === "Summary")!;
    expect(summary.children.map((child) => child.props.text).join("")).toBe("Latest: —");
  });

  it("fill in once the host supplies the rows", () => {
    const block = compile(LOADING);
    const state = new UiState(block);
    state.setQuery("runs", [{ name: "login", ms: 1200, percent: 80, delta: "+12%" }], block);
    const nodes = flatten(evaluateUiBlock(block, state).nodes);
    expect(nodes.find((node) => node.type === "Stat")?.props).toMatchObject({ value: 1200, delta: "+12%" });
    expect(nodes.find((node) => node.type === "Progress")?.props.value).toBe(80);
    expect(nodes.find((node) => node.type === "Summary")!.children.map((child) => child.props.text).join("")).toBe("Latest: 1,200");
  });
});
