/**
 * State, evaluation, queries, choices and links on blocks the real compiler
 * produced from source, including every prefix of a streamed fence.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { resolveUiChoice } from "../choice/resolve-choice";
import { uiInputValues } from "../choice/input-values";
import { compileUi } from "../compile/compile-ui";
import { compileUiBlock } from "../compile/compile-block";
import type { UiBlock } from "../envelope/schema";
import { UiFailure } from "../failure";
import { uiLinkTargets } from "../link/link-targets";
import { uiQueryArguments } from "../query/query-arguments";
import { uiQueryFallback } from "../query/query-fallback";
import { UiState } from "../state/ui-state";
import { evaluateUiBlock } from "./evaluate-block";
import type { UiViewNode } from "./view-node";

const querySchemas = { tests: z.object({ branch: z.string(), limit: z.number().optional() }) };

/** The design page's example, with a limit slider and a file chip per failed run. */
const BUILD_STATUS = `$failedOnly = false
$limit = 20
$runs = @Query("tests", {branch: "main", limit: $limit})
$failed = @Filter($runs, run, run.failed)
<Stats>
  <Stat label="Failed" value={@Count($failed)} tone="danger"/>
  <Stat label="Total" value={@Count($runs)}/>
</Stats>
<Switch label="Failed only" value={$failedOnly}/>
<Slider label="Runs" min={10} max={50} step={10} value={$limit}/>
<Show when={$failedOnly}>
  <EntityList>
    <Each items={$failed} as="run">
      <Entry title={run.name} tone="danger"><File path={"tests/" + run.name + ".ts"}/></Entry>
    </Each>
  </EntityList>
</Show>
<Show when={!$failedOnly}>
  <Table rows={$runs}>
    <Column field="name" title="Test"/>
  </Table>
</Show>
<Choices>
  <Choice id="rerun" label="Re-run the failed tests" context="Only the failed tests, on main"/>
  <Choice id="clear" label="Clear the filter" run={@Reset($failedOnly)}/>
</Choices>`;

const RUNS = [
  { name: "login", failed: false, ms: 12 },
  { name: "checkout", failed: true, ms: 40 },
  { name: "search", failed: true, ms: 7 },
];

/**
 * A clock that never moves, for the compile budgets (block and reply): these
 * tests compare compiled and evaluated blocks, which a busy machine must not
 * change. Evaluation takes limits, not a clock: `UNTIMED` is a time limit no
 * run reaches.
 */
const STILL_CLOCK = () => 0;
const UNTIMED = { elapsedMs: 60_000 };

function compile(source = BUILD_STATUS, final = true): UiBlock {
  return compileUiBlock(source, { id: "reply", final, querySchemas, now: STILL_CLOCK });
}

function types(nodes: readonly UiViewNode[]): string[] {
  return nodes.map((node) => node.type);
}

describe("compiled blocks", () => {
  it("compile cleanly and evaluate from the declared defaults", () => {
    const block = compile();
    expect(block.diagnostics).toEqual([]);
    const state = new UiState(block, { now: STILL_CLOCK });
    expect(state.scope()).toEqual({ failedOnly: false, limit: 20, runs: null, failed: [] });
    const evaluation = evaluateUiBlock(block, state, UNTIMED);
    expect(types(evaluation.nodes)).toEqual(["Stats", "Switch", "Slider", "Table", "Choices"]);
    // Until the host answers, the query reads null, which the list helpers read as no rows: the figures show 0, not an error.
    expect(types(evaluation.nodes[0]!.children)).toEqual(["Stat", "Stat"]);
    expect(evaluation.nodes[0]!.children.map((stat) => stat.props.value)).toEqual([0, 0]);
    expect(evaluation.diagnostics).toEqual([]);
  });

  it("follow query data and bindings through computed values, Show and Each", () => {
    const block = compile();
    const state = new UiState(block, { now: STILL_CLOCK });
    state.setQuery("runs", RUNS, uiQueryArguments(block, "runs"));
    let evaluation = evaluateUiBlock(block, state, UNTIMED);
    expect(evaluation.diagnostics).toEqual([]);
    expect(evaluation.nodes[0]!.children.map((stat) => stat.props.value)).toEqual([2, 3]);

    expect(evaluation.nodes[1]!.bindings.value!.set(true)).toBe(true);
    evaluation = evaluateUiBlock(block, state, UNTIMED);
    expect(types(evaluation.nodes)).toEqual(["Stats", "Switch", "Slider", "EntityList", "Choices"]);
    const entries = evaluation.nodes[3]!.children;
    expect(entries.map((entry) => [entry.props.title, entry.id.endsWith("#0") || entry.id.endsWith("#1"), entry.sourceId !== undefined])).toEqual([
      ["checkout", true, true],
      ["search", true, true],
    ]);

    const clear = evaluation.nodes[4]!.children[1]!;
    expect(clear.actions.run!.run()).toBe(true);
    expect(state.value("failedOnly")).toBe(false);
  });

  it("serve the host: query arguments, choices, link targets and the fallback with data", () => {
    const block = compile();
    expect(uiQueryArguments(block, "runs", { limit: 30 }).arguments).toEqual({ branch: "main", limit: 30 });
    expect(() => uiQueryArguments(block, "runs", { limit: 35 })).toThrow(UiFailure);

    const state = new UiState(block, { now: STILL_CLOCK });
    state.set("failedOnly", true);
    const input = uiInputValues(block, state);
    expect(input).toEqual({ failedOnly: true, limit: 20 });
    expect(resolveUiChoice(block, "rerun", input, { runs: RUNS })).toEqual({
      id: "rerun",
      label: "Re-run the failed tests",
      context: "Only the failed tests, on main",
      values: { failedOnly: true, limit: 20 },
      shown: [
        { label: "Failed only", value: "yes" },
        { label: "Runs", value: "20" },
      ],
    });
    expect(() => resolveUiChoice(block, "clear", input)).toThrow(/only changes the panel/);

    state.setQuery("runs", RUNS, block);
    expect(uiLinkTargets(block, state).map((target) => target.target)).toEqual([
      { kind: "file", path: "tests/checkout.ts" },
      { kind: "file", path: "tests/search.ts" },
    ]);
    expect(uiLinkTargets(block, {})).toEqual([]);

    const fallback = uiQueryFallback(block, { runs: RUNS });
    expect(fallback).toContain("checkout");
    expect(fallback).not.toBe(block.fallback);
  });

  it("keep an edit across recompiles that leave its default alone, and reset it when the default changes", () => {
    const state = new UiState(compile(), { now: STILL_CLOCK });
    state.set("limit", 40);
    state.sync(compile(`${BUILD_STATUS}\n<Summary>More text</Summary>`));
    expect(state.value("limit")).toBe(40);
    state.sync(compile(BUILD_STATUS.replace("$limit = 20", "$limit = 30")));
    expect(state.value("limit")).toBe(30);
  });

  it("evaluate at every prefix of a streamed fence without throwing, keeping state in sync", () => {
    const reply = `Here is the build status.\n\n\`\`\`ui\n${BUILD_STATUS}\n\`\`\`\n`;
    let state: UiState | undefined;
    const seenTypes = new Map<string, string>();
    for (let length = 0; length <= reply.length; length += 1) {
      const [block] = compileUi(reply.slice(0, length), { id: "reply", querySchemas, now: STILL_CLOCK });
      if (!block) continue;
      if (state) state.sync(block);
      else state = new UiState(block, { now: STILL_CLOCK });
      const evaluation = evaluateUiBlock(block, state, UNTIMED);
      for (const node of evaluation.nodes) {
        const known = seenTypes.get(node.id);
        // An id keeps its meaning: once drawn as a component it stays that component (or its fallback while cut).
        if (known && known !== "#fallback" && node.type !== "#fallback") expect(node.type).toBe(known);
        if (node.type !== "#fallback") seenTypes.set(node.id, node.type);
      }
      if (length === reply.length) {
        expect(block.complete).toBe(true);
        state.setQuery("runs", RUNS, block);
        expect(evaluateUiBlock(block, state, UNTIMED).diagnostics).toEqual([]);
      }
    }
    expect(state!.stateNames()).toEqual(["failedOnly", "limit"]);
  });

  it("keep Tag and host-link chips written inline in Summary, Callout and Step text, and list their targets", () => {
    const block = compile(
      `<Summary>Broken since <Commit sha="9f2c1ab"/> in <File path="src/cart.ts" line={88}/>: <Tag tone="danger">checkout</Tag></Summary>\n<Callout tone="warning">See <Diff path="src/cart.ts" base="main"/>.</Callout>\n<Steps>\n  <Step title="Fix" status="active">Owned by <Node ref="team:payments"/></Step>\n</Steps>`,
    );
    expect(block.diagnostics).toEqual([]);
    const evaluation = evaluateUiBlock(block, new UiState(block, { now: STILL_CLOCK }), UNTIMED);
    expect(evaluation.diagnostics).toEqual([]);
    const [summary, callout, steps] = evaluation.nodes;
    expect(types(summary!.children)).toEqual(["#text", "Commit", "#text", "File", "#text", "Tag"]);
    expect(types(callout!.children)).toEqual(["#text", "Diff", "#text"]);
    expect(types(steps!.children[0]!.children)).toEqual(["#text", "Node"]);
    expect(uiLinkTargets(block, {}).map((target) => target.target)).toEqual([
      { kind: "commit", sha: "9f2c1ab" },
      { kind: "file", path: "src/cart.ts", line: 88 },
      { kind: "diff", path: "src/cart.ts", base: "main" },
      { kind: "node", ref: "team:payments" },
    ]);
    expect(block.fallback).toBe(
      "Broken since `9f2c1ab` in `src/cart.ts:88`: **checkout**\n\n> **Warning**\n>\n> See `diff src/cart.ts main..`.\n\n1. Fix (active) — Owned by `team:payments`",
    );
  });

  it("refuse to act on an unfinished stream", () => {
    const block = compile(BUILD_STATUS.slice(0, BUILD_STATUS.indexOf("<Choices>") + 40), false);
    expect(block.complete).toBe(false);
    expect(() => resolveUiChoice(block, "rerun")).toThrow(/not complete/);
  });
});
